/** The REST calls of both generations a session or a library client makes: loaded on a first call. */
export { CurrentCalls } from '../calls.js';
export { LegacyCalls } from '../legacy-calls.js';
