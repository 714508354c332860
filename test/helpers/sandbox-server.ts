/** Starts the real sandbox server on port 0 for one test file; its log lines are kept, not printed. */
import { after, before } from 'node:test';
import { startServer, type RunningSandbox } from '../../src/sandbox/server.js';

export interface Harness {
  readonly sandbox: () => RunningSandbox;
  readonly base: () => string;
  readonly log: string[];
}

export function useSandbox(seed = 11): Harness {
  let s: RunningSandbox | undefined;
  const log: string[] = [];
  before(async () => {
    s = await startServer({ port: 0, seed, log: (l) => log.push(l) });
  });
  after(async () => {
    await s?.close();
  });
  return { sandbox: () => s!, base: () => s!.url, log };
}
