/**
 * What this machine keeps of its conditional orders, as every command asks at its end (an armed algo no
 * runner holds is said): light on purpose, the algo use case (algo.ts) loads only when one is acted on.
 */
export { armedAlgos, unattendedAlgos } from '../algo/store.js';
