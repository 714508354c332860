import { randomBytes } from 'node:crypto';

/**
 * Client order ids for orders placed without one (spec 2.7: "a random string"): 32 hex digits, a
 * random prefix drawn once per process and a counter, so each id is unique and none costs a UUID.
 */
export class ClientIds {
  private readonly prefix = randomBytes(8).toString('hex');
  private n = 0;

  next(): string {
    return this.prefix + (this.n++).toString(16).padStart(16, '0');
  }
}
