/** Times typed by users: ISO dates (UTC unless a zone is given), epoch seconds or ms, or relative (`-2h`). */
import { usage } from '../errors.js';

const UNIT_SECONDS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86400, w: 604800 };

/** Epoch seconds of a user-typed time; `now` in ms. */
export function parseTime(text: string, name: string, now: number = Date.now()): number {
  const t = text.trim();
  if (t === 'now') return Math.floor(now / 1000);
  const rel = /^-([0-9]+)([smhdw])$/.exec(t);
  if (rel) return Math.floor(now / 1000) - Number(rel[1]) * UNIT_SECONDS[rel[2]!]!;
  if (/^[0-9]{1,11}$/.test(t)) return Number(t);
  if (/^[0-9]{12,14}$/.test(t)) return Math.floor(Number(t) / 1000);
  if (/^[0-9]{4}-[0-9]{2}-[0-9]{2}([T ][0-9]{2}:[0-9]{2}(:[0-9]{2}(\.[0-9]+)?)?)?(Z|[+-][0-9]{2}:?[0-9]{2})?$/.test(t)) {
    const zoned = /(Z|[+-][0-9]{2}:?[0-9]{2})$/.test(t) && t.length > 10;
    const ms = Date.parse(zoned ? t.replace(' ', 'T') : `${t.replace(' ', 'T')}${t.length === 10 ? 'T00:00:00' : ''}Z`);
    if (Number.isFinite(ms)) return Math.floor(ms / 1000);
  }
  throw usage(`${name}: '${text}' is not a time (give 2026-11-01, 2026-11-01T10:00Z, epoch seconds, or relative like -2h, -3d)`);
}
