/**
 * Output columns of the commands that are not catalogue endpoints, or that print rows of their own
 * rather than the venue's answer (`order cancel-all`, `order batch`), in snake_case like every table:
 * the commands print these, their help lists them and `--fields` is checked against them before
 * anything is sent (the catalogue's own commands read theirs from their entries). Tiny on purpose:
 * help loads it at start-up.
 */

/** The legs of a conditional order, as `bm order <kind>`, `bm algo show` and `bm algo cancel` print them. */
export const LEG_COLUMNS = ['algo', 'leg', 'status', 'order_id', 'client_order_id', 'note'] as const;

/** Price alerts, as `bm alert add|list|remove` print them. */
const ALERT_COLUMNS = ['alert', 'symbol', 'direction', 'level', 'state', 'runner', 'fired_at', 'price', 'exec', 'created', 'note'] as const;

/** The commands that print legs (`bm order <kind>`, one per kind of conditional order: their registration adds them). */
export const LEG_PRINTERS = new WeakSet<object>();

/** Columns by command path. */
export const LOCAL_COLUMNS = {
  'profile list': ['current', 'name', 'venue', 'base_url', 'storage', 'credentials'],
  'profile show': ['name', 'current', 'venue', 'base_url', 'ws_url', 'legacy_url', 'service', 'output', 'storage', 'key'],
  'profile test': ['profile', 'venue', 'base_url', 'credentials', 'result', 'ms'],
  'sandbox account create': ['key', 'secret', 'memo', 'account_id', 'permissions'],
  'sandbox start': ['url', 'pid', 'port', 'started_at', 'limits'],
  'sandbox status': ['running', 'url', 'pid', 'started_at', 'state_dir'],
  doctor: ['check', 'status', 'detail', 'fix'],
  'order cancel': ['order_id', 'client_order_id', 'result'],
  'order cancel-all': ['symbol', 'side', 'result'],
  'order amend': ['old_order_id', 'old_result', 'old_filled', 'order_id', 'client_order_id', 'size', 'price', 'result'],
  'order batch': ['index', 'result', 'order_id', 'client_order_id', 'code', 'message'],
  'algo list': ['algo', 'kind', 'symbol', 'side', 'state', 'runner', 'legs', 'created', 'note'],
  'algo show': LEG_COLUMNS,
  'algo logs': ['time', 'note'],
  'algo cancel': LEG_COLUMNS,
  'alert add': ALERT_COLUMNS,
  'alert list': ALERT_COLUMNS,
  'alert remove': ALERT_COLUMNS,
  'watch ticker': ['symbol', 'last_price', 'bid_px', 'ask_px', 'open_24h', 'high_24h', 'low_24h', 'base_volume_24h', 'time'],
  'watch depth': ['side', 'price', 'size', 'total', 'depth'],
  'watch trades': ['time', 'side', 'price', 'size'],
  'watch kline': ['time', 'open', 'high', 'low', 'close', 'volume'],
  'watch orders': ['order_id', 'side', 'type', 'price', 'size', 'filled_size', 'state', 'last_fill_price', 'time', 'client_order_id'],
} as const satisfies Record<string, readonly string[]>;

export type LocalCommand = keyof typeof LOCAL_COLUMNS;

/** Writes that are no catalogue entry (made of several of its writes): `--fields` is checked against their columns before anything is sent. */
export const LOCAL_WRITES: ReadonlySet<string> = new Set<LocalCommand>(['order amend']);

/** The columns the command at `path` prints: those listed here (its own row), else its catalogue entry's (`declared`). */
export function printedColumns(path: string, declared?: readonly string[]): readonly string[] | undefined {
  return Object.hasOwn(LOCAL_COLUMNS, path) ? LOCAL_COLUMNS[path as LocalCommand] : declared;
}

/** The help lines naming output columns, the same for catalogue and local commands; `more` adds a line. */
export function columnsLine(columns: readonly string[], more = '(--fields takes these or any other field of the answer, as sent or as a header, any case)'): string {
  return `\nOutput columns: ${columns.join(', ')}\n  ${more}`;
}

/** The help of a local command's columns. */
export function localColumnsHelp(command: LocalCommand, more?: string): string {
  return columnsLine(LOCAL_COLUMNS[command], more);
}
