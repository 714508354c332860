/** The library's reference (docs/library.md) and its method names follow the catalogue. */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { catalogue } from '../../../src/api/catalogue/index.js';
import { endpointDts, paramType, withReference } from '../../../src/lib/reference.js';
import { camel, methodIdsSource, methodTable } from '../../../src/lib/methods.js';
import { ROOT } from '../../helpers/bm.js';
import type { DepthLevels, KlineInterval } from '../../../src/api/catalogue/channels.js';
import type { OrderType, Side, StpMode } from '../../../src/api/catalogue/vocab.js';
import type { DepthLevels as LibDepthLevels, KlineInterval as LibKlineInterval, OrderType as LibOrderType, Side as LibSide, StpMode as LibStpMode } from '../../../src/lib/types.js';
import { vocabSource } from '../../../src/lib/vocab-source.js';

/** `true` only when A and B are the same type. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

test('the reference in docs/library.md is the one generated from the catalogue', () => {
  const doc = readFileSync(join(ROOT, 'docs', 'library.md'), 'utf8');
  assert.equal(doc, withReference(doc), "docs/library.md's library reference is stale: run npm run readme");
});

test('every command of the catalogue is a method named as the command', () => {
  const names = methodTable().map((m) => m.path.join('.'));
  assert.ok(names.includes('order.cancelAll') && names.includes('symbolDetails') && names.includes('signTest.get') && names.includes('order.batch'));
  const commands = catalogue().filter((e) => e.command);
  assert.deepEqual(names, commands.map((e) => e.command!.map(camel).join('.')));
  assert.equal(camel('cancel-all'), 'cancelAll');
});

test('parameter types: decimals as text, ids and 64-bit integers as text or a number (no bigint), listed values as literals', () => {
  const place = catalogue().find((e) => e.id === 'spot.order.submit')!;
  const byName = Object.fromEntries(place.params.map((p) => [p.name, paramType(p)]));
  assert.equal(byName.size, 'DecimalString');
  assert.equal(byName.side, 'Side', 'a vocabulary by the name the library gives its type');
  assert.equal(byName.type, 'OrderType');
  assert.equal(byName.client_order_id, 'LongInput', 'an id by its name, whatever its wire type');
  const types = readFileSync(join(ROOT, 'src', 'lib', 'types-values.ts'), 'utf8');
  assert.match(types, /export type LongInput = string \| number;/);
  const dts = endpointDts();
  assert.match(dts, /export interface OrderPlaceParams \{[^}]*readonly symbol: string;[^}]*readonly size\?: DecimalString;/s);
  assert.match(dts, /export interface OrderPlaceParams \{[^}]*readonly side: Side;[^}]*readonly type: OrderType;[^}]*readonly stp_mode\?: StpMode;/s);
  assert.match(dts, /^import type \{[^}]*\bOrderType, Row, Side, StpMode\b[^}]*\} from '\.\/index\.js';$/m);
  assert.match(dts, /export interface LegacyOrderPlaceParams \{[^}]*readonly side: Side;/s);
  assert.doesNotMatch(dts, /"buy" \| "sell"/);
  assert.match(dts, /export interface OrderCancelParams \{[^}]*readonly order_id\?: LongInput;/s);
  assert.match(dts, /export interface ContractOrderParams \{[^}]*readonly contract_id: LongInput;[^}]*readonly price: DecimalString;/s);
  assert.match(dts, /export interface LegacyOrderCancelParams \{[^}]*readonly entrust_id: LongInput;/s);
  assert.match(dts, /export type TickerResult = \{ readonly tickers: ReadonlyArray<Row<"symbol" \| "last_price"/);
  assert.match(dts, /readonly order: \{[^]*?place\(params: OrderPlaceParams, opts\?: CallOptions\): Promise<WriteOutcome>;/s);
  // Every method has a dry run that resolves with the request it would send.
  assert.match(dts, /place\(params: OrderPlaceParams, opts: \{ readonly dryRun: true \}\): Promise<DryRun>;/);
  assert.match(dts, /ticker\(params\?: TickerParams, opts\?: CallOptions\): Promise<TickerResult>;/);
  assert.match(dts, /ticker\(params: TickerParams \| undefined, opts: \{ readonly dryRun: true \}\): Promise<DryRun>;/);
  // A batch takes the orders themselves, not the request's parameters.
  assert.match(dts, /batch\(orders: readonly BatchOrder\[\], opts\?: BatchOptions\): Promise<BatchResult>;/);
  assert.doesNotMatch(dts, /OrderBatchParams/);
  // The first generation's bodies are typed from its catalogue entries (no loose Value).
  assert.match(dts, /export type LegacyBookResult = \{ readonly buys: ReadonlyArray<Row<"price" \| "amount" \| "total" \| "count">>; readonly sells:/);
  assert.match(dts, /export type LegacyOrderListResult = \{ readonly orders: ReadonlyArray<Row<"entrust_id"/);
  assert.match(dts, /export type LegacyStepsResult = ReadonlyArray<string>;/);
  assert.match(dts, /wallet\(params\?: LegacyWalletParams, opts\?: CallOptions\): Promise<LegacyWalletResult>;/);
  assert.doesNotMatch(dts, /Promise<Value>/);
});

test('src/lib/method-ids.ts is the one generated from the catalogue', () => {
  assert.equal(readFileSync(join(ROOT, 'src', 'lib', 'method-ids.ts'), 'utf8'), methodIdsSource(),
    "stale: node --import tsx -e \"import('../src/lib/methods.ts').then(m => require('node:fs').writeFileSync('src/lib/method-ids.ts', m.methodIdsSource()))\"");
});

test('src/lib/vocab.ts, the shipped vocabulary types, is the one generated from the catalogue', () => {
  assert.equal(readFileSync(join(ROOT, 'src', 'lib', 'vocab.ts'), 'utf8'), vocabSource(),
    "stale: node --import tsx -e \"import('../src/lib/vocab-source.ts').then(m => require('node:fs').writeFileSync('src/lib/vocab.ts', m.vocabSource()))\"");
  const shipped = vocabSource();
  assert.match(shipped, /^export type Side = "buy" \| "sell";$/m);
  assert.match(shipped, /^export type OrderType = "limit" \| "market" \| "limit_maker" \| "ioc";$/m);
  assert.match(shipped, /^export type KlineInterval = "1m" \| "3m" [^;]*"1h" [^;]*"1d" \| "1w" \| "1M";$/m, 'the command line\'s spelling of widths');
  assert.match(shipped, /^export type DepthLevels = 5 \| 20 \| 50;$/m);
  // The same at the type level (checked by tsc over the tests): each shipped type is the catalogue's.
  const same: [Same<LibSide, Side>, Same<LibOrderType, OrderType>, Same<LibKlineInterval, KlineInterval>, Same<LibDepthLevels, DepthLevels>, Same<LibStpMode, StpMode>] = [true, true, true, true, true];
  assert.deepEqual(same, [true, true, true, true, true]);
});
