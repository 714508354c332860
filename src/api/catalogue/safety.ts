/**
 * How the current generation's writes prove their outcome (read by the careful-write pipeline):
 * the client order id, the lookup of an unknown outcome, what an answer and a found order prove.
 * Order statuses are spec 3's, named in vocab.ts.
 */
import type { Verdict, WriteSafety } from './types.js';
import { codesOfLife } from './statuses.js';

const CLIENT_ID_FIELD = ['clientOrderId', 'client_order_id'] as const;
/** Not-found answers of the order lookup: the order does not exist (yet). */
const NOT_FOUND = ['50005', '50032'] as const;

/** What a found order says about a cancel of it. */
const CANCEL_VERDICTS: readonly Verdict[] = [
  { when: { field: 'status', values: codesOfLife('cancelled') }, outcome: 'done', say: 'cancelled' },
  { when: { field: 'status', values: codesOfLife('filled') }, outcome: 'settled', say: 'not cancelled: already filled' },
  { when: { field: 'status', values: codesOfLife('failed') }, outcome: 'settled', say: 'not cancelled: the order had failed' },
];

/** POST /spot/v2/submit_order. */
export const PLACE: WriteSafety = {
  confirm: 'Place {type} {side} order on {symbol}[: size {size}][, price {price}][, notional {notional}][, client order id {client_order_id}]',
  clientId: { param: 'client_order_id', kind: 'alnum' },
  answer: [{ when: { field: 'order_id' }, outcome: 'done', say: 'placed' }],
  lookup: {
    endpoint: 'spot.order.detail',
    by: [[['symbol', 'symbol'], ['clientOrderId', 'client_order_id']]],
    // Only our client order id proves the order is ours: a venue that answers with another is not proof.
    match: [[CLIENT_ID_FIELD, 'client_order_id']],
    expect: 'one',
    verdicts: [
      { when: { field: 'status', values: codesOfLife('failed') }, outcome: 'settled', say: 'placed, then failed' },
      { outcome: 'done', say: 'placed' },
    ],
    notFound: NOT_FOUND,
  },
};

/** POST /spot/v3/cancel_order and /spot/v2/cancel_order: a cancel may be sent again. */
export const CANCEL: WriteSafety = {
  confirm: 'Cancel order[ {order_id}][ with client order id {client_order_id}] on {symbol}',
  resend: 2,
  answer: [
    { when: { field: 'result', values: ['true'] }, outcome: 'done', say: 'cancelled' },
    { when: { field: 'result', values: ['false'] }, outcome: 'settled', say: 'not cancelled: already filled or cancelled' },
  ],
  settledBy: [['50030', 'not cancelled: already cancelled'], ['50031', 'not cancelled: already filled']],
  lookup: {
    endpoint: 'spot.order.detail',
    by: [[['symbol', 'symbol'], ['order_id', 'order_id']], [['symbol', 'symbol'], ['clientOrderId', 'client_order_id']]],
    match: [['order_id', 'order_id'], [CLIENT_ID_FIELD, 'client_order_id']],
    expect: 'one',
    verdicts: CANCEL_VERDICTS,
    notFound: NOT_FOUND,
  },
};

/** POST /spot/v1/cancel_orders: proven when no open order of the pair (and side) is left. */
export const CANCEL_ALL: WriteSafety = {
  confirm: 'Cancel every open[ {side}] order[ on {symbol}]',
  resend: 1,
  answer: [{ outcome: 'done', say: 'cancelled' }],
  lookup: {
    endpoint: 'spot.orders',
    by: [[['symbol', 'symbol'], ['N', '=100'], ['status', '=9']]],
    match: [['side', 'side']],
    expect: 'none',
    verdicts: [{ outcome: 'done', say: 'cancelled' }],
  },
};

/** POST /contract/v1/ifcontract/submitOrder: no order query in the spec, so an unknown outcome stays unknown. */
export const CONTRACT_ORDER: WriteSafety = {
  confirm: 'Submit contract order: contract {contract_id}, way {way}, {vol} contracts at {price}, leverage {leverage}[, custom id {custom_id}]',
  clientId: { param: 'custom_id', kind: 'digits' },
  answer: [{ when: { field: 'order_id' }, outcome: 'done', say: 'placed' }],
};

/** POST /spot/v2/batch_orders: each line carries its own client order id and is looked up by it. */
export const BATCH: WriteSafety = {
  confirm: 'Place a batch of orders[ on {symbol}]',
  // A line is a place request: its id has the place's name (as `bm order batch` sends it).
  clientId: { param: 'client_order_id', kind: 'alnum' },
  lines: 'order_params',
  // Either documented answer shape is the venue's word on every line (printed as it came).
  answer: [{ outcome: 'done', say: 'answered' }],
  lookup: {
    endpoint: 'spot.order.detail',
    by: PLACE.lookup!.by,
    match: PLACE.lookup!.match,
    expect: 'one',
    verdicts: PLACE.lookup!.verdicts!,
    notFound: NOT_FOUND,
  },
};
