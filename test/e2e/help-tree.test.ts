// The help of every leaf command, read in this process from the program's tree: examples for each, each
// example running its own command, a summary, and every argument and option described. That the examples
// run is help-examples.test.ts.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isolatedEnv } from '../helpers/bm.js';
import { examplesOf, leafHelps } from '../helpers/help-tree.js';

let read: Promise<Map<string, string>> | undefined;
const helpsOf = () => (read ??= leafHelps(isolatedEnv()));

test('every leaf command of the help has at least one example', async () => {
  const helps = await helpsOf();
  const leaves = new Map([...helps].map(([path, help]) => [path, examplesOf(help)]));
  assert.ok(leaves.size > 60, `only ${leaves.size} commands found`);
  for (const path of ['order place', 'funding get', 'profile add', 'sandbox serve', 'legacy order get', 'watch orders', 'api', 'completion', 'help', 'doctor']) {
    assert.ok(leaves.has(path), `bm ${path} is in the tree`);
  }
  const bare = [...leaves].filter(([, list]) => !list.length).map(([p]) => p);
  assert.deepEqual(bare, [], `commands without examples: ${bare.join(', ')}`);
  for (const [path, list] of leaves) for (const e of list) assert.match(e, new RegExp(`\\bbm ${path}\\b`), `an example of bm ${path} runs bm ${path}`);
});

test('every leaf command has a summary, and each of its arguments and options is described', async () => {
  const helps = await helpsOf();
  let described = 0;
  for (const [path, text] of helps) {
    const [usage, blank, summary] = text.split('\n');
    assert.match(usage!, new RegExp(`^Usage: bm ${path} `), path);
    assert.equal(blank, '', path);
    assert.match(summary!, /^[A-Z][^\n]{8,}$/, `bm ${path}: a summary sentence`);
    const args = [...usage!.matchAll(/[<[]([a-z_]+)(?:\.\.\.)?[>\]]/g)].map((m) => m[1]!).filter((a) => a !== 'options' && a !== 'command');
    const argBlock = text.split('\nArguments:\n')[1]?.split('\n\n')[0] ?? '';
    for (const a of args) assert.match(argBlock, new RegExp(`^ {2}${a} +\\S`, 'm'), `bm ${path}: argument ${a} is described`);
    described += args.length;
    const optBlock = text.split('\nOptions:\n')[1]?.split('\n\n')[0] ?? '';
    for (const line of optBlock.split('\n').filter((l) => /^ {2}-/.test(l))) assert.match(line, /^ {2}-\S.*\S {2,}\S/, `bm ${path}: option described: ${line}`);
  }
  assert.ok(helps.size > 60 && described > 30, `${helps.size} commands, ${described} arguments checked`);
});
