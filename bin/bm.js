#!/usr/bin/env node
// CommonJS (bin/package.json): an ES entry would start Node's ES module loader, a few ms of every run.
const { loadMain } = require('./load.js');

const argv = process.argv.slice(2);
const { main, done } = loadMain();
main.run(argv).then((code) => {
  process.exitCode = code;
  done(main.commandWord(argv));
});
