import { build } from 'esbuild';
const r = await build({ entryPoints: ['src/main.ts'], bundle: true, platform: 'node', format: 'cjs', write: false, metafile: true, external: ['@napi-rs/keyring', 'bufferutil', 'utf-8-validate', 'esbuild', 'ws', 'pako', '@inquirer/prompts', 'conf', 'cli-table3', 'undici'], supported: { 'dynamic-import': false }, logLevel: 'silent' });
const meta = r.metafile; const EAGER = new Set(['entry-point', 'import-statement', 'require-call']);
const close = (roots, dyn, stop = new Set()) => { const s = new Set(); const q = [...roots]; while (q.length) { const f = q.pop(); if (s.has(f) || stop.has(f)) continue; s.add(f); for (const i of meta.inputs[f]?.imports ?? []) if (!i.external && (EAGER.has(i.kind) || (dyn && i.kind === 'dynamic-import'))) q.push(i.path); } return s; };
const size = (s) => [...s].reduce((a, f) => a + (meta.inputs[f]?.bytes ?? 0), 0);
const sel = (ps) => ps.flatMap((p) => Object.keys(meta.inputs).filter((f) => p.endsWith('/') ? f.startsWith(p) : f === p));
const base = close(['src/main.ts', ...sel(process.argv[2].split(','))], false);
console.log('base', base.size, size(base));
const ex = close(sel(process.argv.slice(3)), !!process.env.DYN, base);
const extra = [...ex];
console.log('extra', extra.length, size(new Set(extra)));
const dirs = new Map(); for (const f of extra) { const d = f.split('/').slice(0, 3).join('/'); dirs.set(d, (dirs.get(d) ?? 0) + meta.inputs[f].bytes); }
console.log([...dirs].sort((a, b) => b[1] - a[1]).map(([d, b]) => `${b} ${d}`).join('\n'));
if (process.env.LIST) console.log(extra.filter((f) => f.includes(process.env.LIST)).join('\n'));
