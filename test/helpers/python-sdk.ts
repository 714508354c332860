/**
 * The official Python SDK (bitmart-python-sdk-api 2.5.0) for the client tests: installed by .ci/run with
 * `pip install --target` into a cache outside the repository, `$XDG_CACHE_HOME/bm-test/bitmart-python-sdk-2.5.0`
 * (else `~/.cache/...`), when the machine reaches a Python registry. Absent, its tests skip and say so loudly.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

export const PYTHON_SDK_VERSION = '2.5.0';

/** The folder the SDK is installed into. */
export function pythonSdkDir(env: NodeJS.ProcessEnv = process.env): string {
  return join(env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'bm-test', `bitmart-python-sdk-${PYTHON_SDK_VERSION}`);
}

/** Why the SDK cannot be driven here, or undefined when it can (python3 and the installed package). */
export function pythonSdkMissing(dir = pythonSdkDir()): string | undefined {
  if (spawnSync('python3', ['--version']).status !== 0) return 'python3 is not on this machine';
  if (!existsSync(join(dir, 'bitmart', 'api_spot.py'))) return `bitmart-python-sdk-api ${PYTHON_SDK_VERSION} is not installed in ${dir} (.ci/run installs it with pip where a Python registry is reached)`;
  return undefined;
}
