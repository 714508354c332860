/** The command line as the conditional orders' use cases see it (src/core/usecases/algo.ts): its environment, prompts, stderr and writes. */
import type { Context } from '../context.js';
import type { AlgoFace, AlgoPort } from '../core/usecases/algo.js';
import { currentChannel } from './write-current.js';

export function algoPort(ctx: Context): AlgoPort {
  const warn = (line: string) => ctx.io.err(`${line}\n`);
  return {
    env: ctx.session.env, host: ctx, warn, writes: ctx.writes, ownSandbox: true,
    sink: { warn, note: (line) => ctx.note(line), get canPrompt() {
      return ctx.io.canPrompt;
    } },
    ...(ctx.clock ? { clock: ctx.clock } : {}),
  };
}

/** The face of this invocation's own venue and account: where an algo it arms runs. */
export async function algoFace(ctx: Context, command: string): Promise<AlgoFace> {
  return { calls: await ctx.calls(), host: ctx, channel: currentChannel(ctx), command, ...(ctx.clock ? { clock: ctx.clock } : {}) };
}
