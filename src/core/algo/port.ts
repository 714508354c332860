/**
 * What a face (the command line, the library) gives the conditional orders' use cases, and the face of
 * one algo on the venue and account it was armed on: a session built from its binding alone, whose
 * credentials are checked to be that account's before any request leaves (and never renewed: a paper
 * account made anew is another account).
 */
import type { Credentials } from '../../api/client.js';
import type { Env } from '../../util/paths.js';
import { CurrentCalls } from '../calls.js';
import type { WaitClock } from '../../util/clock.js';
import { Session } from '../session.js';
import type { SessionSink } from '../session-options.js';
import type { LibVenue } from '../venue.js';
import type { WriteHost } from '../write/host.js';
import type { WriteLog } from '../write/log.js';
import { boundSession, checkAccount, type AlgoBinding } from './binding.js';
import type { AlgoFace } from './run.js';

export interface AlgoPort {
  /** The environment of the face: the state dir, and what a runner or a bound session starts from. */
  readonly env: Env;
  /** Confirmations, notes (progress lines), dry runs. */
  readonly host: WriteHost;
  /** A line the user must see whatever the options: a leg refused, an algo whose runner is not running. */
  warn(line: string): void;
  /** Where a bound session's own lines go, and whether a person may be asked (a keychain). */
  readonly sink: SessionSink;
  /** The writes this invocation sends (the command line's exit codes read it). */
  readonly writes?: WriteLog;
  readonly clock?: WaitClock;
  /** True: the built-in sandbox is started when it is not running (the command line); false: only found. */
  readonly ownSandbox: boolean;
}

/** The face of algo `id` on its binding's venue and account: nothing of the port's own venue is used. */
export function boundFace(port: AlgoPort, id: string, b: AlgoBinding, command: string): AlgoFace {
  const { options, env } = boundSession(b, port.env);
  const session = new Session(options, env, port.sink, port.writes, port.ownSandbox, port.clock);
  let creds: Promise<Credentials> | undefined;
  const { renewKey: _never, ...reach } = session.libVenue();
  const venue: LibVenue = {
    ...reach,
    // Bound to no account (an alert): no key is looked for, none is used.
    credentials: () => (b.account.from === 'none' ? Promise.resolve(undefined) : (creds ??= session.credentials().then((c) => {
      checkAccount(id, b, c);
      return c!;
    }))),
  };
  const made = new CurrentCalls({ ...session.wiring(), venue });
  const calls = port.writes ? port.writes.watch(made, (ep) => ep.write ?? ep.method !== 'GET') : made;
  return {
    calls, host: port.host, channel: calls.channel(async () => undefined), command,
    ...(port.clock ? { clock: port.clock } : {}),
  };
}

/** Proves the bound account is at hand (exit 5 when not), before anything is started or sent. */
export async function checkBound(face: AlgoFace): Promise<void> {
  await face.calls.wiring.venue.credentials();
}

/** A face on no venue: any request is `refused()` (which throws) before it is built. */
export function nowhereFace(port: AlgoPort, command: string, refused: () => never): AlgoFace {
  const no = async (): Promise<never> => refused();
  const calls = new CurrentCalls({ venue: { baseUrl: no, ws: no, legacyUrl: no, credentials: no }, env: port.env, timeoutMs: 1, note: () => undefined, gateTrace: () => undefined });
  return { calls, host: port.host, channel: calls.channel(async () => undefined), command };
}
