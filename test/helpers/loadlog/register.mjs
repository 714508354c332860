// `node --import ./register.mjs`: appends every module the process loads to $BM_LOAD_LOG: ES modules
// through the loader hooks, CommonJS files (vendor files) through Module._load, and bm's bundles
// (compiled by bin/load.js with their code caches) through vm.Script.
import { appendFileSync } from 'node:fs';
import Module, { register } from 'node:module';
import { pathToFileURL } from 'node:url';
import vm from 'node:vm';

register('./hooks.mjs', import.meta.url);

const load = Module._load;
Module._load = function (request, parent, isMain) {
  const out = load.call(this, request, parent, isMain);
  if (process.env.BM_LOAD_LOG && !request.startsWith('node:')) {
    try {
      appendFileSync(process.env.BM_LOAD_LOG, `${pathToFileURL(Module._resolveFilename(request, parent, isMain)).href}\n`);
    } catch {
      // a builtin without the node: prefix
    }
  }
  return out;
};

vm.Script = class extends vm.Script {
  constructor(code, options) {
    super(code, options);
    if (process.env.BM_LOAD_LOG && options?.filename) appendFileSync(process.env.BM_LOAD_LOG, `${pathToFileURL(options.filename).href}\n`);
  }
};
