// The lanes of the test run. `fast` is the edit-test loop (`node test/run.mjs --fast`): unit tests and
// the end-to-end files that run in process against an in-process sandbox. `slow` holds the files that
// spawn the built binary, a `bm sandbox serve`, tmux, the keychain, shells or the packed library.
// `npm test` runs every lane. An entry ending in `/` is a folder; test/unit/lanes.test.ts fails when a
// test file is in no lane or in both, or when an entry names no file.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

export const LANES = {
  fast: [
    'test/e2e/algo-bracket-replay.test.ts',
    'test/e2e/algo-bracket.test.ts',
    'test/unit/',
    'test/e2e/algo-busy-runner.test.ts',
    'test/e2e/algo-busy.test.ts',
    'test/e2e/algo-cli.test.ts',
    'test/e2e/algo-engine.test.ts',
    'test/e2e/algo-gap.test.ts',
    'test/e2e/algo-replay.test.ts',
    'test/e2e/batch-concurrency.test.ts',
    'test/e2e/backtest-cli.test.ts',
    'test/e2e/bot-run.test.ts',
    'test/e2e/batch-durable.test.ts',
    'test/e2e/batch-proof.test.ts',
    'test/e2e/batch-stop.test.ts',
    'test/e2e/client-sdk.test.ts',
    'test/e2e/client-sdk-later.test.ts',
    'test/e2e/client-python.test.ts',
    'test/e2e/client-seam.test.ts',
    'test/e2e/doctor-clock.test.ts',
    'test/e2e/doctor.test.ts',
    'test/e2e/help-tree.test.ts',
    'test/e2e/help.test.ts',
    'test/e2e/json-ids.test.ts',
    'test/e2e/legacy-sandbox.test.ts',
    'test/e2e/legacy.test.ts',
    'test/e2e/library-algo.test.ts',
    'test/e2e/library-batch.test.ts',
    'test/e2e/library-dist.test.ts',
    'test/e2e/library-helpers.test.ts',
    'test/e2e/library-ids.test.ts',
    'test/e2e/library-inputs.test.ts',
    'test/e2e/library-journal.test.ts',
    'test/e2e/library-options.test.ts',
    'test/e2e/library-spelling.test.ts',
    'test/e2e/library-stream-state.test.ts',
    'test/e2e/library-watch-behind.test.ts',
    'test/e2e/live-gap.test.ts',
    'test/e2e/library.test.ts',
    'test/e2e/market.test.ts',
    'test/e2e/order-amend.test.ts',
    'test/e2e/order-paging.test.ts',
    'test/e2e/pnl.test.ts',
    'test/e2e/portfolio-pnl.test.ts',
    'test/e2e/precheck.test.ts',
    'test/e2e/profile-permissions.test.ts',
    'test/e2e/profile-secrets.test.ts',
    'test/e2e/record-replay.test.ts',
    'test/e2e/sandbox-account.test.ts',
    'test/e2e/sandbox-cli-account.test.ts',
    'test/e2e/sandbox-increase100.test.ts',
    'test/e2e/sandbox-legacy-durable.test.ts',
    'test/e2e/sandbox-limits.test.ts',
    'test/e2e/sandbox-market.test.ts',
    'test/e2e/sandbox-ratelimit.test.ts',
    'test/e2e/sandbox-reset.test.ts',
    'test/e2e/sandbox-strict.test.ts',
    'test/e2e/sandbox-trading.test.ts',
    'test/e2e/scripting.test.ts',
    'test/e2e/trading.test.ts',
    'test/e2e/vocabulary.test.ts',
    'test/e2e/watch-behind.test.ts',
    'test/e2e/watch.test.ts',
    'test/e2e/writes-5xx.test.ts',
    'test/e2e/writes-api-later.test.ts',
    'test/e2e/writes-api-routes.test.ts',
    'test/e2e/writes-api.test.ts',
    'test/e2e/writes-proof.test.ts',
    'test/e2e/writes-shapes.test.ts',
    'test/e2e/writes-standing.test.ts',
    'test/e2e/writes-wait.test.ts',
  ],
  slow: [
    'test/e2e/bot-process.test.ts',
    'test/e2e/library-algo-life.test.ts',
    'test/e2e/algo-disk.test.ts',
    'test/e2e/alert.test.ts',
    'test/e2e/algo-bound.test.ts',
    'test/e2e/algo-clock.test.ts',
    'test/e2e/algo-detached.test.ts',
    'test/e2e/algo-kill.test.ts',
    'test/e2e/algo-tty.test.ts',
    'test/e2e/batch-processes.test.ts',
    'test/e2e/bundle.test.ts',
    'test/e2e/client-ccxt.test.ts',
    'test/e2e/client-ccxt-later.test.ts',
    'test/e2e/completion.test.ts',
    'test/e2e/debug.test.ts',
    'test/e2e/help-examples.test.ts',
    'test/e2e/keychain.test.ts',
    'test/e2e/legacy-tty.test.ts',
    'test/e2e/library-pack.test.ts',
    'test/e2e/library-venues.test.ts',
    'test/e2e/limits-shared.test.ts',
    'test/e2e/live-integration.test.ts',
    'test/e2e/market-first-run.test.ts',
    'test/e2e/order-tty.test.ts',
    'test/e2e/profile-concurrent.test.ts',
    'test/e2e/profile-keychain-hang.test.ts',
    'test/e2e/profile-startup.test.ts',
    'test/e2e/profile-tty.test.ts',
    'test/e2e/proxy.test.ts',
    'test/e2e/readme.test.ts',
    'test/e2e/record-signal.test.ts',
    'test/e2e/record-tty.test.ts',
    'test/e2e/sandbox-background-strict.test.ts',
    'test/e2e/sandbox-connection-reset.test.ts',
    'test/e2e/sandbox-corrupt.test.ts',
    'test/e2e/sandbox-modes.test.ts',
    'test/e2e/sandbox-persist.test.ts',
    'test/e2e/sandbox-pid-reused.test.ts',
    'test/e2e/sandbox-port-kept.test.ts',
    'test/e2e/sandbox-signals.test.ts',
    'test/e2e/sandbox-warm-up.test.ts',
    'test/e2e/seam.test.ts',
    'test/e2e/trade-attach.test.ts',
    'test/e2e/trade-tty.test.ts',
    'test/e2e/trade-panes-tty.test.ts',
    'test/e2e/watch-paper-reset.test.ts',
    'test/e2e/watch-signal.test.ts',
    'test/e2e/watch-tty.test.ts',
  ],
};

// The files that run in a process of their own; every other file runs in a pool, several to a process
// (test/loader/pool.mjs). A file belongs here when its venue or terminal driver must not wait on another
// file's work, or it proves something about a fresh process.
export const ALONE = [
  // the longest files whose venue or terminal driver is this process: no other file's work delays them
  'test/e2e/algo-detached.test.ts',
  'test/e2e/algo-kill.test.ts',
  'test/e2e/trade-tty.test.ts',
  'test/e2e/trade-panes-tty.test.ts',
  'test/e2e/watch-tty.test.ts',
  'test/e2e/client-sdk.test.ts', // catches the official SDK's ping timer by swapping the global setInterval
  'test/e2e/help-examples.test.ts', // runs the examples from a working directory of its own (process.chdir)
  'test/unit/module-state.test.ts', // reads the module state of a process that loaded nothing else
];

// Files that run one at a time, each group in a pool of its own (one process for the group).
export const SERIAL = {
  // they load ccxt (seconds of one thread), once for both: apart from the pools, it is not the run's tail
  ccxt: ['test/e2e/client-ccxt.test.ts', 'test/e2e/client-ccxt-later.test.ts'],
  // they change what the whole process shares for as long as one of their tests runs, and put it back after
  state: [
    'test/e2e/library-watch-behind.test.ts', // its streams' heartbeats run on real time while its loop lags on purpose
    'test/e2e/debug.test.ts', // sets the process's BM_DEBUG to prove a run does not read it
    'test/unit/render/table.test.ts', // sets the process's colour variables around chalk
    // mock timers replace the process's setTimeout, setInterval and Date while a test runs
    'test/unit/core/order/wait.test.ts',
    'test/unit/profiles/secrets.test.ts',
    'test/unit/sandbox/ws/feed-cadence.test.ts',
    'test/unit/sandbox/ws/ws-session.test.ts',
    'test/unit/commands/watch/views.test.ts',
    'test/unit/ws/connection.test.ts',
  ],
};

/** Every test file under `dir`, as a path relative to the project root with `/` separators, sorted. */
export function testFiles(dir = 'test') {
  const walk = (d) => readdirSync(d, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? walk(join(d, e.name)) : e.name.endsWith('.test.ts') ? [join(d, e.name).split('\\').join('/')] : [],
  );
  return walk(dir).sort();
}

/** True when `entry` of a lane covers `file`. */
export const covers = (entry, file) => (entry.endsWith('/') ? file.startsWith(entry) : file === entry);

/** The names of the lanes that hold `file`. */
export function lanesOf(file) {
  return Object.keys(LANES).filter((lane) => LANES[lane].some((entry) => covers(entry, file)));
}
