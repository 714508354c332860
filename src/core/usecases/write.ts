/**
 * The shapes of a write the faces name: an endpoint as the write pipeline sees it (its command-line
 * parameters), the channel a face's requests leave through (a dry run shown its way), a proven result.
 */
export { apiChannel } from '../api-channel.js';
export type { CliParam, WriteChannel, WriteEntry } from '../write/channel.js';
export type { WriteResult } from '../write/pipeline.js';
