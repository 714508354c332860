/** `bm contract order`: numbers as the sample sends them, a nonce in seconds, a custom id, confirmed first. */
import { randomInt } from 'node:crypto';
import { confirmWrite } from '../confirm.js';
import { execute, type Invocation } from '../engine.js';
import { wireParams } from '../params.js';

export async function run(inv: Invocation): Promise<void> {
  const { ctx, ep, values } = inv;
  const customId = values.custom_id ?? String(Date.now() * 1000 + randomInt(1000));
  const params = wireParams(ep, { ...values, custom_id: customId, nonce: String(Math.floor(Date.now() / 1000)) });
  const v = values;
  await confirmWrite(ctx, `Submit contract order: contract ${v.contract_id}, way ${v.way}, ${v.vol} contracts at ${v.price}, leverage ${v.leverage}?`, 'contract order');
  await execute(inv, params);
}
