/** The file of `bm order batch --file` (or stdin), read as text for the core's batch input to parse. */
import { readFileSync } from 'node:fs';
import { usage } from '../../errors.js';
import type { InStream } from '../../render/io.js';

/** Where the orders came from, as messages name it. */
export function sourceName(file: string): string {
  return file === '-' ? 'stdin' : file;
}

/** The text of `--file` (`-`: all of `stdin`). */
export async function readSource(file: string, stdin: InStream): Promise<string> {
  if (file !== '-') {
    try {
      return readFileSync(file, 'utf8');
    } catch (err) {
      throw usage(`--file: cannot read ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
    }
  }
  const chunks: Buffer[] = [];
  for await (const c of stdin as unknown as AsyncIterable<Buffer | string>) chunks.push(Buffer.from(c));
  return Buffer.concat(chunks).toString('utf8');
}
