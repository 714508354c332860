/** What `bm doctor` checks of the core: the local clock against the venue's. */
export { clockSkew, CLOCK_FAIL_MS, CLOCK_NOTE_MS } from '../clock-skew.js';
