/**
 * `client.order.amend({ symbol, order_id | client_order_id, new_client_order_id?, price?, size? }, { maxDeviation?, dryRun? })`:
 * the cancel-replace of `bm order amend`, the same use case (src/core/usecases/order-amend.ts), with its deviation
 * guard when asked for. Loaded on first use.
 */
import { amendOrder } from '../core/usecases/order-amend.js';
import { checkChange, checkClientOrderId } from '../core/usecases/order-parse.js';
import { checkSymbol } from '../core/usecases/params.js';
import type { CurrentCalls, WriteHost } from '../core/usecases/session.js';
import { usage } from '../errors.js';
import { maxDeviationOf } from './deviation.js';
import { givenObject, inputText, refuseUnknown } from './inputs.js';
import { refuseCamelCase } from './names.js';
import { callOptions } from './options.js';
import { libraryPort } from './preflight.js';
import { dryRunOf, hostFor } from './run.js';
import type { DryRun } from './types.js';
import type { AmendOptions, AmendResult } from './types-orders.js';
import { asLibraryInput } from './wire.js';

/** The parameters, by the command line's option names in snake_case, as every other method takes them. */
const NAMES = ['symbol', 'order_id', 'client_order_id', 'new_client_order_id', 'price', 'size'];

export async function amend(calls: CurrentCalls, host: WriteHost, given: unknown, options?: unknown): Promise<AmendResult | DryRun[]> {
  // The deviation guard is an option of the call, as for order.batch and the algos (absent: no check, as for order.place).
  const opts = callOptions(options, ['maxDeviation']) as AmendOptions;
  const obj = givenObject(given, NAMES.join(', '));
  refuseCamelCase(NAMES, obj);
  for (const k of ['maxDeviation', 'max_deviation']) {
    if (Object.hasOwn(obj, k)) throw usage(`${k}: an option of the call, not a parameter: order.amend(params, { maxDeviation: '10' })`);
  }
  refuseUnknown(NAMES, obj);
  const text = (name: string, kind: 'whole' | 'decimal' | 'text') => (obj[name] === undefined ? undefined : inputText(name, kind, obj[name]));
  const checked = await asLibraryInput(() => {
    const orderId = text('order_id', 'whole');
    const clientOrderId = text('client_order_id', 'text');
    if ((orderId === undefined) === (clientOrderId === undefined)) throw usage('give exactly one of order_id and client_order_id');
    if (orderId !== undefined && !/^[0-9]+$/.test(orderId)) throw usage(`order_id: '${orderId}' is not an order id (digits)`);
    const newId = text('new_client_order_id', 'text');
    return {
      ...(newId !== undefined ? { newClientOrderId: checkClientOrderId(newId, 'new_client_order_id') } : {}),
      symbol: checkSymbol(text('symbol', 'text') ?? '', 'symbol'),
      ref: orderId !== undefined ? { orderId } : { clientOrderId: checkClientOrderId(clientOrderId!, 'client_order_id') },
      ...checkChange(text('price', 'decimal'), text('size', 'decimal'), { price: 'price', size: 'size' }),
    };
  });
  const maxPct = opts.maxDeviation === undefined ? undefined : maxDeviationOf(opts.maxDeviation);
  const shown: DryRun[] = [];
  const o = await amendOrder(libraryPort(calls, hostFor(host, opts), async (e, p) => void shown.push(dryRunOf(await calls.dryRun(e, p)))), {
    ...checked, command: 'order.amend',
    ...(maxPct !== undefined ? { maxDeviation: maxPct } : {}), note: (l) => host.note(l),
  });
  if (o.kind === 'rejected' || o.kind === 'unknown') throw o.error;
  if (o.kind !== 'amended') return shown;
  const a = o.amended;
  const { orderId, clientOrderId, say, via, finalFilled } = a.old;
  return {
    amended: a.placed !== undefined,
    old: { orderId, clientOrderId, say, via, filled: finalFilled },
    ...(a.placed ? { placed: a.placed } : {}),
    ...(a.why !== undefined ? { why: a.why } : {}),
  };
}
