/**
 * The mode a background sandbox runs in: its `--limits` and whether it is `--strict`. BM_SANDBOX_STRICT
 * asks for strict; a sandbox restarted after a crash keeps the mode recorded for it.
 */
import { usage } from '../errors.js';
import type { Env } from '../util/paths.js';

export interface SandboxMode {
  /** `--limits` it runs with (absent: spec). */
  readonly limits?: string;
  /** Runs `--strict` (the spec's letter where the venue was looser). */
  readonly strict?: boolean;
}

/**
 * `BM_SANDBOX_STRICT`: `1` starts the background sandbox `--strict`, `0` or unset as the venue did;
 * anything else is a usage error (exit 2, before any request).
 */
export function strictWanted(env: Env): boolean {
  const v = env.BM_SANDBOX_STRICT ?? '';
  if (v !== '' && v !== '0' && v !== '1') throw usage(`BM_SANDBOX_STRICT: must be 1 (strict) or 0 (got '${v}')`);
  return v === '1';
}

/** The mode of a new background sandbox: the `recorded` one's, strict also when BM_SANDBOX_STRICT asks. */
export function modeOf(env: Env, recorded: SandboxMode | undefined): SandboxMode {
  const strict = strictWanted(env) || recorded?.strict === true;
  return { ...(recorded?.limits ? { limits: recorded.limits } : {}), ...(strict ? { strict } : {}) };
}
