import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { CHANNELS, KLINE_INTERVALS, KLINE_MINUTES } from '../../../src/api/catalogue/channels.js';
import { catalogue, endpoint, findRoute } from '../../../src/api/catalogue/index.js';
import { PROTOCOL } from '../../../src/api/catalogue/protocol.js';
import { filterWords, ORDER_FILTER_CODES, ORDER_STATUS_FILTERS, statusFilterCode } from '../../../src/api/catalogue/statuses.js';
import { LEGACY_ORDER_STATUSES, ORDER_STATUSES, ORDER_TYPES, SIDES, STP_MODES, valuesOf, type Status } from '../../../src/api/catalogue/vocab.js';
import { KLINE_STEPS, parseWidth } from '../../../src/api/catalogue/widths.js';
import { docSections, fillSections } from '../../../src/commands/tree/docs.js';
import { OVERRIDES } from '../../../src/commands/tree/overrides.js';
import { snakeCase } from '../../../src/render/columns.js';
import { ROOT } from '../../helpers/bm.js';

test('catalogue invariants: unique ids, commands and routes; paths and methods; writes post with credentials', () => {
  assert.equal(new Set(catalogue().map((e) => e.id)).size, catalogue().length);
  const commands = catalogue().filter((e) => e.command).map((e) => e.command!.join(' '));
  assert.equal(new Set(commands).size, commands.length);
  for (const ep of catalogue()) {
    assert.equal(findRoute(ep.method, ep.path)?.id, ep.id, ep.id);
    assert.equal(endpoint(ep.id), ep);
    assert.match(ep.path, /^\/[a-z0-9_/-]+$/i, ep.id);
    if (ep.method === 'POST' && ep.command) assert.ok(ep.write || ep.auth === 'SIGNED', `${ep.id}: a POST is a signed write`);
    if (ep.write) assert.notEqual(ep.method, 'GET', `${ep.id}: a write is not a GET`);
    if (ep.write) assert.notEqual(ep.auth, 'NONE', `${ep.id}: a write needs credentials`);
    assert.ok(ep.rate.windows.length > 0, `${ep.id}: has a rate limit`);
    assert.ok(ep.summary.length > 0 && !ep.summary.endsWith('.'), `${ep.id}: a summary without a full stop`);
    if (ep.command) assert.ok(ep.examples?.length || ep.params.length === 0, `${ep.id}: a command with options has examples`);
    for (const ex of ep.examples ?? []) assert.ok(ex.startsWith(`bm ${ep.command!.join(' ')}`), `${ep.id}: example '${ex}' runs its own command`);
    if (OVERRIDES[ep.id]) assert.ok(ep.command, `${ep.id}: an override belongs to a command`);
  }
});

test('catalogue invariants: parameters: unique names and flags, bounds ordered, one positional pair first', () => {
  for (const ep of catalogue()) {
    const names = ep.params.map((p) => p.name);
    assert.equal(new Set(names).size, names.length, ep.id);
    const flags = ep.params.filter((p) => p.flag && !p.positional).map((p) => p.flag);
    assert.equal(new Set(flags).size, flags.length, ep.id);
    for (const p of ep.params) {
      assert.ok(p.description.length > 0, `${ep.id} ${p.name}: described`);
      if (p.min !== undefined && p.max !== undefined) assert.ok(p.min <= p.max, `${ep.id} ${p.name}: bounds`);
      if (p.values) assert.ok(p.values.length > 0 && new Set(p.values).size === p.values.length, `${ep.id} ${p.name}: values`);
      if (p.flag) assert.match(p.flag, /^[a-z][a-z0-9-]*$/, `${ep.id} ${p.name}: flag is kebab-case`);
    }
    const positional = ep.params.filter((p) => p.positional);
    if (positional.some((p) => p.name === 'symbol')) assert.equal(positional[0]!.name, 'symbol', ep.id);
    if (ep.acrossPairs) assert.ok(positional.some((p) => p.name === 'symbol'), `${ep.id}: across pairs drops a SYMBOL it has`);
  }
});

test('the vocabulary is the one source: every enum parameter takes its values from it', () => {
  const side = catalogue().flatMap((e) => e.params.filter((p) => p.name === 'side'));
  assert.ok(side.length >= 2);
  for (const p of side) assert.deepEqual(p.values, valuesOf(SIDES));
  assert.deepEqual(endpoint('spot.order.submit').params.find((p) => p.name === 'type')!.values, valuesOf(ORDER_TYPES));
  assert.deepEqual(endpoint('spot.order.submit').params.find((p) => p.name === 'stpMode')!.values, valuesOf(STP_MODES));
  assert.deepEqual(endpoint('spot.orders').params.find((p) => p.name === 'status')!.values, ORDER_STATUS_FILTERS);
  assert.deepEqual(endpoint('spot.kline').params.find((p) => p.name === 'step')!.values, KLINE_STEPS.map(String));
  assert.equal(endpoint('spot.book').params.find((p) => p.name === 'size')!.max, PROTOCOL.bookLevels.max);
  assert.equal(endpoint('spot.trades').params.find((p) => p.name === 'N')!.max, PROTOCOL.tradesMax);
  // Every list filter maps to the codes it selects, and those are codes of the vocabulary.
  const codes = new Set<string>(ORDER_STATUSES.map((s) => s.code));
  for (const f of ORDER_STATUS_FILTERS) for (const c of ORDER_FILTER_CODES[f]!) assert.ok(codes.has(c), `${f} -> ${c}`);
  assert.deepEqual(Object.keys(ORDER_FILTER_CODES).sort(), [...ORDER_STATUS_FILTERS].sort());
});

test('status words: one word one state, typed in any case, codes too; aliases never typed', () => {
  for (const list of [ORDER_STATUSES, LEGACY_ORDER_STATUSES] as ReadonlyArray<readonly Status[]>) {
    const typed = list.filter((s) => !s.alias);
    assert.equal(new Set(typed.map((s) => s.word)).size, typed.length);
    for (const s of list) assert.match(s.word, /^[a-z_]+$/);
    for (const w of filterWords(list)) {
      const code = list.find((s) => s.word === w && !s.alias)!.code;
      assert.equal(statusFilterCode(list, w.toUpperCase()), code);
      assert.equal(statusFilterCode(list, code), code);
    }
  }
  assert.equal(statusFilterCode(ORDER_STATUSES, 'Filled'), '6');
  assert.equal(statusFilterCode(ORDER_STATUSES, 'canceled'), '8');
  assert.equal(statusFilterCode(ORDER_STATUSES, '11'), undefined);
  assert.equal(statusFilterCode(ORDER_STATUSES, 'failed'), undefined);
  assert.equal(statusFilterCode(LEGACY_ORDER_STATUSES, 'filled'), '3');
});

test('channels, widths and limits agree: the WebSocket widths are candle widths, depth levels from the protocol', () => {
  for (const i of KLINE_INTERVALS) assert.equal(parseWidth(i), KLINE_MINUTES[i]);
  assert.equal(KLINE_MINUTES['1M'], 43200);
  for (const m of Object.values(KLINE_MINUTES)) assert.ok((KLINE_STEPS as readonly number[]).includes(m), `${m} is a REST step too`);
  assert.ok([...CHANNELS.keys()].some((c) => c === `spot/depth${PROTOCOL.wsDepthLevels[0]}`));
});

test('columns are named one way: snake_case headers, overrides only where the wire name differs', () => {
  for (const ep of catalogue()) {
    for (const c of ep.columns ?? []) assert.match(snakeCase(c), /^[a-z0-9_]+$/, `${ep.id} ${c}`);
    for (const [wire, header] of Object.entries(ep.headers ?? {})) {
      assert.ok(ep.columns?.includes(wire), `${ep.id}: header for a column it has (${wire})`);
      assert.match(header, /^[a-z0-9_]+$/);
      assert.notEqual(header, snakeCase(wire));
    }
  }
  assert.equal(snakeCase('clientOrderId'), 'client_order_id');
  assert.equal(snakeCase('startedAt'), 'started_at');
  assert.equal(snakeCase('contractID'), 'contract_id');
});

test("docs/commands.md's command, vocabulary and limit tables are the catalogue's (npm run readme rewrites them)", () => {
  const doc = readFileSync(join(ROOT, 'docs', 'commands.md'), 'utf8');
  const sections = docSections()['docs/commands.md']!;
  for (const [name, body] of Object.entries(sections)) assert.ok(doc.includes(`<!-- generated:${name} -->\n${body}<!-- /generated:${name} -->`), `docs/commands.md's ${name} table is stale: run npm run readme`);
  assert.equal(fillSections(doc, sections), doc);
  assert.match(sections.commands!, /\| `bm order list \[SYMBOL\] .*--status <pending\\\|partially_filled\\\|filled\\\|cancelled\\\|open\\\|done>/);
  assert.match(sections.limits!, new RegExp(`candles per k-line request \\| ${PROTOCOL.candlesPerRequest} `));
});
