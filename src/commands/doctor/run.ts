/** Runs every doctor check in order and prints one row each; exit 5 when any check failed. */
import type { Context } from '../../context.js';
import { BmError } from '../../errors.js';
import { show } from '../engine.js';
import { LOCAL_COLUMNS } from '../local-columns.js';
import { CHECKS, type CheckResult } from './checks.js';

export async function run(ctx: Context): Promise<void> {
  const rows: CheckResult[] = [];
  for (const check of CHECKS) {
    const r = await check(ctx);
    rows.push(...(Array.isArray(r) ? r : [r]));
  }
  const human = ctx.format === 'table';
  const shown = rows.map((r) => ({ check: r.check, status: human ? r.status.toUpperCase() : r.status, detail: r.detail, fix: r.fix ?? '' }));
  show(ctx, { columns: LOCAL_COLUMNS.doctor }, rows, { rows: shown });
  const failed = rows.filter((r) => r.status === 'fail');
  if (failed.length) throw new BmError('config', `${failed.length} check${failed.length > 1 ? 's' : ''} failed: ${failed.map((f) => f.check).join(', ')}`, { hint: failed[0]!.fix ?? '' });
}
