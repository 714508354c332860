/** Exchange errors with the spec's messages (src/api/codes.ts), `%s`/`%d` filled in. */
import { codes } from '../api/codes.js';
import { ExchangeError } from './exchange-api.js';

/** An {@link ExchangeError} for `code`, its message's placeholders replaced by `args` in order. */
export function fail(code: number, ...args: Array<string | number>): ExchangeError {
  let message = codes().get(code)?.message ?? 'Bad Request';
  for (const a of args) message = message.replace(/%[sd]/, String(a));
  return new ExchangeError(code, message);
}
