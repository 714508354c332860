/**
 * Addresses blocked for repeated rate-limit violations (spec 8.1 "the IP may then be blocked (418)",
 * facts.md 5b and 6: 418/30017). More than {@link VIOLATIONS} answers of 429 to one address within
 * a minute block it for {@link BLOCK_MS}: every request, WebSocket upgrades too, is then 418/30017.
 * A client that honours the limits never gets there.
 */
import { custom } from '../../api/catalogue/limits.js';
import { SlidingWindows } from '../../util/ratelimit.js';
import { scaled, type LimitFactor } from '../limits-mode.js';

/** 429s one address may get within {@link VIOLATION_WINDOW_MS} before it is blocked. */
export const VIOLATIONS = 20;
export const VIOLATION_WINDOW_MS = 60_000;
/** How long a block lasts, ms. */
export const BLOCK_MS = 60_000;

export class IpBlocks {
  private readonly strikes = new Map<string, SlidingWindows>();
  private readonly until = new Map<string, number>();

  /** `factor` scales the violations allowed (Infinity: never blocks). */
  constructor(private readonly factor: LimitFactor = 1) {}

  /** True while `ip` is blocked at `now` (ms). */
  blocked(ip: string, now: number): boolean {
    const end = this.until.get(ip);
    if (end === undefined) return false;
    if (now < end) return true;
    this.until.delete(ip);
    return false;
  }

  /** `ip` was answered 429 at `now`. */
  violated(ip: string, now: number): void {
    if (this.factor === Number.POSITIVE_INFINITY) return;
    let w = this.strikes.get(ip);
    if (!w) this.strikes.set(ip, (w = new SlidingWindows(custom('IP', scaled(VIOLATIONS, this.factor), VIOLATION_WINDOW_MS))));
    if (w.take(now) > 0) {
      this.until.set(ip, now + BLOCK_MS);
      this.strikes.delete(ip);
    }
  }
}
