#!/usr/bin/env node
import { loadMain } from './load.js';

const { main, done } = loadMain();
process.exitCode = await main.run(process.argv.slice(2));
done();
