/** `bm api` fields of a catalogue write, checked against the entry's parameters before anything is sent. */
import type { Endpoint } from '../api/catalogue/types.js';
import type { Params } from '../api/client.js';
import type { Context } from '../context.js';
import { BmError, usage } from '../errors.js';
import { checkValue, label } from '../core/usecases/params.js';

/**
 * Known parameters typed as text are checked (their type, allowed values, exactly as the venue takes
 * them); required ones must be there.
 */
export function checkFields(ctx: Context, ep: Endpoint, params: Params): void {
  const byName = new Map(ep.params.filter((p) => !p.local).map((p) => [p.name, p]));
  for (const [k, v] of params) {
    const p = byName.get(k);
    if (!p) {
      if (!ep.shapeUnknown) ctx.note(`bm: ${k} is not a parameter of ${ep.method} ${ep.path} in the catalogue: sent as given`);
      continue;
    }
    if (typeof v !== 'string') continue;
    let wire: unknown;
    try {
      wire = checkValue(p, v);
    } catch (err) {
      if (err instanceof BmError) throw usage(err.message.replace(label(p), `-f ${k}`));
      throw err;
    }
    // Fields go as given: a word the commands would translate (`open` for 9, `BUY` for buy) is refused here, naming what the venue takes.
    if (p.values && String(wire) !== v) throw usage(`-f ${k}=${v}: ${ep.method} ${ep.path} takes ${String(wire)} here (bm api sends fields as given)`, `give -f ${k}=${String(wire)}`);
  }
  const given = new Set(params.map(([k]) => k));
  const missing = [...byName.values()].filter((p) => p.required && !given.has(p.name));
  if (missing.length) throw usage(`${missing.map((p) => `-f ${p.name}=...`).join(', ')}: required by ${ep.method} ${ep.path} (${missing.map((p) => p.description).join('; ')})`);
}
