// The kinds of conditional order are a registry (src/core/algo/kinds/): every kind file is in it, and a
// kind added to it is all it takes for the command line's command and options, the library's parameter
// type and method, the docs' table, its plan and its machine. Proven with a kind made here, never shipped:
// a limit-if-touched (`touch`), added to the registry for the length of a test.
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import type { Command } from 'commander';
import { KINDS } from '../../../../src/core/algo/kinds/index.js';
import { limit, required } from '../../../../src/core/algo/kinds/common.js';
import type { KindDef } from '../../../../src/core/algo/kinds/types.js';
import { initial, step } from '../../../../src/core/algo/machine.js';
import { planAlgo } from '../../../../src/core/algo/plan.js';
import { triggerOf } from '../../../../src/core/algo/model/spec.js';
import type { PairRules } from '../../../../src/core/order/pairs.js';
import { algoDts } from '../../../../src/lib/algo-types.js';
import { kindsMarkdown } from '../../../../src/commands/tree/docs.js';
import { buildProgram } from '../../../../src/program.js';
import { IO } from '../../../../src/render/io.js';
import { ROOT } from '../../../helpers/bm.js';

const RULES: PairRules = {
  symbol: 'BTC_USDT', base_currency: 'BTC', quote_currency: 'USDT', quote_increment: '0.0001', base_min_size: '0.0001', base_max_size: '100',
  price_max_precision: '2', min_buy_amount: '5', min_sell_amount: '5', trade_status: 'trading',
};

/** A limit-if-touched: when a trade reaches `touch`, a limit order at `price`. The whole of a kind. */
const touch: KindDef = {
  kind: 'touch', method: 'touch', summary: 'Limit-if-touched held by bm: a limit order placed when a trade reaches the touch price',
  fires: 'a limit order at `price` at the first trade at or through `touch`',
  inputs: [
    { key: 'touch', value: 'price', help: 'the price whose trade places the order', type: 'decimal', required: true },
    { key: 'price', value: 'price', help: 'the limit price of the order placed', type: 'decimal', required: true },
  ],
  examples: ['bm order touch BTC_USDT --side buy --size 0.01 --touch 60000 --price 60010 --dry-run'],
  read(input, _side, nameOf) {
    required(input, 'touch', nameOf, 'the price that places the order');
    required(input, 'price', nameOf, 'the limit price');
  },
  plan: (a) => ({ legs: [a.leg({ name: 'touch', trigger: triggerOf('tp', a.side, a.input.touch!), ...limit(a.input.price) })] }),
};

async function withKind<T>(k: KindDef, fn: () => Promise<T>): Promise<T> {
  (KINDS as KindDef[]).push(k);
  try {
    return await fn();
  } finally {
    (KINDS as KindDef[]).splice(KINDS.indexOf(k), 1);
  }
}

test('every kind file of src/core/algo/kinds/ is in the registry, once, with a method of its own', () => {
  const files = readdirSync(join(ROOT, 'src', 'core', 'algo', 'kinds')).filter((f) => !['types.ts', 'common.ts', 'index.ts'].includes(f));
  assert.equal(KINDS.length, files.length, `kinds: ${KINDS.map((k) => k.kind).join(', ')}; files: ${files.join(', ')}`);
  for (const k of KINDS) assert.ok(files.includes(`${k.kind}.ts`), `${k.kind} has its file`);
  assert.equal(new Set(KINDS.map((k) => k.method)).size, KINDS.length);
});

test('a kind added to the registry is a command with its options, a library type and method, a docs row, a plan and a machine', () => withKind(touch, async () => {
  const sink = { write: () => true };
  const order = (await buildProgram(new IO(sink, sink, process.stdin, {}, 'never'), {})).commands.find((c) => c.name() === 'order')!;
  const cmd = order.commands.find((c: Command) => c.name() === 'touch');
  assert.ok(cmd, 'bm order touch is a command');
  assert.deepEqual(cmd.options.map((o) => o.long).filter((o) => o === '--touch' || o === '--price' || o === '--side' || o === '--immediate'), ['--side', '--touch', '--price']);
  const dts = algoDts();
  assert.match(dts, /export interface TouchParams \{[^}]*readonly touch: DecimalString;[^}]*readonly price: DecimalString;/s);
  assert.match(dts, /touch\(params: TouchParams, opts\?: AlgoOptions\): Promise<AlgoResult<'touch'>>;/);
  assert.match(dts, /export type AlgoKind = [^;]*'touch';/);
  assert.match(kindsMarkdown(), /\| `bm order touch` \| `client\.algo\.touch` \| a limit order at `price` at the first trade at or through `touch` \| `--touch`, `--price` \|/);
  const spec = planAlgo({ kind: 'touch', symbol: 'BTC_USDT', side: 'buy', size: '0.01', touch: '60000', price: '60010' }, RULES, 0, undefined, 'atouch');
  assert.deepEqual([spec.legs[0]!.trigger, spec.legs[0]!.price], [{ dir: 'down', level: '60000' }, '60010']);
  assert.deepEqual(step(spec, initial(spec), { kind: 'trade', price: '60001', time: 1 }).fire, []);
  assert.deepEqual(step(spec, initial(spec), { kind: 'trade', price: '60000', time: 1 }).fire, ['touch']);
  assert.throws(() => planAlgo({ kind: 'touch', symbol: 'BTC_USDT', side: 'buy', size: '0.01', touch: '60000' }, RULES, 0), /--price is required/);
}));
