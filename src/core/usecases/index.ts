/**
 * The core's surface: the use cases every face (the command line, `bm trade`, the library) calls, and
 * the types they take and answer. Faces import the core only from the files of this folder (a test
 * reads every import). This index holds types alone, so reading it loads nothing: a face imports a use
 * case's function from its own module, lazily where the command runs (`await import()`), and a
 * one-shot loads only what it runs.
 *
 * | use case | module | functions |
 * |---|---|---|
 * | order | order.ts | placeOrder, cancelOrder, writeEndpoint (any catalogued write), placeChecked |
 * | order amend | order-amend.ts | amendOrder |
 * | order cancel-all | order-cancel-all.ts | cancelAllOrders |
 * | order wait | order-wait.ts | waitForPlaced |
 * | batch (run, resume) | batch.ts | runOrderBatch, readJournal, lockJournal |
 * | algo | algo.ts | planAlgo, runHere, armDetached, detachArmed, resumeAlgo, resumeAll, cancelAlgo, keptAlgos |
 * | account | account.ts | valueAccount, pnlOf |
 * | legacy writes | legacy.ts | writeLegacy |
 *
 * The light modules a face reads to parse and declare itself: params.ts, order-parse.ts, algo-kinds.ts,
 * endpoint-traits.ts; to run: session.ts, venue.ts, calls.ts; to read: orders-read.ts, rows.ts, api.ts.
 */
export type { MarketView, OrderPort } from './order-port.js';
export type { OneWriteOutcome, OrderOutcome, ProvenOutcome } from './order-outcome.js';
export type { CancelRequest, OrderRef, PlaceRequest } from './order.js';
export type { AmendRequest } from './order-amend.js';
export type { CancelAllRequest, CancelAllResult } from './order-cancel-all.js';
export type { WaitPort } from './order-wait.js';
export type { BatchPort, BatchRequest, BatchRun } from './batch.js';
export type { AlgoBinding, AlgoFace, AlgoPort, AlgoSpec, AlgoState, KeptAlgo, Resumed } from './algo.js';
export type { ValuedAccount } from './account.js';
export type { LegacyPort } from './legacy.js';
export type { EndpointTraits } from './endpoint-traits.js';
