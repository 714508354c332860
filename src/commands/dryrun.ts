/** `--dry-run`: the exact request that would be sent, with key and signature redacted. */
import { shownRequest, type ShownRequest } from '../api/redact.js';
import type { Context } from '../context.js';
import { stringifyJson } from '../util/json.js';

/**
 * Prints the request on stdout: as JSON with -o json/ndjson, else as HTTP text. `note` false leaves
 * the "nothing was sent" line to the caller (one line for many requests).
 */
export function printDryRun(ctx: Context, prepared: ShownRequest, note = true): void {
  const req = shownRequest(prepared);
  const headers = req.headers;
  if (ctx.format === 'json' || ctx.format === 'ndjson') {
    ctx.io.out(`${stringifyJson({ method: req.method, url: req.url, headers, body: req.body ?? null }, ctx.format === 'json' ? 2 : undefined)}\n`);
    return;
  }
  let text = `${req.method} ${req.url}\n`;
  for (const [k, v] of Object.entries(headers)) text += `${k}: ${v}\n`;
  if (req.body !== undefined) text += `\n${req.body}\n`;
  ctx.io.out(text);
  if (note) ctx.note('dry run: nothing was sent');
}
