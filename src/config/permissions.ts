/**
 * Config files others could change. The settings say where signed requests go; whoever can rewrite
 * them (or the folders above them, by renaming) can send this user's signed requests to an address
 * of their choosing. So the config dir, the settings file, the credentials file and the folders above
 * them up to the home dir (up to `/` when the config dir is elsewhere) must belong to this user (or
 * root) and be writable by no one else. A folder above the config dir may be shared when its sticky
 * bit keeps others from renaming what is not theirs (as /tmp). Signed commands are refused while one
 * is exposed; public reads go on with a warning (they send no key). POSIX only: elsewhere nothing is checked.
 */
import { statSync, type Stats } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { config as configError, type BmError } from '../errors.js';
import { configDir, CREDENTIALS_FILE, homeDir, SETTINGS_FILE, type Env } from '../util/paths.js';

export interface Exposure {
  readonly path: string;
  /** What is wrong, e.g. `is writable by group and others (mode 777)`. */
  readonly why: string;
  /** The command that fixes it. */
  readonly fix: string;
}

const STICKY = 0o1000;

function look(path: string, role: 'file' | 'config dir' | 'above', uid: number): Exposure | undefined {
  let st: Stats | undefined;
  try {
    st = statSync(path, { throwIfNoEntry: false });
  } catch {
    return undefined; // unreadable: bm will say so when it reads it
  }
  if (!st) return undefined;
  if (st.uid !== uid && st.uid !== 0) {
    return { path, why: `belongs to another user (uid ${st.uid})`, fix: `chown ${uid} ${path}, or move it away and set bm up again` };
  }
  const who = [st.mode & 0o020 ? 'group' : '', st.mode & 0o002 ? 'others' : ''].filter(Boolean).join(' and ');
  if (!who || (role === 'above' && st.mode & STICKY)) return undefined;
  const fix = role === 'file' ? `chmod 600 ${path}` : role === 'config dir' ? `chmod 700 ${path}` : `chmod go-w ${path}`;
  return { path, why: `is writable by ${who} (mode ${(st.mode & 0o7777).toString(8)})`, fix };
}

/** The folders above `dir` up to `home` (inclusive) when `dir` is inside it, else up to `/`. */
function above(dir: string, home: string): string[] {
  const inside = !relative(home, dir).startsWith('..') && resolve(home) !== resolve(dir);
  const out: string[] = [];
  for (let d = dirname(dir); ; d = dirname(d)) {
    out.push(d);
    if ((inside && resolve(d) === resolve(home)) || dirname(d) === d) return out;
  }
}

/** Every config file or folder others could change, most specific first; empty when all is private. */
export function exposures(env: Env, uid: number | undefined = process.getuid?.()): Exposure[] {
  if (uid === undefined) return [];
  const dir = resolve(configDir(env));
  const home = resolve(homeDir(env));
  const found = [
    look(join(dir, SETTINGS_FILE), 'file', uid),
    look(join(dir, CREDENTIALS_FILE), 'file', uid),
    look(dir, 'config dir', uid),
    ...above(dir, home).map((d) => look(d, 'above', uid)),
  ];
  return found.filter((e): e is Exposure => e !== undefined);
}

/** The error of a signed command refused because of `found` (not empty): exit 5, with every fix. */
function exposedError(found: readonly Exposure[]): BmError {
  const first = found[0]!;
  return configError(
    `${first.path} ${first.why}: whoever can change it can redirect signed requests, so bm signs nothing until it is fixed`,
    found.map((e) => e.fix).join('; '),
  );
}

/** Throws {@link exposedError} when a config file or folder is exposed: call before anything is signed. */
export function refuseExposedConfig(env: Env): void {
  const found = exposures(env);
  if (found.length) throw exposedError(found);
}

/** The warning of a command that sends no key while the config is exposed, or undefined. */
export function exposedWarning(env: Env): string | undefined {
  const found = exposures(env);
  if (!found.length) return undefined;
  const first = found[0]!;
  return `bm: warning: ${first.path} ${first.why}: signed commands are refused until: ${found.map((e) => e.fix).join('; ')}`;
}
