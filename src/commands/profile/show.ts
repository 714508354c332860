/** `bm profile show [NAME]`: one profile's settings and its key, masked; never the secret or the memo. */
import type { Context } from '../../context.js';
import { config as configError } from '../../errors.js';
import { storageLabel } from '../../profiles/secrets.js';
import { show as print } from '../engine.js';
import { LOCAL_COLUMNS } from '../local-columns.js';
import { baseUrlLabel, maskKey, profileNamed, storeOf, venueOf } from './common.js';

export async function show(ctx: Context, nameArg: string | undefined): Promise<void> {
  const name = nameArg ?? ctx.settings.currentProfile;
  if (!name) throw configError('no current profile', 'name one (bm profile show NAME) or list them: bm profile list');
  const p = profileNamed(ctx, name);
  const v = venueOf(p);
  let key = '';
  if (p.hasCredentials) {
    const found = await (await storeOf(ctx, p)).get(name);
    key = found ? maskKey(found.key) : '(missing)';
  }
  const row = {
    name, current: name === ctx.settings.currentProfile, venue: p.venue, base_url: baseUrlLabel(v), ws_url: v.wsUrl || '(built-in sandbox)',
    legacy_url: v.legacyUrl || '(built-in sandbox)', service: v.service, output: p.output ?? '', storage: storageLabel(p) || '-', key,
  };
  print(ctx, { columns: LOCAL_COLUMNS['profile show'] }, row, { rows: [{ ...row, current: row.current ? '*' : '' }] });
}
