// chalk's styles and its colour-level detection as one vendor file. The detection is taken with
// argv sniffing off: bm's own `--color <when>` would otherwise read as chalk's `--color` flag.
export { Chalk } from 'chalk';
export { createSupportsColor } from '../node_modules/chalk/source/vendor/supports-color/index.js';
