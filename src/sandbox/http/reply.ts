/** Responses of the current generation: the envelope, the error body, rate-limit headers. */
import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { codes } from '../../api/codes.js';
import { stringifyJson } from '../../util/json.js';

export type Headers = Record<string, string>;

/** `{code:1000,message:"OK",trace,data}`; bigints in `data` are written as exact JSON numbers. */
export function okBody(data: unknown): string {
  return stringifyJson({ code: 1000, message: 'OK', trace: randomUUID(), data });
}

/** An error envelope with an empty data object. */
export function errorBody(code: number, message: string): string {
  return stringifyJson({ code, message, trace: randomUUID(), data: {} });
}

/** The HTTP status the spec gives a code (400 for unknown business codes). */
export function statusOf(code: number): number {
  return codes().get(code)?.http || 400;
}

export function send(res: ServerResponse, status: number, body: string, headers: Headers = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...headers });
  res.end(body);
}
