/** The file of `bm order batch --file` (or stdin), read as text for the core's batch input to parse. */
import { readFileSync } from 'node:fs';
import { usage } from '../../errors.js';

/** Where the orders came from, as messages name it. */
export function sourceName(file: string): string {
  return file === '-' ? 'stdin' : file;
}

/** The text of `--file` (`-`: stdin). */
export async function readSource(file: string): Promise<string> {
  if (file !== '-') {
    try {
      return readFileSync(file, 'utf8');
    } catch (err) {
      throw usage(`--file: cannot read ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
    }
  }
  const chunks: Buffer[] = [];
  for await (const c of process.stdin) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
