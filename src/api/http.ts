/**
 * The HTTP types both REST generations share: a request as sent, an answer as received, and the
 * failure of a request that got no answer.
 */

export interface HttpRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: Record<string, string>;
  readonly body?: string;
  /** Whole-request timeout, ms. */
  readonly timeoutMs: number;
  /** Ends the request as timed out when it aborts; absent: a system timer of `timeoutMs`. */
  readonly signal?: AbortSignal;
  /**
   * Send on a new connection: idle keep-alive sockets to this origin are discarded first. Set for a
   * retry after a back-off, when the venue (or a proxy) may have closed the idle socket meanwhile.
   */
  readonly fresh?: boolean;
}

export interface HttpResponse {
  readonly status: number;
  /** Header names in lower case. */
  readonly headers: Record<string, string>;
  readonly text: string;
}

/** A request that got no HTTP answer. `reached` is false only when it surely never left. */
export class TransportError extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly reached: boolean,
  ) {
    super(message);
    this.name = 'TransportError';
  }
}
