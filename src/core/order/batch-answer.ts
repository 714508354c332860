/**
 * Reading a batch answer. Two shapes are documented (facts.md 5): `data.responses`, one
 * `{code, msg, data:{order_id}}` per order in request order, and `data.order_ids`, the ids of the
 * orders placed when all were. Anything else proves nothing about any order: those are unknown and
 * must be looked up by client order id.
 */
import { scalarText } from '../../util/json.js';

/** One order's reading: placed with its id, refused with the venue's code and message, or not proven. */
export type Reading =
  | { result: 'placed'; order_id: unknown; code: string; message: string }
  | { result: 'failed'; code: string; message: string }
  | { result: 'unknown' };

const OK = new Set(['0', '1000']);

function isId(v: unknown): boolean {
  return /^[0-9]+$/.test(scalarText(v));
}

/** The readings of a request of `count` orders from its `data`; all unknown when the shape is not one of the two. */
export function readBatchAnswer(data: unknown, count: number): Reading[] {
  const unknown = (): Reading[] => Array.from({ length: count }, () => ({ result: 'unknown' }));
  if (!data || typeof data !== 'object') return unknown();
  let d = data as { responses?: unknown; order_ids?: unknown; code?: unknown; data?: unknown };
  // Read also as an envelope left inside data: {code: 0, msg, data: {order_ids}}.
  if (d.responses === undefined && d.order_ids === undefined && d.data && typeof d.data === 'object' && OK.has(scalarText(d.code ?? ''))) d = d.data as typeof d;
  if (Array.isArray(d.responses)) {
    if (d.responses.length !== count) return unknown();
    return d.responses.map((r): Reading => {
      if (!r || typeof r !== 'object') return { result: 'unknown' };
      const x = r as { code?: unknown; msg?: unknown; message?: unknown; data?: { order_id?: unknown } };
      const code = x.code === undefined ? '' : scalarText(x.code);
      const message = scalarText(x.msg ?? x.message ?? '');
      if (OK.has(code) && isId(x.data?.order_id)) return { result: 'placed', order_id: x.data!.order_id, code, message };
      if (code !== '' && !OK.has(code)) return { result: 'failed', code, message };
      return { result: 'unknown' };
    });
  }
  if (Array.isArray(d.order_ids)) {
    if (d.order_ids.length !== count || !d.order_ids.every(isId)) return unknown();
    return d.order_ids.map((id): Reading => ({ result: 'placed', order_id: id, code: '', message: '' }));
  }
  return unknown();
}
