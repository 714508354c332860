import { appendFileSync } from 'node:fs';

export async function load(url, context, next) {
  if (process.env.BM_LOAD_LOG) appendFileSync(process.env.BM_LOAD_LOG, `${url}\n`);
  return next(url, context);
}
