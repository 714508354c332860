// test/run.mjs starts the test processes without the host's NODE_EXTRA_CA_CERTS (Node loads the certificates it
// names at every start, tens of ms of CPU for each of the run's hundreds of node processes, which talk to loopback
// venues) and keeps its value in BM_TEST_EXTRA_CA_CERTS. An install that reaches the npm registry puts it back.

/** `env` with the host's NODE_EXTRA_CA_CERTS, when it had one: for npm reaching the registry. */
export function registryEnv(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const ca = process.env.BM_TEST_EXTRA_CA_CERTS;
  return ca && env.NODE_EXTRA_CA_CERTS === undefined ? { ...env, NODE_EXTRA_CA_CERTS: ca } : env;
}
