/**
 * The later order writes (v4 batch, cancel by ids, cancel all) on the same engine as the spec's: an
 * order placed by the v2 submit is cancelled here, and the other way round.
 */
import { endpoint } from '../../api/catalogue/index.js';
import { scalarText } from '../../util/json.js';
import { ExchangeError, type PlaceRequest } from '../exchange-api.js';
import { validateOrder } from '../engine/validate.js';
import { pairSpec } from '../engine/pairs.js';
import { fail } from '../errors.js';
import { accountOf, pairOf, type Call, type Handler } from './call.js';
import { checkParams } from './params.js';
import { MAX_BATCH, placeRequest, SPOT_ROUTES } from './routes-spot.js';

function isLine(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/**
 * A batch line as a placement of the pair: its client order id under either spelling (`clientOrderId`
 * as documented, `client_order_id` as ccxt sends it), its figures checked as a single order's are.
 */
function lineRequest(c: Call, line: unknown): PlaceRequest {
  if (!isLine(line)) throw fail(50028);
  const { clientOrderId, client_order_id: snake, symbol: _ignored, ...rest } = line;
  const cid = clientOrderId ?? snake;
  const raw = { ...rest, symbol: c.q.symbol, ...(cid !== undefined && cid !== null ? { client_order_id: cid } : {}) };
  const q = checkParams(endpoint('spot.order.submit'), raw, c.strict ?? false);
  const req = placeRequest(c, q);
  validateOrder(pairSpec(req.symbol)!, req);
  return req;
}

/**
 * All or nothing as far as the venue's checks go: every line is read and checked (figures, pair rules,
 * client order ids unique in the batch and in the account) before the first is placed.
 */
function batch(c: Call) {
  const sym = pairOf(c).details.symbol;
  const list = c.raw.orderParams;
  if (!Array.isArray(list) || list.length === 0 || list.length > MAX_BATCH) throw fail(50033);
  const reqs = list.map((line) => lineRequest(c, line));
  const account = accountOf(c).id;
  const cids = reqs.flatMap((r) => (r.client_order_id ? [r.client_order_id] : []));
  if (new Set(cids).size !== cids.length || cids.some((id) => c.ex.order(account, sym, { client_order_id: id }))) throw fail(50042);
  const orderIds = reqs.map((r) => c.ex.placeOrder(account, r).order_id);
  return { code: 0, msg: 'success', data: { orderIds } };
}

/** Ids as sent (strings, or numbers as ccxt may pass them); at most 10. */
function idList(v: unknown): string[] | undefined {
  if (v === undefined || v === null) return undefined;
  if (!Array.isArray(v) || v.length > MAX_BATCH) throw fail(50033);
  return v.map((x) => scalarText(x));
}

function cancelMany(c: Call) {
  const sym = pairOf(c).details.symbol;
  const ids = idList(c.raw.orderIds);
  const cids = idList(c.raw.clientOrderIds);
  type Ref = { order_id?: string; client_order_id?: string };
  const refs = ids?.length ? ids.map((id) => ({ id, ref: { order_id: id } as Ref })) : cids?.length ? cids.map((id) => ({ id, ref: { client_order_id: id } as Ref })) : undefined;
  if (!refs) throw fail(50039);
  const successIds: string[] = [];
  const failIds: string[] = [];
  for (const { id, ref } of refs) {
    try {
      if (ref.order_id !== undefined && !/^[0-9]{1,20}$/.test(ref.order_id)) throw fail(50032);
      c.ex.cancelOrder(accountOf(c).id, sym, ref);
      successIds.push(id);
    } catch (err) {
      if (!(err instanceof ExchangeError)) throw err;
      failIds.push(id);
    }
  }
  return { successIds, failIds, totalCount: refs.length, successCount: successIds.length, failedCount: failIds.length };
}

export const V4_WRITE_ROUTES: Record<string, Handler> = {
  'later.v4.batch': batch,
  'later.v4.cancel': cancelMany,
  // The spec's cancel-all takes the same symbol (optional) and side and answers the same empty object.
  'later.v4.cancel_all': SPOT_ROUTES['spot.order.cancel_all']!,
};
