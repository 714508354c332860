/**
 * The part of undici `bm` uses: the proxy agent that honours HTTPS_PROXY/HTTP_PROXY/NO_PROXY, with
 * the request API. Loading undici's index would also load fetch, WebSocket, caches and mocks.
 * The build bundles this file on its own (dist/vendor), loaded only when a proxy is in effect.
 */
// @ts-expect-error undici ships no types for its internal files
import Dispatcher from 'undici/lib/dispatcher/dispatcher.js';
// @ts-expect-error as above
import request from 'undici/lib/api/api-request.js';
// @ts-expect-error as above
import EnvHttpProxyAgent from 'undici/lib/dispatcher/env-http-proxy-agent.js';
import type { EnvHttpProxyAgent as ProxyAgentType } from 'undici';

(Dispatcher as { prototype: Record<string, unknown> }).prototype.request = request;

export function loadEnvHttpProxyAgent(): typeof ProxyAgentType {
  return EnvHttpProxyAgent as typeof ProxyAgentType;
}
