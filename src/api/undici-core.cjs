'use strict';
// The part of undici a one-shot needs: Agent with the request API. Loading undici's index would
// also load fetch, WebSocket, caches and mocks, which costs more than the request itself.
const Dispatcher = require('undici/lib/dispatcher/dispatcher');
const Agent = require('undici/lib/dispatcher/agent');

Dispatcher.prototype.request = require('undici/lib/api/api-request');

exports.Agent = Agent;
exports.loadEnvHttpProxyAgent = function loadEnvHttpProxyAgent() {
  return require('undici/lib/dispatcher/env-http-proxy-agent');
};
