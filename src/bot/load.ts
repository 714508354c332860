/**
 * Loads a bot: an ES module (`.mjs`, `.js`) as it is, or TypeScript (`.mts`, `.ts`, `.cts`) made plain
 * JavaScript first. No compiler ships with `bm` (esbuild, its build's bundler, is a development
 * dependency with an install script): TypeScript is stripped by Node itself where it can
 * (`module.stripTypeScriptTypes`, Node 22.13 and later), else by esbuild when the bot's project or `bm`'s
 * has it installed; otherwise the bot is refused with the ways out. The JavaScript is written beside the
 * bot for the moment of its import (so its own imports resolve from its folder) and removed at once.
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, extname, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { BmError, usage } from '../errors.js';
import type { Bot } from './types.js';

const TS = new Set(['.ts', '.mts', '.cts']);
const JS = new Set(['.js', '.mjs']);

/** Imports an ES module by URL from any host (the command line's bundle has no dynamic-import host of its own). */
async function importUrl(url: string): Promise<unknown> {
  try {
    return await (new Function('u', 'return import(u)') as (u: string) => Promise<unknown>)(url);
  } catch (err) {
    if ((err as { code?: string }).code !== 'ERR_VM_DYNAMIC_IMPORT_CALLBACK_MISSING') throw err;
    // Node's require of an ES module (20.19 and later).
    return createRequire(url)(new URL(url).pathname);
  }
}

/** TypeScript made JavaScript: Node's own stripping, else esbuild from the bot's folder or bm's. */
async function plainJs(file: string, source: string): Promise<string> {
  const strip = (await import('node:module') as { stripTypeScriptTypes?: (code: string, o?: object) => string }).stripTypeScriptTypes;
  if (strip) return strip(source, { mode: 'transform' });
  for (const req of [createRequire(file), createRequire(import.meta.url)]) {
    let esbuild: { transformSync(code: string, o: object): { code: string } };
    try {
      esbuild = req('esbuild') as typeof esbuild;
    } catch {
      continue;
    }
    return esbuild.transformSync(source, { loader: 'ts', format: 'esm', sourcefile: file, target: 'node20' }).code;
  }
  throw new BmError('usage', `${file}: a TypeScript bot needs Node 22.13 or later (which strips types itself), or esbuild installed (npm install --save-dev esbuild)`, {
    hint: 'or write the bot in JavaScript (.mjs): it runs as it is',
  });
}

/** The bot's default export; a usage error naming the file when it is not a function. */
export async function loadBot(path: string): Promise<Bot> {
  const file = resolve(path);
  const ext = extname(file).toLowerCase();
  if (!existsSync(file)) throw usage(`${path}: no such file`);
  if (!TS.has(ext) && !JS.has(ext)) throw usage(`${path}: a bot is an ES module: .mjs or .js (JavaScript), .mts or .ts (TypeScript)`);
  let mod: { default?: unknown };
  if (JS.has(ext)) mod = (await importUrl(pathToFileURL(file).href)) as typeof mod;
  else {
    const js = await plainJs(file, readFileSync(file, 'utf8'));
    const out = resolve(dirname(file), `.${basename(file, ext)}.${process.pid}.bm.mjs`);
    writeFileSync(out, js);
    try {
      mod = (await importUrl(pathToFileURL(out).href)) as typeof mod;
    } finally {
      rmSync(out, { force: true });
    }
  }
  if (typeof mod.default !== 'function') throw usage(`${path}: its default export is not a function (export default async function ({ client, clock, signal, params, log }) { ... })`);
  return mod.default as Bot;
}
