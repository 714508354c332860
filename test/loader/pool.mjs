// Several test files in one process. A test process costs about 0.2 s of CPU before its first test (node,
// its test runner, the project's modules loaded and warmed again), and the suite has two hundred files:
// test/run.mjs runs most of them a group to a process (a "pool"), the rest alone (test/lanes.mjs, ALONE).
//
// In a pool each file is one test named by its path, and everything the file registers at its top level
// (`test`, `describe`, `before`, `after`, `beforeEach`, `afterEach`, its helpers' hooks too) is registered on
// that test's context, not on the process's root: one file's hooks never run for another's tests, its
// `after` runs when its own tests end, and a file's tests run one at a time as they would alone. The test
// files import this module in place of `node:test` (the mirror writes the specifier, test/loader/mirror.mjs);
// outside a pool, and for a call made while a test runs, every function here is node:test's own.
import { readdirSync, readFileSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import * as node from 'node:test';

// The context that a registration made now belongs to: the file being loaded (while its module runs) or
// a `describe` whose body is running. `url` is the loading file's: a registration is the file's only when
// the file is on the stack, since another file's running test may register a hook meanwhile.
let current = null;
// Each context's registered subtests, awaited before it ends (a subtest left pending would be cancelled).
const registered = new WeakMap();

function owner() {
  if (!current) return null;
  if (current.url === null) return current.ctx;
  return onStack(current.url) ? current.ctx : null;
}

/** Whether a frame of the module at `url` is on the stack (the raw frames: no source map involved). */
function onStack(url) {
  const { prepareStackTrace, stackTraceLimit } = Error;
  Error.prepareStackTrace = (_, frames) => frames;
  Error.stackTraceLimit = Infinity;
  try {
    return new Error().stack.some((f) => f.getFileName() === url);
  } finally {
    Error.prepareStackTrace = prepareStackTrace;
    Error.stackTraceLimit = stackTraceLimit;
  }
}

function track(ctx, promise) {
  const list = registered.get(ctx) ?? [];
  list.push(promise);
  registered.set(ctx, list);
  return promise;
}

async function settle(ctx) {
  const list = registered.get(ctx) ?? [];
  for (let i = 0; i < list.length; i++) await list[i];
}

/** `(name?, options?, fn?)` as node:test reads them. */
function argsOf(args) {
  let [name, options, fn] = args;
  if (typeof name === 'function') [name, options, fn] = [name.name || '<anonymous>', {}, name];
  else if (typeof options === 'function') [options, fn] = [{}, options];
  return { name, options: options ?? {}, fn };
}

/** A test that takes longer (ms) fails as timed out, unless it says otherwise: a hang is reported, not waited out. */
export const TEST_TIMEOUT_MS = 120_000;

export function test(...args) {
  const { name, options, fn } = argsOf(args);
  const timed = [name, { timeout: TEST_TIMEOUT_MS, ...options }, ...(fn ? [fn] : [])];
  const ctx = owner();
  return ctx ? track(ctx, ctx.test(...timed)) : node.test(...timed);
}

export const it = test;

export function describe(...args) {
  const ctx = owner();
  if (!ctx) return node.describe(...args);
  const { name, options, fn } = argsOf(args);
  return track(ctx, ctx.test(name, options, async (t) => {
    const before = current;
    current = { ctx: t, url: null };
    try {
      fn?.(t);
    } finally {
      current = before;
    }
    await settle(t);
  }));
}

export const suite = describe;

// A hook that hangs (a venue that never finishes closing) fails its file with its name, as a test does.
const hook = (name) => (fn, options) => {
  const ctx = owner();
  const timed = { timeout: TEST_TIMEOUT_MS, ...options };
  return ctx ? ctx[name](fn, timed) : node[name](fn, timed);
};
export const before = hook('before');
export const after = hook('after');
export const beforeEach = hook('beforeEach');
export const afterEach = hook('afterEach');
export const mock = node.mock;

// One file loads at a time: while its module runs, its registrations are recognised by its URL.
let loading = Promise.resolve();

/** Runs the test file at `url` as the test `t`: its module's registrations are `t`'s. */
async function runFile(t, url) {
  const turn = loading.then(async () => {
    current = { ctx: t, url };
    try {
      await import(url);
    } finally {
      current = null;
    }
  });
  loading = turn.catch(() => {});
  await turn;
  await settle(t);
}

/**
 * The next file of the queue `dir` (written by test/run.mjs: one file per test file, named in the order
 * to run them, holding `{ url, name }`), taken by renaming it: of the pools asking at once, one gets it.
 */
function claim(dir) {
  for (const entry of readdirSync(dir).filter((n) => /^\d+$/.test(n)).sort()) {
    const mine = join(dir, `${entry}.${process.pid}`);
    try {
      renameSync(join(dir, entry), mine);
    } catch {
      continue; // another pool took it
    }
    return JSON.parse(readFileSync(mine, 'utf8'));
  }
  return undefined;
}

/**
 * Registers a pool: a test named `title` that runs the files of the queue `dir` as one test each, up to
 * `concurrency` of them at a time, taking the next as one ends, until the queue is empty. The pools share
 * the queue, so they end together whatever each file takes.
 */
export function runPool(title, dir, concurrency) {
  node.test(title, { concurrency, timeout: Infinity }, async (t) => {
    const worker = async () => {
      for (let next = claim(dir); next; next = claim(dir)) {
        const { url, name } = next;
        await t.test(name, { concurrency: 1, timeout: Infinity }, (ft) => runFile(ft, url));
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
  });
}
