/**
 * The exchange state as one JSON document, and its file: written atomically (temp file, fsync,
 * rename, fsync of the folder) so a killed server finds either the old or the new state, never a
 * torn one.
 */
import { existsSync, readFileSync } from 'node:fs';
import { writeFileAtomic } from '../../util/atomic-file.js';
import { firstViolation } from './state-check.js';
import type { ExchangeState } from './state-types.js';

export type { ExchangeState, TapeState } from './state-types.js';

export const STATE_VERSION = 1;

export class StateFileError extends Error {
  constructor(readonly path: string, message: string) {
    super(`${path}: ${message}`);
    this.name = 'StateFileError';
  }
}

/** The saved state, or undefined when the file does not exist; a damaged or inconsistent one throws {@link StateFileError}. */
export function loadState(path: string): ExchangeState | undefined {
  if (!existsSync(path)) return undefined;
  let s: ExchangeState;
  try {
    s = JSON.parse(readFileSync(path, 'utf8')) as ExchangeState;
  } catch (err) {
    throw new StateFileError(path, `unreadable state (${(err as Error).message})`);
  }
  if (!s || typeof s !== 'object' || Array.isArray(s)) throw new StateFileError(path, 'not a sandbox state (a JSON object is expected)');
  if (s.version !== STATE_VERSION) throw new StateFileError(path, `state version ${String(s.version)}, expected ${STATE_VERSION}`);
  const wrong = SHAPE.find(([key, kind]) => kindOf((s as unknown as Record<string, unknown>)[key]) !== kind);
  if (wrong) throw new StateFileError(path, `not a sandbox state: "${wrong[0]}" is not ${/^[aeiou]/.test(wrong[1]) ? 'an' : 'a'} ${wrong[1]}`);
  // Never started on, never mended: a state that breaks a rule of the exchange is refused as it is.
  const broken = firstViolation(s);
  if (broken) throw new StateFileError(path, `not a consistent sandbox state: ${broken}`);
  return s;
}

/** Every field of a saved state and its JSON kind: valid JSON of another shape is refused, never read as empty. */
const SHAPE: ReadonlyArray<readonly [keyof ExchangeState, string]> = [
  ['seed', 'number'], ['genesis', 'number'], ['nextId', 'string'], ['nextAccount', 'number'], ['accounts', 'array'],
  ['ledger', 'object'], ['orders', 'array'], ['fills', 'array'], ['sim', 'object'], ['tapes', 'object'],
];

function kindOf(v: unknown): string {
  if (Array.isArray(v)) return 'array';
  return v === null ? 'null' : typeof v;
}

/** Writes the state durably: temp file, fsync, rename over the old one, fsync of the folder. */
export function saveState(path: string, state: ExchangeState): void {
  writeFileAtomic(path, JSON.stringify(state), 0o600);
}

/**
 * Coalesces saves: every caller of {@link flush} in the same turn of the event loop shares one
 * write, and each promise resolves only once a write that began after the call has finished.
 */
export class Persister {
  private pending?: Promise<void>;
  constructor(private readonly path: string, private readonly snapshot: () => ExchangeState) {}

  flush(): Promise<void> {
    this.pending ??= new Promise<void>((resolve, reject) => {
      setImmediate(() => {
        this.pending = undefined;
        try {
          saveState(this.path, this.snapshot());
          resolve();
        } catch (err) {
          reject(err as Error);
        }
      });
    });
    return this.pending;
  }

  /** Saves now (at close). */
  saveNow(): void {
    saveState(this.path, this.snapshot());
  }
}
