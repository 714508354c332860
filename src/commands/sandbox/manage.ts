/** Managing the background sandbox of the default venue. */
import { rmSync } from 'node:fs';
import type { Context } from '../../context.js';
import { startBackground, stopBackground } from '../../config/background-sandbox.js';
import { readServerInfo, sandboxHome, sandboxRuns } from '../../config/sandbox-record.js';
import { strictWanted } from '../../config/sandbox-mode.js';
import { confirmWrite } from '../../render/confirm.js';
import { show } from '../engine.js';
import { LOCAL_COLUMNS } from '../local-columns.js';

export async function start(ctx: Context): Promise<void> {
  const info = readServerInfo(ctx.env);
  const strict = strictWanted(ctx.env);
  const running = info && sandboxRuns(info) ? info : await startBackground(ctx);
  if (running === info && strict !== (info.strict === true)) {
    ctx.note(`bm: the running sandbox is ${info.strict ? 'strict' : 'not strict'}, whatever BM_SANDBOX_STRICT says; to change it: bm sandbox stop, then bm sandbox start`);
  }
  // snake_case like every table (the file keeps its own names).
  const row = { url: running.url, pid: running.pid, port: running.port, started_at: running.startedAt, limits: running.limits ?? 'spec' };
  show(ctx, { columns: LOCAL_COLUMNS['sandbox start'] }, row, { rows: [row] });
}

export async function stop(ctx: Context): Promise<void> {
  ctx.note((await stopBackground(ctx.env)) ? 'bm: the sandbox is stopped' : 'bm: no sandbox was running');
}

export async function status(ctx: Context): Promise<void> {
  const info = readServerInfo(ctx.env);
  const running = Boolean(info && sandboxRuns(info));
  const row = { running, url: running ? info!.url : '', pid: running ? info!.pid : '', started_at: running ? info!.startedAt : '', state_dir: sandboxHome(ctx.env) };
  show(ctx, { columns: LOCAL_COLUMNS['sandbox status'] }, row, { rows: [row] });
}

/** Destroys paper balances, orders and keys: asked first (`--yes` skips the question; `--dry-run` only says). */
export async function reset(ctx: Context): Promise<void> {
  const home = sandboxHome(ctx.env);
  await confirmWrite(ctx, `delete the sandbox state in ${home} (paper accounts, balances, orders)?`, 'bm sandbox reset');
  if (ctx.globals.dryRun) {
    ctx.note(`bm: dry run: would stop the background sandbox and delete ${home}`);
    return;
  }
  await stopBackground(ctx.env);
  rmSync(home, { recursive: true, force: true });
  ctx.note('bm: the sandbox state is deleted; the next command starts a fresh one');
}
