/**
 * The part of undici `bm` uses: the proxy agent that honours HTTPS_PROXY/HTTP_PROXY/NO_PROXY, with
 * the request API. Loading undici's index would also load fetch, WebSocket, caches and mocks.
 * The build bundles this file on its own (dist/vendor), loaded only when a proxy is in effect.
 */
// @ts-expect-error undici ships no types for its internal files
import Dispatcher from 'undici/lib/dispatcher/dispatcher.js';
// @ts-expect-error as above
import api from 'undici/lib/api/index.js';
// @ts-expect-error as above
import EnvHttpProxyAgent from 'undici/lib/dispatcher/env-http-proxy-agent.js';
import type { EnvHttpProxyAgent as ProxyAgentType } from 'undici';

// The proxy agent tunnels with connect() and sends with request(): the API methods undici's index adds.
Object.assign((Dispatcher as { prototype: object }).prototype, api);

export function loadEnvHttpProxyAgent(): typeof ProxyAgentType {
  return EnvHttpProxyAgent as typeof ProxyAgentType;
}
