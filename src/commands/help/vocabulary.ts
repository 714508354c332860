/**
 * The catalogue's vocabularies as rows: `bm help vocabulary` prints them and README's vocabulary
 * table is made from them, so neither can drift from what the client checks and the sandbox answers.
 */
import { WS_KLINE_WIDTHS } from '../../api/catalogue/channels.js';
import { PROTOCOL } from '../../api/catalogue/protocol.js';
import {
  FUNDING_STATUSES, LEGACY_ORDER_STATUSES, ORDER_STATUSES, ORDER_TYPES, SERVICE_STATUSES, SIDES, STP_MODES,
  type Status, type Term,
} from '../../api/catalogue/vocab.js';
import { KLINE_STEPS, widthWord } from '../../api/catalogue/widths.js';
import type { Row } from '../../render/cells.js';

function terms(what: string, list: readonly Term[]): Row[] {
  return list.map((t) => ({ vocabulary: what, value: t.value, meaning: t.meaning }));
}

function statuses(what: string, list: readonly Status[]): Row[] {
  return list.map((s) => ({
    vocabulary: what, value: `${s.code} ${s.word}`,
    meaning: `${s.meaning}${s.filter && !s.alias ? '; a list filter (word or code)' : ''}`,
  }));
}

/** Every vocabulary: value and meaning, one row each. */
export function vocabularyRows(): Row[] {
  return [
    ...terms('side', SIDES),
    ...terms('order type', ORDER_TYPES),
    ...terms('stp mode', STP_MODES),
    ...statuses('order status', ORDER_STATUSES),
    ...statuses('legacy order status', LEGACY_ORDER_STATUSES),
    ...statuses('funding status', FUNDING_STATUSES),
    ...statuses('service status', SERVICE_STATUSES),
    { vocabulary: 'candle width', value: KLINE_STEPS.map(widthWord).join(' '), meaning: 'kline --step, legacy kline --step (or minutes)' },
    { vocabulary: 'candle width', value: WS_KLINE_WIDTHS.map(widthWord).join(' '), meaning: 'watch kline --step (or minutes)' },
  ];
}

/** The protocol limits, one row each: what bm pages, paces and checks by. */
export function limitRows(): Row[] {
  const p = PROTOCOL;
  return [
    { limit: 'candles per k-line request', value: String(p.candlesPerRequest), use: 'kline pages longer ranges' },
    { limit: 'orders per batch request', value: String(p.ordersPerBatch), use: 'order batch sends groups of this many' },
    { limit: 'book levels per side', value: `${p.bookLevels.min}-${p.bookLevels.max} (default ${p.bookLevels.default})`, use: 'book --size' },
    { limit: 'client order id', value: `${p.clientOrderIdMax} letters and digits`, use: 'order place --client-order-id' },
    { limit: 'public trades per request', value: String(p.tradesMax), use: 'trades --limit' },
    { limit: 'orders per list request', value: String(p.ordersPerList), use: 'order list --limit' },
    { limit: 'fills per page', value: String(p.fillsPerPage), use: 'order fills --limit' },
    { limit: 'WebSocket topics per subscribe', value: `${p.wsTopicsPerRequest}, ${p.wsBytesPerRequest} bytes`, use: 'watch and record split subscriptions' },
    { limit: 'WebSocket topics per connection', value: String(p.wsTopicsPerConnection), use: 'watch and record' },
    { limit: 'WebSocket depth levels', value: p.wsDepthLevels.join(', '), use: 'watch depth --levels' },
  ];
}
