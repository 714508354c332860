/**
 * Writes that carry a list of orders (a batch, the catalogue's `lines`): every line gets its own client
 * order id, and an unknown outcome is looked up line by line by those ids; nothing is sent again.
 */
import type { Verdict, WriteSafety } from '../../api/catalogue/types.js';
import type { Params } from '../../api/client.js';
import type { Row } from '../../util/row.js';
import { parseJson, stringifyJson } from '../../util/json.js';
import type { WriteChannel, WriteEntry } from './channel.js';
import { newClientOrderId, newNumericId } from './client-id.js';
import { lookUp, type LookupResult } from './lookup.js';

type Line = Record<string, unknown>;

/** The lines as sent: the list itself, or JSON text of it; undefined when the value is neither. */
function linesIn(value: unknown): { lines: Line[]; text: boolean } | undefined {
  let v = value;
  const text = typeof v === 'string';
  if (text) {
    try {
      v = parseJson(v as string);
    } catch {
      return undefined;
    }
  }
  if (!Array.isArray(v) || !v.every((l) => l !== null && typeof l === 'object' && !Array.isArray(l))) return undefined;
  return { lines: v as Line[], text };
}

/** The parameters with a client order id in every line that has none (the user's own are kept). */
export function withLineIds(params: Params, safety: WriteSafety): Params {
  const name = safety.lines;
  const id = safety.clientId;
  if (!name || !id) return params;
  return params.map(([k, v]) => {
    const got = k === name ? linesIn(v) : undefined;
    if (!got) return [k, v] as const;
    const lines = got.lines.map((l) => (l[id.param] !== undefined && l[id.param] !== '' ? l : { ...l, [id.param]: id.kind === 'digits' ? newNumericId() : newClientOrderId() }));
    return [k, got.text ? stringifyJson(lines) : lines] as const;
  });
}

/** One line as a write of its own: the request's other parameters, then the line's fields. */
function lineParams(params: Params, name: string, line: Line): Params {
  return [...params.filter(([k]) => k !== name), ...Object.entries(line)];
}

export type LinesFinding =
  | { readonly proven: true; readonly rows: readonly Row[]; readonly verdict: Verdict }
  | { readonly proven: false; readonly line: number; readonly found: LookupResult; readonly provenLines: number };

/** Looks every line up by its client order id (reads only); proven when each line is. */
export async function lookUpLines<E extends WriteEntry>(
  ch: WriteChannel<E>, safety: WriteSafety, params: Params, window: { readonly from: number; readonly to: number }, sleep: (ms: number) => Promise<void>,
): Promise<LinesFinding> {
  const name = safety.lines!;
  const lines = linesIn(params.find(([k]) => k === name)?.[1])?.lines ?? [];
  const rows: Row[] = [];
  const says: string[] = [];
  for (const [i, line] of lines.entries()) {
    const found = await lookUp(ch, safety.lookup!, lineParams(params, name, line), window, sleep);
    if (found.finding.kind !== 'proven') return { proven: false, line: i + 1, found, provenLines: rows.length };
    rows.push(found.finding.row);
    says.push(`${i + 1}: ${found.finding.verdict.say}`);
  }
  if (!lines.length) return { proven: false, line: 0, found: { finding: { kind: 'failed', error: new Error(`no lines in ${name} to look up`) } }, provenLines: 0 };
  return { proven: true, rows, verdict: { outcome: 'done', say: `every line looked up (${says.join('; ')})` } };
}
