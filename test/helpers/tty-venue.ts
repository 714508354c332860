/**
 * The venue of a terminal test file: the sandbox of `bm sandbox serve --strict --warm-up 0` in this process,
 * an account of its own (its keys in `env`, which the tmux panes are given), and a private tmux server; both
 * stopped after the file. The `bm` in a pane waits a minute for an answer (BM_TIMEOUT): this process also
 * runs other files' tests. What the file runs itself must leave its event loop free (`runBm`, not `bm`).
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { after, before } from 'node:test';
import { isolatedEnv } from './bm.js';
import { runBm } from './in-process.js';
import { startReadySandbox } from './sandbox-server.js';

export interface TtyVenue {
  readonly hasTmux: boolean;
  /** The file's environment: an isolated home and, once started, the account's keys. */
  readonly env: Record<string, string>;
  /** The private tmux server's socket. */
  readonly socket: string;
  /** The sandbox's address (after the file's `before`). */
  url(): string;
}

/** `beforeStop` runs after the file, before the sandbox stops (e.g. to end what a failed test left running). */
export function useTtyVenue(beforeStop: () => void | Promise<void> = () => {}): TtyVenue {
  const hasTmux = spawnSync('tmux', ['-V']).status === 0;
  const env = isolatedEnv({ NO_COLOR: '1', BM_TIMEOUT: '60000' });
  const socket = join(env.HOME!, 'tmux.sock');
  let url = '';
  let stop: () => Promise<void> = async () => {};
  before(async () => {
    ({ url, stop } = await startReadySandbox());
    const r = await runBm(['--base-url', url, 'sandbox', 'account', 'create', '--json'], env);
    if (r.code !== 0) throw new Error(`sandbox account create: ${r.stderr}`);
    const a = JSON.parse(r.stdout) as Record<string, string>;
    Object.assign(env, { BM_API_KEY: a.key!, BM_API_SECRET: a.secret!, BM_API_MEMO: a.memo! });
  });
  after(async () => {
    if (hasTmux) spawnSync('tmux', ['-S', socket, 'kill-server']);
    await beforeStop();
    await stop();
  });
  return { hasTmux, env, socket, url: () => url };
}
