/**
 * The sandbox paper account: what signs requests on a fresh machine with no profile. Created on
 * first need through the running sandbox's admin route, then kept in `<stateDir>/sandbox/paper.json`
 * (0600, directory 0700), beside the sandbox state it belongs to: `bm sandbox reset` deletes both
 * together. docs/profiles.md says why this is not the keychain.
 */
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Credentials } from '../api/client.js';
import { send, TransportError } from '../api/transport.js';
import { writeFileAtomic } from '../util/atomic-file.js';
import type { Env } from '../util/paths.js';
import { BmError } from '../errors.js';
import { sandboxHome } from '../config/sandbox-record.js';
import { ensurePrivateDir, FILE_MODE } from './store.js';

export const PAPER_FILE = 'paper.json';
export const ACCOUNTS_ROUTE = '/sandbox/v1/accounts';
/** What a new paper account holds: decimal strings. */
export const PAPER_DEPOSIT = { USDT: '10000', BTC: '1', ETH: '10' } as const;

export interface PaperAccount extends Credentials {
  readonly account_id: string;
  readonly permissions: string;
}

const issued = new WeakSet<Credentials>();

/** True when these credentials are the paper account's (so a 30002 may mean the sandbox was reset). */
export function isPaper(creds: Credentials | undefined): boolean {
  return creds !== undefined && issued.has(creds);
}

export function paperPath(env: Env): string {
  return join(sandboxHome(env), PAPER_FILE);
}

/** The remembered paper account, if any. */
export function readPaper(env: Env): PaperAccount | undefined {
  try {
    const v = JSON.parse(readFileSync(paperPath(env), 'utf8')) as Partial<PaperAccount>;
    if (typeof v.key === 'string' && typeof v.secret === 'string' && typeof v.memo === 'string') {
      return { account_id: String(v.account_id ?? ''), key: v.key, secret: v.secret, memo: v.memo, permissions: String(v.permissions ?? '') };
    }
  } catch {
    // absent or damaged: a new one is created
  }
  return undefined;
}

/** Forgets the remembered paper account (the sandbox no longer knows it). */
export function forgetPaper(env: Env): void {
  rmSync(paperPath(env), { force: true });
}

/** The paper account's credentials: the remembered one, else a new one created on the sandbox at `baseUrl`. */
export async function paperCredentials(env: Env, baseUrl: () => Promise<string>, timeoutMs: number): Promise<Credentials> {
  const account = readPaper(env) ?? (await createPaper(env, await baseUrl(), timeoutMs));
  const creds: Credentials = { key: account.key, secret: account.secret, memo: account.memo };
  issued.add(creds);
  return creds;
}

/** Creates a paper account on the sandbox and remembers it. */
export async function createPaper(env: Env, baseUrl: string, timeoutMs: number): Promise<PaperAccount> {
  const body = JSON.stringify({ deposit: PAPER_DEPOSIT, permissions: 'trade' });
  const url = `${baseUrl}${ACCOUNTS_ROUTE}`;
  let res;
  try {
    res = await send({ method: 'POST', url, headers: { 'content-type': 'application/json', accept: 'application/json' }, body, timeoutMs }, env);
  } catch (err) {
    const code = err instanceof TransportError ? err.code : 'EUNKNOWN';
    throw new BmError('network', `cannot create the sandbox paper account: ${(err as Error).message}`, {
      code, hint: 'see bm sandbox status; bm sandbox stop then any command starts a fresh one', retryable: true,
    });
  }
  let env_: { code?: unknown; message?: unknown; trace?: unknown; data?: Partial<Record<keyof PaperAccount, unknown>> } | undefined;
  try {
    env_ = JSON.parse(res.text) as typeof env_;
  } catch {
    env_ = undefined;
  }
  const d = env_?.data;
  if (res.status < 300 && String(env_?.code) === '1000' && d && typeof d.key === 'string' && typeof d.secret === 'string' && typeof d.memo === 'string') {
    const account: PaperAccount = {
      account_id: String(d.account_id ?? ''), key: d.key, secret: d.secret, memo: d.memo, permissions: String(d.permissions ?? 'trade'),
    };
    remember(env, account);
    return account;
  }
  throw new BmError(res.status === 404 ? 'config' : 'venue', `the sandbox did not create a paper account (HTTP ${res.status})`, {
    ...(env_?.code !== undefined ? { code: String(env_.code) } : {}),
    ...(typeof env_?.message === 'string' ? { venueMessage: env_.message } : {}),
    ...(env_?.trace !== undefined ? { trace: String(env_.trace) } : {}),
    httpStatus: res.status,
    hint: res.status === 404
      ? 'the running sandbox predates paper accounts: restart it with bm sandbox stop, or add a profile with bm profile add NAME'
      : 'reset the sandbox with: bm sandbox reset',
  });
}

function remember(env: Env, account: PaperAccount): void {
  ensurePrivateDir(sandboxHome(env));
  writeFileAtomic(paperPath(env), `${JSON.stringify({ ...account, created_at: new Date().toISOString() }, null, 2)}\n`, FILE_MODE);
}
