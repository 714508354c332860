'use strict';
// commander requires child_process at load for executable subcommands, which bm does not use;
// loading it (with net, dgram and streams) cost every one-shot. This stand-in loads it on first use.
let real;
const load = () => (real ??= require('node:child_process'));
module.exports = new Proxy({}, { get: (_t, key) => load()[key], has: (_t, key) => key in load() });
