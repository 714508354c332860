/**
 * The sandbox as a child process: `bm sandbox serve` of this package on a free loopback port, in
 * memory; accounts made through its admin route (loopback only), as `bm sandbox account create` does.
 */
import { spawn } from 'node:child_process';
import { BmError } from '../errors.js';
import type { RunningVenue, SandboxOptions } from './types.js';
import { ownBin } from '../util/own-bin.js';

/** Starts `bm sandbox serve` and resolves once it listens; `limits` as given (spec, off or a factor). */
export async function startChild(opts: SandboxOptions, limits: string): Promise<RunningVenue> {
  const args = [ownBin(), 'sandbox', 'serve', '--port', String(opts.port ?? 0), '--limits', limits, ...(opts.seed !== undefined ? ['--seed', String(opts.seed)] : []),
    ...(opts.strict ? ['--strict'] : []), ...(opts.service !== undefined ? ['--service', opts.service] : []),
    ...(opts.warmUpMs !== undefined ? ['--warm-up', String(opts.warmUpMs)] : [])];
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => {
      out += c;
      const m = /listening (http:\/\/\S+)/.exec(out);
      if (m) resolve(m[1]!);
    });
    child.stderr.setEncoding('utf8').on('data', (c: string) => {
      err += c;
      for (const line of c.split('\n')) if (line) opts.log?.(line);
    });
    child.once('exit', (code) => reject(new BmError('network', `the sandbox exited at start (code ${code}): ${err.trim().split('\n')[0] ?? ''}`)));
    child.once('error', (e) => reject(new BmError('internal', `cannot start the sandbox: ${e.message}`)));
  });
  const exited = new Promise<void>((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', () => resolve())));
  return {
    url,
    wsUrl: url.replace(/^http/, 'ws'),
    async createAccount(o = {}) {
      const res = await fetch(`${url}/sandbox/v1/accounts`, {
        method: 'POST', headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...(o.deposit ? { deposit: o.deposit } : {}), permissions: o.permissions ?? 'withdraw' }),
      });
      const body = (await res.json()) as { code?: unknown; message?: unknown; data?: { account_id: string; key: string; secret: string; memo: string; permissions: 'read-only' | 'trade' | 'withdraw' } };
      if (String(body.code) !== '1000' || !body.data) throw new BmError('venue', `the sandbox did not create the account: ${String(body.message)}`, { httpStatus: res.status, code: String(body.code) });
      const a = body.data;
      return { id: a.account_id, key: a.key, secret: a.secret, memo: a.memo, permissions: a.permissions };
    },
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
