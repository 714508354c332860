/**
 * `client.order.amend({ symbol, orderId | clientOrderId, price?, size? })`: the cancel-replace of
 * `bm order amend`, from the same core (src/core/order/amend.ts), with its deviation guard. Loaded on first use.
 */
import type { CurrentCalls } from '../core/calls.js';
import { amendOrder } from '../core/order/amend.js';
import { checkChange } from '../core/order/amend-plan.js';
import { checkClientOrderId } from '../core/order/check.js';
import { checkDeviation, parseMaxDeviation, readQuote } from '../core/order/market-context.js';
import { pairRules } from '../core/order/pairs.js';
import { checkSymbol } from '../core/params.js';
import type { WriteHost } from '../core/write/host.js';
import { usage } from '../errors.js';
import { givenObject, inputText, refuseUnknown } from './inputs.js';
import { pairSource } from './preflight.js';
import { dryRunOf, hostFor } from './run.js';
import type { CallOptions, DryRun } from './types.js';
import type { AmendResult } from './types-orders.js';
import { asLibraryInput } from './wire.js';

const NAMES = ['symbol', 'orderId', 'clientOrderId', 'newClientOrderId', 'price', 'size', 'maxDeviation'];

export async function amend(calls: CurrentCalls, host: WriteHost, given: unknown, opts: CallOptions = {}): Promise<AmendResult | DryRun[]> {
  const obj = givenObject(given, NAMES.join(', '));
  refuseUnknown(NAMES, obj);
  const text = (name: string, kind: 'whole' | 'decimal' | 'text') => (obj[name] === undefined ? undefined : inputText(name, kind, obj[name]));
  const checked = await asLibraryInput(() => {
    const orderId = text('orderId', 'whole');
    const clientOrderId = text('clientOrderId', 'text');
    if ((orderId === undefined) === (clientOrderId === undefined)) throw usage('give exactly one of orderId and clientOrderId');
    if (orderId !== undefined && !/^[0-9]+$/.test(orderId)) throw usage(`orderId: '${orderId}' is not an order id (digits)`);
    const newId = text('newClientOrderId', 'text');
    return {
      ...(newId !== undefined ? { newClientOrderId: checkClientOrderId(newId, 'newClientOrderId') } : {}),
      symbol: checkSymbol(text('symbol', 'text') ?? '', 'symbol'),
      ...(orderId !== undefined ? { orderId } : { clientOrderId: checkClientOrderId(clientOrderId!, 'clientOrderId') }),
      ...checkChange(text('price', 'decimal'), text('size', 'decimal'), { price: 'price', size: 'size' }),
      maxPct: parseMaxDeviation(text('maxDeviation', 'text')),
    };
  });
  const { maxPct, ...req } = checked;
  const rules = await pairRules(pairSource(calls), checked.symbol);
  const shown: DryRun[] = [];
  const a = await amendOrder(hostFor(host, opts), calls.channel(async (e, p) => void shown.push(dryRunOf(await calls.dryRun(e, p)))), {
    ...req, rules, command: 'order.amend',
    guard: async (order) => {
      if (maxPct !== undefined) checkDeviation(order, (await readQuote({ calls: async () => calls }, checked.symbol)).last, maxPct);
      return [];
    },
  });
  if (!a) return shown;
  const { orderId, clientOrderId, say, via, finalFilled } = a.old;
  return {
    amended: a.placed !== undefined,
    old: { orderId, clientOrderId, say, via, filled: finalFilled },
    ...(a.placed ? { placed: a.placed } : {}),
    ...(a.why !== undefined ? { why: a.why } : {}),
  };
}
