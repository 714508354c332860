// Module hooks of test/loader/register.mjs. Resolve: `./x.js` written in a .ts file (TypeScript's
// NodeNext spelling) is `./x.ts` when only that exists. Load: a .ts file is its JavaScript from the cache
// (cache.mjs), compiled now and kept when the cache has none or an older one.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { compiled } from './cache.mjs';

export async function resolve(specifier, context, nextResolve) {
  const parent = context.parentURL;
  if (parent?.endsWith('.ts') && specifier.endsWith('.js') && (specifier.startsWith('./') || specifier.startsWith('../'))) {
    const ts = new URL(`${specifier.slice(0, -3)}.ts`, parent);
    if (!existsSync(new URL(specifier, parent)) && existsSync(ts)) return { url: ts.href, format: 'module', shortCircuit: true };
  }
  return nextResolve(specifier, context);
}

export async function load(url, context, nextLoad) {
  if (!url.startsWith('file:') || !url.endsWith('.ts')) return nextLoad(url, context);
  return { format: 'module', source: await compiled(fileURLToPath(url)), shortCircuit: true };
}
