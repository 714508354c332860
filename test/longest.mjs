// The test files that take longest, longest first (wall time alone in a full run on a 2-core machine: about
// 38 s down to 4 s). test/run.mjs starts them first: node's test runner fills its slots in the order it is
// given, so a long file started last would run on alone after every other has ended. The rest follow, the
// slow lane's before the fast lane's. Kept by hand from `node test/run.mjs`'s closing table; a name that is
// no longer a test file only loses its place.
export const LONGEST = [
  'test/e2e/help-examples.test.ts',
  'test/e2e/record-replay.test.ts',
  'test/e2e/order-paging.test.ts',
  'test/e2e/batch-durable.test.ts',
  'test/e2e/library-pack.test.ts',
  'test/e2e/batch-proof.test.ts',
  'test/e2e/legacy.test.ts',
  'test/e2e/trade-tty.test.ts',
  'test/e2e/batch-stop.test.ts',
  'test/e2e/trading.test.ts',
  'test/e2e/writes-proof.test.ts',
  'test/e2e/json-ids.test.ts',
  'test/e2e/watch-tty.test.ts',
  'test/e2e/scripting.test.ts',
  'test/e2e/writes-standing.test.ts',
  'test/e2e/writes-api.test.ts',
  'test/e2e/writes-wait.test.ts',
  'test/e2e/writes-shapes.test.ts',
  'test/e2e/writes-api-routes.test.ts',
  'test/e2e/help.test.ts',
  'test/e2e/vocabulary.test.ts',
  'test/e2e/watch.test.ts',
  'test/e2e/library.test.ts',
  'test/e2e/keychain.test.ts',
  'test/e2e/limits-shared.test.ts',
  'test/e2e/batch-concurrency.test.ts',
  'test/unit/trade/orders.test.ts',
  'test/e2e/market.test.ts',
  'test/e2e/profile-concurrent.test.ts',
  'test/e2e/library-batch.test.ts',
  'test/unit/ws/connection.test.ts',
  'test/unit/sandbox/exchange.test.ts',
];

/** `files` in the order to start them: the longest known first, then the slow lane's, then the rest (`lanesOf` from lanes.mjs). */
export function longestFirst(files, lanesOf) {
  const rank = (f) => {
    const i = LONGEST.indexOf(f);
    return i >= 0 ? i : LONGEST.length + (lanesOf(f).includes('slow') ? 0 : 1);
  };
  return [...files].sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0));
}
