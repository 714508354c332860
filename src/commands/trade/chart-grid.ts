/**
 * The candle chart's grid: candles scaled to exact integers once, their rows worked out for a range,
 * and each row of the chart made in one pass over the columns into character codes.
 */
import { SGR } from '../../render/live.js';
import { dec } from '../../util/decimal.js';
import type { Candle } from './state.js';
import { escapes, type Style } from './text.js';

/**
 * A candle's open, high, low and close as integers of 10^-scale, parsed once (a push replaces only the
 * newest candle): as bigints, and as doubles too when every one is a safe integer (a pair's prices at
 * its own precision always are), for the row arithmetic below.
 */
export interface Scaled {
  readonly scale: number;
  readonly v: readonly [open: bigint, high: bigint, low: bigint, close: bigint];
  readonly n: readonly [open: number, high: number, low: number, close: number] | undefined;
}
const SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/**
 * One chart's candles, scaled: each candle's places and integers worked out once and kept with the
 * candle (a push replaces only the newest), by the chart that draws them.
 */
export class Scales {
  private readonly scaledOf = new WeakMap<Candle, Scaled>();
  private readonly placesByCandle = new WeakMap<Candle, number>();

  /** Decimal places of a candle's prices (the most of its four). */
  places(c: Candle): number {
    let n = this.placesByCandle.get(c);
    if (n !== undefined) return n;
    n = 0;
    for (let i = 1; i <= 4; i++) {
      const t = c[i] as string;
      const dot = t.indexOf('.');
      if (dot >= 0) n = Math.max(n, t.length - dot - 1);
    }
    this.placesByCandle.set(c, n);
    return n;
  }

  /** The candle at `scale` places: small integers (a pair's own precision), so the scaling below is cheap. */
  at(c: Candle, scale: number): Scaled {
    const hit = this.scaledOf.get(c);
    if (hit?.scale === scale) return hit;
    const units = (text: string) => {
      const d = dec(text);
      return d.units * 10n ** BigInt(Math.max(0, scale - d.scale));
    };
    const v = [units(c[1]), units(c[2]), units(c[3]), units(c[4])] as const;
    const safe = v.every((x) => x <= SAFE && x >= -SAFE);
    const s = { scale, v, n: safe ? ([Number(v[0]), Number(v[1]), Number(v[2]), Number(v[3])] as const) : undefined };
    this.scaledOf.set(c, s);
    return s;
  }
}

/** Spans below this divide exactly in doubles (a quotient under a screen's height, integers far under 2^53). */
const SAFE_SPAN = 2n ** 40n;

/**
 * Grid rows of a candle's high, low and body (0 at the chart's high): the same integer division as the
 * one-shot chart's. Row indexes, never amounts: in doubles when they are exact, as they are for any
 * pair's prices at its own precision (a rescale works out every column again, often).
 */
function rowsOf(c: Scaled, lo: bigint, hi: bigint, gh: number, out: Int32Array, at: number): boolean {
  const v = c.v;
  const up = v[3] >= v[0];
  const span = hi - lo;
  if (span === 0n) {
    out.fill(Math.floor(gh / 2), at, at + 4);
    return up;
  }
  const n = c.n;
  if (span < SAFE_SPAN && n && hi <= SAFE && lo >= -SAFE) {
    const nhi = Number(hi);
    const k = gh - 1;
    const nspan = Number(span);
    out[at] = Math.floor(((nhi - n[1]) * k) / nspan);
    out[at + 1] = Math.floor(((nhi - n[2]) * k) / nspan);
    out[at + 2] = Math.floor(((nhi - (up ? n[3] : n[0])) * k) / nspan);
    out[at + 3] = Math.floor(((nhi - (up ? n[0] : n[3])) * k) / nspan);
    return up;
  }
  out[at] = rowAt(v[1], lo, hi, gh);
  out[at + 1] = rowAt(v[2], lo, hi, gh);
  out[at + 2] = rowAt(up ? v[3] : v[0], lo, hi, gh);
  out[at + 3] = rowAt(up ? v[0] : v[3], lo, hi, gh);
  return up;
}

/** Grid row of a level (scaled integer), 0 at `hi`, for prices beyond doubles' exact integers. */
export function rowAt(level: bigint, lo: bigint, hi: bigint, gh: number): number {
  const span = hi - lo;
  if (span < SAFE_SPAN) return Math.floor((Number(hi - level) * (gh - 1)) / Number(span));
  return Number(((hi - level) * BigInt(gh - 1)) / span);
}

const WICK = 0x2502; // │
const BODY_UP = 0x2503; // ┃
const BODY_DOWN = 0x2551; // ║
const SPACE = 0x20;
/** The escapes around a piece styled by `style`, as character codes: the chart's runs are styled as every pane's. */
const around = (style: NonNullable<Style>) => escapes(style).map((e) => Array.from(e, (ch) => ch.charCodeAt(0)));
const [GREEN_ON = [], FG_OFF = []] = around(SGR.green);
const [RED_ON = []] = around(SGR.red);

/** Copies `codes` into `buf` at `k`; where they end. */
function put(buf: Uint16Array, k: number, codes: readonly number[]): number {
  for (let i = 0; i < codes.length; i++) buf[k++] = codes[i]!;
  return k;
}

/**
 * Columns of candles as grid rows: for each column its high, low, body top and body bottom rows, and
 * whether it closed up. Each row of the chart is then one pass over the columns into a buffer of
 * character codes, styled by runs (a styled glyph each would be many escapes) exactly as the colour
 * helpers style them, and made a string once.
 */
export class Grid {
  private rows = new Int32Array(0);
  private up = new Uint8Array(0);
  private buf = new Uint16Array(0);
  count = 0;

  /** Works out the rows of `cols` candles for a chart from `lo` to `hi` over `gh` rows. */
  set(cols: readonly Scaled[], lo: bigint, hi: bigint, gh: number): this {
    const n = cols.length;
    if (this.up.length < n) (this.rows = new Int32Array(n * 4)), (this.up = new Uint8Array(n));
    for (let i = 0; i < n; i++) this.up[i] = rowsOf(cols[i]!, lo, hi, gh, this.rows, i * 4) ? 1 : 0;
    this.count = n;
    // Each cell one code, at most a style's end and a style's start before it, and an end after the last.
    const room = (n + 1) * (1 + FG_OFF.length + Math.max(GREEN_ON.length, RED_ON.length));
    if (this.buf.length < room) this.buf = new Uint16Array(room);
    return this;
  }

  /** Row `y` of columns `from` to `to`, styled when `color`. */
  line(y: number, color: boolean, from = 0, to = this.count): string {
    const { rows, up, buf } = this;
    let k = 0;
    /** 0: no style, 1: green, 2: red. */
    let style = 0;
    for (let i = from; i < to; i++) {
      const r = i * 4;
      const inside = y >= rows[r]! && y <= rows[r + 1]!;
      const want = inside ? (up[i] ? 1 : 2) : 0;
      if (color && want !== style) {
        if (style) k = put(buf, k, FG_OFF);
        if (want) k = put(buf, k, want === 1 ? GREEN_ON : RED_ON);
        style = want;
      }
      buf[k++] = !inside ? SPACE : y >= rows[r + 2]! && y <= rows[r + 3]! ? (up[i] ? BODY_UP : BODY_DOWN) : WICK;
    }
    if (color && style) k = put(buf, k, FG_OFF);
    return String.fromCharCode.apply(null, buf.subarray(0, k) as unknown as number[]);
  }
}
