/**
 * Reading orders and fills, of one pair or across the pairs of an account, as every face reads them:
 * the pairs to ask, one request a pair paced within the venue's limits, pages walked to the end (with
 * a cap), the newest first; a read of one order by its id checked to be that order.
 */
export { balances, fetchingNote, fillParams, forPair, newestFirst, openOrderParams, pacing, pairsOfAccount, rowsOverPairs, type Balance } from '../order/across.js';
export { ALL_ROWS_CAP, fillPages, ORDERS_UNPAGED, pageThrough, type PagedEnd, type PagedQuery } from '../order/pages.js';
export { allPairs, pairRules, pricePlaces, type PairRules, type PairSource } from '../order/pairs.js';
export { checkAnswered } from '../order/answered.js';
