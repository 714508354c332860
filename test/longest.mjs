// The test files that take longest, longest first (wall time in a full run on a 2-core machine: about
// 36 s down to 3 s). test/run.mjs starts them first: node's test runner fills its slots in the order it is
// given, so a long file started last would run on alone after every other has ended. The rest follow, the
// slow lane's before the fast lane's. Kept by hand from `node test/run.mjs`'s closing table; a name that is
// no longer a test file only loses its place.
export const LONGEST = [
  'test/e2e/library-pack.test.ts',
  'test/e2e/help-examples.test.ts',
  'test/e2e/trade-tty.test.ts',
  'test/e2e/library.test.ts',
  'test/e2e/order-amend.test.ts',
  'test/e2e/algo-kill.test.ts',
  'test/e2e/limits-shared.test.ts',
  'test/e2e/keychain.test.ts',
  'test/e2e/record-replay.test.ts',
  'test/e2e/algo-bracket.test.ts',
  'test/e2e/watch-tty.test.ts',
  'test/e2e/client-sdk.test.ts',
  'test/e2e/writes-5xx.test.ts',
  'test/e2e/client-ccxt.test.ts',
  'test/e2e/debug.test.ts',
  'test/e2e/completion.test.ts',
  'test/e2e/profile-concurrent.test.ts',
  'test/e2e/trade-panes-tty.test.ts',
  'test/e2e/bundle.test.ts',
  'test/e2e/trade-attach.test.ts',
  'test/e2e/algo-detached.test.ts',
  'test/e2e/legacy.test.ts',
  'test/e2e/readme.test.ts',
  'test/e2e/watch.test.ts',
  'test/e2e/sandbox-background-strict.test.ts',
  'test/e2e/batch-processes.test.ts',
  'test/e2e/live-integration.test.ts',
  'test/e2e/order-paging.test.ts',
  'test/e2e/portfolio-pnl.test.ts',
  'test/unit/ws/connection.test.ts',
  'test/e2e/scripting.test.ts',
  'test/e2e/backtest-cli.test.ts',
  'test/e2e/algo-bound.test.ts',
  'test/e2e/sandbox-modes.test.ts',
  'test/e2e/library-algo.test.ts',
  'test/unit/module-state.test.ts',
  'test/e2e/vocabulary.test.ts',
  'test/e2e/record-tty.test.ts',
  'test/unit/commands/trade/feed.test.ts',
  'test/e2e/watch-paper-reset.test.ts',
  'test/e2e/profile-startup.test.ts',
  'test/e2e/writes-proof.test.ts',
  'test/e2e/library-watch-behind.test.ts',
  'test/e2e/library-venues.test.ts',
  'test/e2e/sandbox-signals.test.ts',
  'test/unit/ws/probe.test.ts',
  'test/e2e/algo-clock.test.ts',
  'test/e2e/algo-busy-runner.test.ts',
  'test/e2e/algo-bracket-replay.test.ts',
  'test/e2e/sandbox-port-kept.test.ts',
];

/** `files` in the order to start them: the longest known first, then the slow lane's, then the rest (`lanesOf` from lanes.mjs). */
export function longestFirst(files, lanesOf) {
  const rank = (f) => {
    const i = LONGEST.indexOf(f);
    return i >= 0 ? i : LONGEST.length + (lanesOf(f).includes('slow') ? 0 : 1);
  };
  return [...files].sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0));
}
