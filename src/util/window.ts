/** A sliding-window counter: at most `limit` events per `spanMs`. */
export class Window {
  private times: number[] = [];
  constructor(
    readonly spanMs: number,
    readonly limit: number,
    private readonly now: () => number = Date.now,
  ) {}

  private prune(): void {
    const edge = this.now() - this.spanMs;
    while (this.times.length && this.times[0]! <= edge) this.times.shift();
  }

  /** True when one more event fits now. */
  free(): boolean {
    this.prune();
    return this.times.length < this.limit;
  }

  add(): void {
    this.times.push(this.now());
  }

  /** Events inside the window now. */
  count(): number {
    this.prune();
    return this.times.length;
  }

  /** ms until one more event fits (0 when it fits now). */
  waitMs(): number {
    this.prune();
    return this.times.length < this.limit ? 0 : this.times[0]! + this.spanMs - this.now() + 1;
  }
}
