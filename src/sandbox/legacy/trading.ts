/**
 * Private legacy endpoints of the sandbox (spec 4.9): they drive the same exchange and accounts as the
 * current generation, so a legacy order shows up in current-generation queries and the other way round.
 */
import type { IncomingMessage } from 'node:http';
import { isSide, type Side } from '../../api/catalogue/vocab.js';
import { isDecimal } from '../../util/decimal.js';
import { parseJson, scalarText } from '../../util/json.js';
import type { ExchangeApi, OrderView, SandboxAccount } from '../exchange-api.js';
import { LegacyHttpError, verifySignature } from './auth.js';
import { wireId } from '../http/call.js';
import { FILTER, legacyFill, legacyOrder } from './bodies.js';

export interface Caller {
  readonly account: SandboxAccount;
  readonly timestamp: string;
}

/** Orders per page when `limit` is not given, and the most a page may hold. */
const DEFAULT_LIMIT = 100;
const MAX_LIMIT = 100;
/** How many orders a list reads from the exchange before paging. */
const LIST_WINDOW = 10_000;

function symbolOf(exchange: ExchangeApi, v: unknown): string {
  const s = v === undefined || v === null ? '' : scalarText(v);
  if (!s) throw new LegacyHttpError(400, 'symbol is required');
  if (!exchange.details(s)) throw new LegacyHttpError(400, `Symbol not found: ${s}`);
  return s;
}

function sideOf(v: unknown): Side {
  const s = v === undefined || v === null ? '' : scalarText(v);
  if (!isSide(s)) throw new LegacyHttpError(400, 'side must be buy or sell');
  return s;
}

/** A positive decimal sent as a JSON string: a JSON number is refused, as the current generation refuses it (spec 4). */
function positive(v: unknown, name: string): string {
  if (v !== undefined && v !== null && typeof v !== 'string') throw new LegacyHttpError(400, `${name} must be a decimal string, e.g. "0.01"`);
  const s = v === undefined || v === null ? '' : v;
  if (!isDecimal(s) || s.startsWith('-') || s.startsWith('+') || /^[0.]*$/.test(s)) throw new LegacyHttpError(400, `${name} must be a positive plain decimal`);
  return s;
}

function page(q: URLSearchParams): { offset: number; limit: number } {
  const o = q.get('offset') ?? '0';
  const l = q.get('limit') ?? String(DEFAULT_LIMIT);
  if (!/^[0-9]{1,9}$/.test(o)) throw new LegacyHttpError(400, 'offset must be a whole number from 0');
  if (!/^[0-9]{1,9}$/.test(l) || Number(l) < 1 || Number(l) > MAX_LIMIT) throw new LegacyHttpError(400, `limit must be 1 to ${MAX_LIMIT}`);
  return { offset: Number(o), limit: Number(l) };
}

/** The order with this id on any pair of the account (legacy ids carry no pair). */
function findOrder(exchange: ExchangeApi, accountId: string, id: string): OrderView {
  if (!/^[0-9]{1,30}$/.test(id)) throw new LegacyHttpError(400, 'entrust_id must be a whole number');
  for (const s of exchange.symbols()) {
    const o = exchange.order(accountId, s, { order_id: id });
    if (o) return o;
  }
  throw new LegacyHttpError(404, `Order not found: ${id}`);
}

/** The body of a private endpoint, by catalogue id. */
export function tradingBody(id: string, exchange: ExchangeApi, req: IncomingMessage, caller: Caller, q: URLSearchParams, path: Record<string, string>, body: string): unknown {
  const acct = caller.account.id;
  switch (id) {
    case 'legacy.wallet':
      return exchange.balances(acct).map((b) => ({ id: b.currency, name: b.name, available: b.available, frozen: b.frozen }));
    case 'legacy.order.place': {
      let parsed: unknown;
      try {
        parsed = parseJson(body || '{}');
      } catch {
        throw new LegacyHttpError(400, 'body must be JSON');
      }
      const b = (parsed && typeof parsed === 'object' ? parsed : {}) as Record<string, unknown>;
      const pairs = (['amount', 'price', 'side', 'symbol'] as const).filter((k) => b[k] !== undefined).map((k) => [k, scalarText(b[k])] as const);
      verifySignature(req, caller.account, pairs);
      const symbol = symbolOf(exchange, b.symbol);
      const order = { symbol, side: sideOf(b.side), type: 'limit' as const, size: positive(b.amount, 'amount'), price: positive(b.price, 'price') };
      return { entrust_id: wireId(exchange.placeOrder(acct, order).order_id) };
    }
    case 'legacy.order.cancel': {
      verifySignature(req, caller.account, [['entrust_id', path.entrust_id!]]);
      const o = findOrder(exchange, acct, path.entrust_id!);
      exchange.cancelOrder(acct, o.symbol, { order_id: o.order_id });
      return {};
    }
    case 'legacy.order.cancel_all':
      exchange.cancelAll(acct, symbolOf(exchange, q.get('symbol')), sideOf(q.get('side')));
      return {};
    case 'legacy.order.get':
      return legacyOrder(exchange, acct, findOrder(exchange, acct, path.entrust_id!));
    case 'legacy.order.list': {
      const symbol = symbolOf(exchange, q.get('symbol'));
      const statuses = FILTER[q.get('status') ?? ''];
      if (!statuses) throw new LegacyHttpError(400, 'status must be 1 to 6');
      const { offset, limit } = page(q);
      const all = exchange.orders(acct, symbol, statuses, LIST_WINDOW);
      return {
        orders: all.slice(offset * limit, (offset + 1) * limit).map((o) => legacyOrder(exchange, acct, o)),
        total_pages: Math.ceil(all.length / limit), total_orders: all.length, current_page: offset,
      };
    }
    case 'legacy.fills': {
      const symbol = symbolOf(exchange, q.get('symbol'));
      const entrust = q.get('entrust_id') || undefined;
      if (entrust !== undefined && !/^[0-9]{1,30}$/.test(entrust)) throw new LegacyHttpError(400, 'entrust_id must be a whole number');
      const all = exchange.fills(acct, symbol, entrust);
      // Spec 4.9: with entrust_id, offset and limit have no effect.
      const { offset, limit } = entrust ? { offset: 0, limit: Math.max(1, all.length) } : page(q);
      return {
        total_trades: all.length, total_pages: Math.ceil(all.length / limit), current_page: offset,
        trades: all.slice(offset * limit, (offset + 1) * limit).map(legacyFill),
      };
    }
    default:
      throw new LegacyHttpError(404, 'Not found');
  }
}
