import assert from 'node:assert/strict';
import { test } from 'node:test';
import { flagOf, LEGACY, matchLegacy } from '../../../src/legacy/catalogue.js';
import { buildProgram } from '../../../src/program.js';
import { IO } from '../../../src/render/io.js';

test('catalogue invariants: unique ids, commands and routes; path parameters declared; only place and cancel signed', () => {
  assert.equal(new Set(LEGACY.map((e) => e.id)).size, LEGACY.length);
  assert.equal(new Set(LEGACY.map((e) => e.command.join(' '))).size, LEGACY.length);
  assert.equal(new Set(LEGACY.map((e) => `${e.method} ${e.path}`)).size, LEGACY.length);
  assert.equal(LEGACY.length, 18);
  for (const ep of LEGACY) {
    assert.match(ep.path, /^\/v2\//);
    const inPath = [...ep.path.matchAll(/\{([a-z_]+)\}/g)].map((m) => m[1]);
    assert.deepEqual(ep.params.filter((p) => p.in === 'path').map((p) => p.name), inPath, ep.id);
    for (const p of ep.params) if (p.in === 'path') assert.ok(p.required && p.positional, `${ep.id} ${p.name}`);
    const concrete = ep.path.replace(/\{[a-z_]+\}/g, 'X1');
    assert.equal(matchLegacy(ep.method, concrete)?.ep.id, ep.id, ep.id);
    if (ep.method !== 'GET') assert.ok(ep.write || ep.id === 'legacy.token', `${ep.id} writes`);
  }
  assert.deepEqual(LEGACY.filter((e) => e.auth === 'signed').map((e) => e.id), ['legacy.order.place', 'legacy.order.cancel']);
  // Placing: body parameters in name order, which is the signed order (spec 5.2).
  const place = LEGACY.find((e) => e.id === 'legacy.order.place')!;
  const names = place.params.map((p) => p.name);
  assert.deepEqual(names, [...names].sort());
});

test('every catalogue entry is a `bm legacy` command with its options', async () => {
  const sink = { write: () => true };
  const program = await buildProgram(new IO(sink, sink, process.stdin, {}, 'never'), {});
  const legacy = program.commands.find((c) => c.name() === 'legacy')!;
  for (const ep of LEGACY) {
    let cmd = legacy;
    for (const name of ep.command) cmd = cmd.commands.find((c) => c.name() === name)!;
    assert.ok(cmd, ep.command.join(' '));
    const flags = cmd.options.map((o) => o.long);
    for (const p of ep.params) if (!p.positional) assert.ok(flags.includes(`--${flagOf(p)}`), `${ep.id} --${flagOf(p)}`);
    assert.equal(cmd.registeredArguments.length, ep.params.filter((p) => p.positional).length, ep.id);
  }
});
