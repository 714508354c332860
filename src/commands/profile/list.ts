/** `bm profile list`: every profile, its venue, where its credentials are kept, and which one is current. */
import type { Context } from '../../context.js';
import { show } from '../engine.js';
import { LOCAL_COLUMNS } from '../local-columns.js';
import { storageLabel } from '../../profiles/secrets.js';
import { baseUrlLabel, venueOf } from './common.js';

const COLUMNS = LOCAL_COLUMNS['profile list'];

export function list(ctx: Context): void {
  const { profiles, currentProfile } = ctx.settings;
  const data = Object.entries(profiles)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, p]) => ({
      name, current: name === currentProfile, venue: p.venue, base_url: baseUrlLabel(venueOf(p)),
      storage: storageLabel(p), credentials: Boolean(p.hasCredentials),
    }));
  const rows = data.map((r) => ({ ...r, current: r.current ? '*' : '', storage: r.storage || '-', credentials: r.credentials ? 'yes' : 'no' }));
  show(ctx, {}, data, { rows, columns: COLUMNS });
  if (!data.length) ctx.note('bm: no profiles yet: add one with bm profile add NAME (meanwhile bm trades on the sandbox paper account)');
  if (data.some((r) => r.storage === 'file (insecure)')) ctx.note('bm: profiles marked "file (insecure)" keep their secrets unencrypted in the config dir');
  if (ctx.env.BM_API_KEY !== undefined) ctx.note('bm: BM_API_KEY, BM_API_SECRET and BM_API_MEMO are set: they override every profile');
}
