/**
 * `bm` as a library: `import { Client, startSandbox } from 'bm'`. The client's methods come from the
 * endpoint catalogue (named as the CLI's commands); writes keep the CLI's guarantees; the sandbox
 * exchange starts in-process. Nothing of the command line (commander, prompts, keychain) loads here.
 */
export { Client } from './client.js';
export { BmError, UnknownOutcomeError } from './errors.js';
export { startSandbox } from './sandbox.js';
export { decimal } from './decimal.js';
export { StreamError } from './errors.js';
export type * from './types.js';
export type * from './types-orders.js';
