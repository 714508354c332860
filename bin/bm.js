#!/usr/bin/env node
import { loadMain } from './load.js';

const argv = process.argv.slice(2);
const { main, done } = loadMain();
process.exitCode = await main.run(argv);
done(main.commandWord(argv));
