/**
 * Keep-alive of spec 6.4. The venue closes a connection it has not heard from for 20 s, so we send the
 * text `ping` `pingAfterMs` after our last frame; if nothing at all arrives within `pongTimeoutMs` of
 * that ping, the connection is presumed dead.
 */
export class Heartbeat {
  private pingTimer: NodeJS.Timeout | undefined;
  private pongTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly ping: () => void,
    private readonly dead: () => void,
    /** ms of silence on our side before pinging (below the venue's 20 s). */
    readonly pingAfterMs = 15_000,
    /** ms to wait for any frame after a ping. */
    readonly pongTimeoutMs = 15_000,
  ) {}

  /** We sent a frame: the ping waits for our next silence. */
  sent(): void {
    clearTimeout(this.pingTimer);
    this.pingTimer = setTimeout(() => {
      this.ping();
      this.pongTimer ??= setTimeout(() => {
        this.pongTimer = undefined;
        this.dead();
      }, this.pongTimeoutMs);
    }, this.pingAfterMs);
  }

  /** A frame arrived: the connection is alive. */
  received(): void {
    clearTimeout(this.pongTimer);
    this.pongTimer = undefined;
  }

  stop(): void {
    clearTimeout(this.pingTimer);
    clearTimeout(this.pongTimer);
    this.pingTimer = this.pongTimer = undefined;
  }
}
