/**
 * The live layer (core/live/) as the faces reach it: the one opener of streams, the stream addresses, the
 * order stream with its read-back after a gap, and the market and account state built from snapshot plus
 * pushes. Imported lazily by the faces that stream (a one-shot never loads it).
 */
export * from '../live/index.js';
