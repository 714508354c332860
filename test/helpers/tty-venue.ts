/**
 * The venue of a terminal test file: the binary's sandbox, an account of its own (its keys in `env`,
 * which the tmux panes are given), and a private tmux server; both stopped after the file.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { after, before } from 'node:test';
import { bm, isolatedEnv, startSandbox } from './bm.js';

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
export function useTtyVenue(beforeStop: () => void = () => {}): TtyVenue {
  const hasTmux = spawnSync('tmux', ['-V']).status === 0;
  const env = isolatedEnv({ NO_COLOR: '1' });
  const socket = join(env.HOME!, 'tmux.sock');
  let url = '';
  let stop: () => Promise<void> = async () => {};
  before(async () => {
    ({ url, stop } = await startSandbox());
    const a = JSON.parse(bm(['--base-url', url, 'sandbox', 'account', 'create', '--json'], env).stdout) as Record<string, string>;
    Object.assign(env, { BM_API_KEY: a.key!, BM_API_SECRET: a.secret!, BM_API_MEMO: a.memo! });
  });
  after(async () => {
    if (hasTmux) spawnSync('tmux', ['-S', socket, 'kill-server']);
    beforeStop();
    await stop();
  });
  return { hasTmux, env, socket, url: () => url };
}
