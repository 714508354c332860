// Preloaded into a `bm` a test starts (NODE_OPTIONS=--import this file): its Date.now runs CLOCK_SHIFT_MS
// ahead of the system's (negative: behind), as on a machine whose clock is off. What it starts inherits it.
const shift = Number(process.env.CLOCK_SHIFT_MS ?? '0');
const now = Date.now;
Date.now = () => now() + shift;
