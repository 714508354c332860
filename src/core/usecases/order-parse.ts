/**
 * What a face reads an order's options with before it calls an order use case: the deviation guard's
 * percent, `--wait`, a client order id, an amend's change. Light: a command loads it to parse.
 */
export { parseMaxDeviation, DEFAULT_MAX_DEVIATION } from '../order/market-context.js';
export { parseWait, type WaitSpec } from '../order/wait.js';
export { checkClientOrderId, type CheckedOrder, type OrderInput } from '../order/check.js';
export { AMENDABLE, checkChange } from '../order/amend-plan.js';
