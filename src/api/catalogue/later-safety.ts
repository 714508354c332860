/**
 * How the later endpoints' writes prove their outcome (the careful-write pipeline reads these as it reads
 * ./safety.ts): v4 batch lines are looked up by their client order ids on the v4 query, a v4 cancel-all by
 * the open orders left, a withdrawal has no read to look it up by, so an unknown outcome stays unknown.
 */
import type { WriteSafety } from './types.js';

const NOT_FOUND = ['50005', '50032'] as const;

/** POST /spot/v4/batch_orders: each line carries its client order id (`clientOrderId`). */
export const V4_BATCH: WriteSafety = {
  confirm: 'Place a batch of orders on {symbol}',
  clientId: { param: 'clientOrderId', kind: 'alnum' },
  lines: 'orderParams',
  answer: [{ when: { field: 'code', values: ['0'] }, outcome: 'done', say: 'placed' }],
  lookup: {
    endpoint: 'later.v4.client-order',
    by: [[['clientOrderId', 'clientOrderId']]],
    match: [['clientOrderId', 'clientOrderId']],
    expect: 'one',
    verdicts: [{ outcome: 'done', say: 'placed' }],
    notFound: NOT_FOUND,
  },
};

/** POST /spot/v4/cancel_orders: the answer lists what was cancelled and what was not. */
export const V4_CANCEL: WriteSafety = {
  confirm: 'Cancel orders[ {orderIds}][ with client order ids {clientOrderIds}] on {symbol}',
  resend: 1,
  answer: [
    { when: { field: 'failedCount', values: ['0'] }, outcome: 'done', say: 'cancelled' },
    { when: { field: 'successIds' }, outcome: 'settled', say: 'not every order cancelled: see failIds (already over, or unknown)' },
  ],
};

/** POST /spot/v4/cancel_all: proven when no open order of the pair (or of any pair) and side is left. */
export const V4_CANCEL_ALL: WriteSafety = {
  confirm: 'Cancel every open[ {side}] order[ on {symbol}]',
  resend: 1,
  answer: [{ outcome: 'done', say: 'cancelled' }],
  lookup: {
    endpoint: 'later.v4.open-orders',
    by: [[['symbol', 'symbol'], ['limit', '=200']], [['limit', '=200']]],
    match: [['side', 'side']],
    expect: 'none',
    verdicts: [{ outcome: 'done', say: 'cancelled' }],
  },
};

/** POST /account/v1/withdraw/apply: moves funds; no read proves an unknown outcome, so it is never sent twice. */
export const WITHDRAW: WriteSafety = {
  confirm: 'Withdraw {amount} {currency}[ to {address}][ memo {address_memo}]',
  answer: [{ when: { field: 'withdraw_id' }, outcome: 'done', say: 'withdrawal applied' }],
};
