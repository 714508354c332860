/**
 * The checks of a face's input that every command and library method shares (a symbol, a decimal, a
 * count, a time range, a status word): what a face calls to parse before it calls a use case.
 */
export * from '../params.js';
export * from '../candles.js';
