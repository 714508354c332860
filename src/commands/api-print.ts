/** What `bm api` prints: the answer's data as JSON, unless a format or `--fields` asks for rows. */
import type { Context } from '../context.js';

/** Prints `data`; `rows` prints it in the chosen format instead when one was asked for. */
export async function printApi(ctx: Context, data: unknown, rows: () => void): Promise<void> {
  if (ctx.globals.output || ctx.globals.json || ctx.env.BM_OUTPUT || ctx.globals.fields) return rows();
  const { jsonText } = await import('../render/json-text.js');
  ctx.io.out(`${jsonText(data, { indent: 2, rawIds: ctx.rawIds })}\n`);
}
