/** `bm contract order`: adds the nonce (seconds); the custom id, confirmation and proof come from the catalogue. */
import { execute, type Invocation } from '../engine.js';
import { wireParams } from '../../core/usecases/params.js';

export async function run(inv: Invocation): Promise<void> {
  await execute(inv, wireParams(inv.ep, { ...inv.values, nonce: String(Math.floor(Date.now() / 1000)) }));
}
