/**
 * The text of the guide topics (`bm help writes|sandbox|profiles|library|algo|bots`), in plain markdown. It is the one
 * source of two things: `bm help <topic>` prints it (marks stripped), and `npm run readme` writes it as the
 * "In short" section of the matching guide under docs/, where a test fails when the copy is stale.
 * Loaded only by `bm help <topic>`.
 */
import { flagName, type KindInput, KINDS, placesOrders } from '../../core/usecases/algo-kinds.js';

/** One line per kind of conditional order (the registry, src/core/algo/kinds/): its options and what fires it. */
function kindLines(): string {
  const opt = (i: KindInput) => `${flagName(i.key)} <${i.value}>`;
  return KINDS.filter(placesOrders).map((k) => {
    const own = k.inputs.map((i) => (i.required ? opt(i) : `[${opt(i)}]`)).join(' ');
    return `- **${k.kind}** \`${own}\`: ${k.fires}.\n`;
  }).join('');
}

/** A guide topic: its markdown text and the docs file that carries it. */
export interface Guide {
  readonly doc: string;
  readonly text: string;
}

/** The guide topics by name. */
export const GUIDES = {
  writes: {
    doc: 'docs/writes.md',
    text: `Every write (\`order place\`, \`cancel\`, \`cancel-all\`, \`batch\`, \`amend\`, \`bm legacy order ...\`, and \`bm api\`
with any method but GET) goes through one careful-write pipeline:

- **Checked first.** An order is checked against the pair's rules (size bounds and increment, price precision,
  minimum amount) and, for \`order place\` and \`order batch\`, \`--max-deviation <pct>\` (default 10, \`none\` turns
  it off): a limit buy that far above the last price, or a sell that far below, is refused. Every option,
  variable and file is checked too. A failure is exit 2 and nothing is sent.
- **Confirmed.** On a terminal a write asks first; \`--yes\` skips the question. With no terminal and no \`--yes\`
  it fails at once (exit 2) and never waits on stdin. A "no" is exit 3, Ctrl-C exit 130.
- **Rehearsed.** \`--dry-run\` prints the exact request (key and signature redacted) and sends nothing.
- **Identified.** Every order carries a client order id (generated when not given), printed with the result.
- **Never sent twice blindly.** A lost answer, an answer that is not the venue's, or a 5xx is looked up by the
  client order id, never re-sent. An outcome is claimed only when the venue proved it; otherwise it is
  "outcome unknown", exit 11, with the command that checks. A cancel may be sent again: it is idempotent.
- **Waited for.** \`order place --wait filled|done [--wait-timeout <s>]\` follows the order until it gets there
  (exit 10 when the wait runs out; the order is left as it is).
- **Batches.** \`bm order batch SYMBOL --file orders.ndjson\` checks every line before any is sent, sends 10 a
  request within the rate limit, prints each outcome as it is known and journals the run; \`--resume <journal>\`
  looks up what is not proven and sends only what the venue does not hold.
- **Amended.** \`bm order amend SYMBOL --order-id ID --price P [--size S]\` cancels, proves the cancel, then places
  the new total size less what filled meanwhile (nothing when nothing is left: exit 6).
- **Exit codes.** 2 nothing was sent (never after a write left), 3 declined, 6 rejected by the venue,
  7 rate limited, 8 nothing known sent (safe to retry), 9 a partial batch, 10 \`--wait\` ran out,
  11 sent with its outcome unknown: look it up before retrying.
`,
  },
  algo: {
    doc: 'docs/algo.md',
    text: `The venue has no stop or conditional orders: \`bm\` holds them on this machine and places a plain
order when they fire; they fire only while a \`bm\` runner holds them. \`bm order <kind> SYMBOL --side
buy|sell ...\` (and \`client.algo.<kind>(...)\` in the library):

${kindLines()}
Price alerts are held the same way, their leg notifying instead of placing: \`bm alert add SYMBOL --above
<price> | --below <price> [--exec <cmd>]\`, \`bm alert list|remove\` (\`A\` in \`bm trade\`); see docs/algo.md, Alerts.

How it runs:

- **Checked and confirmed first.** Every leg is checked as \`order place\` checks an order; \`--dry-run\`
  prints the plan, confirmation is as for any write (\`--yes\`). A bad option is exit 2, nothing sent. A
  stop, take-profit or oco whose trigger the last price already meets is refused (a typo would fire at
  once) unless \`--immediate\`; a bracket's exits must be on their side of its entry price.
- **Where it was armed, and nowhere else.** Its journal records the venue and the account (a profile, the
  BM_API_KEY, by a fingerprint of the key): every runner, resume and cancel uses exactly those, and a
  shell with another key or venue is refused (exit 5), nothing sent.
- **In the foreground.** The command watches the venue's trade stream, prints each step on stderr and a row
  per leg at the end. Ctrl-C asks whether to leave it running in the background; no (or no terminal)
  cancels what has not fired (exit 130).
- **Or detached.** \`--detach\` starts a runner of its own, out of the terminal's reach, and returns as soon
  as the runner has taken the algo up. \`bm algo list|show|logs\` follow it (\`last\` names the newest),
  \`bm algo cancel ID\` stops it (legs not fired are never sent), and after a restart or a killed runner
  \`bm algo resume ID\` (or \`--all\`) takes it up again from its journal. A runner is proven, never
  assumed: the live process that holds the journal's lock; a dead or reused pid is listed \`stopped\`, and
  any \`bm\` command says once when an armed algo has no runner.
- **Gaps.** While the stream is down the recent trades are read over REST. When data comes back after a
  time without any, the one-minute candles of that time say whether a trigger was met while blind: it
  fires then, or bm says why not (no candles, or an order inside the gap the candles cannot tell).
  Trades are judged by the venue's time, never the local clock.
- **Fired once.** A leg's client order id is the algo's id and the leg's name. It is journaled (under
  \`<state dir>/algos/<id>.ndjson\`) before it is sent; a restart from the journal looks it up by that id and
  never sends it twice. Its outcome is proven as for any write.
- **Not dropped for a busy venue.** A fired leg met by a 418, a 429, a refused connection, no answer or a
  5xx waits (the venue's Retry-After or block, else 1 s doubling to 30 s), is looked up by its id and
  sent again with that id until it is placed, each wait said on stderr and in the journal. It fails only
  when the venue refuses the order itself (balance, the pair's rules: exit 6) or the key (exit 4), said
  even with \`--quiet\`; \`bm algo list\` gives the venue's code and message. Cancelled while it waits,
  it is looked up, never sent: placed, cancelled (no attempt reached the venue) or unknown (exit 11).
- **Guarded.** \`--max-deviation\` (default 10) applies when a limit leg fires, against the last trade.
`,
  },
  sandbox: {
    doc: 'docs/sandbox.md',
    text: `\`bm sandbox\` is a local exchange on 127.0.0.1 that speaks the whole interface: REST of both generations,
WebSocket, signatures, rate limits and error codes, with a matching engine and a simulated market of five
pairs (BTC_USDT, ETH_USDT, ETH_BTC, SOL_USDT, BMX_ETH). With no configuration it is the venue \`bm\` uses.

- The first command that needs a venue starts one in the background and says so on stderr;
  \`bm sandbox start|stop|status|reset\` manage it. Its state, log and paper account live in
  \`<state dir>/sandbox/\`; \`reset\` deletes them.
- A paper account (10000 USDT, 1 BTC, 10 ETH) is made on first need, so \`bm order place ... --yes\` works
  on a fresh machine.
- \`bm sandbox serve [--port 0] [--state FILE] [--seed N] [--limits spec|off|<factor>]\` runs one in the
  foreground and prints \`listening http://127.0.0.1:<port>\`. It answers as the venue did; \`--strict\` holds
  clients to the spec's letter instead (\`docs/sandbox.md\` lists the differences).
- \`bm sandbox account create --deposit USDT=10000,BTC=1 --json\` makes an account for scripts and tests.
- \`bm record SYMBOL... --out FILE\` records the public streams of any venue;
  \`bm sandbox serve --replay FILE [--speed X]\` drives the sandbox's market from the recording.
`,
  },
  profiles: {
    doc: 'docs/profiles.md',
    text: `A profile names a venue (\`sandbox\`, \`bitmart\`, or \`custom\` addresses) with its credentials (key, secret,
memo) and a default output.

- \`bm profile add NAME --venue custom --base-url URL\` asks the key, the secret (hidden) and the memo on a
  terminal, or reads them as three lines on stdin: secrets are never flags. They are proven with one signed
  request before anything is saved (\`--no-verify\` skips it).
- \`bm profile list|show|use|test|remove\`. The first profile added becomes the current one;
  \`bm profile use sandbox\` goes back to the built-in venue.
- Secrets live in the OS keychain (service \`bm\`, account the profile's name); \`--insecure-storage\` keeps one
  profile's in a plain 0600 file instead, for machines without a keychain.
- Precedence: flag > environment > profile > default. The profile is \`--profile\`, else \`BM_PROFILE\`, else
  the current one. \`BM_API_KEY\`, \`BM_API_SECRET\` and \`BM_API_MEMO\` (all three) beat any profile.
- A failed proof: 30005 is nearly always the memo (the label chosen when the key was made), 30002 an unknown
  key or the wrong venue, 30007 the clock.
- Settings others can write make every command that would sign refuse (exit 5) with the \`chmod\` that fixes it.
`,
  },
  library: {
    doc: 'docs/library.md',
    text: `\`import { Client, startSandbox } from 'bm'\`: the command line's catalogue, REST client, careful writes and
streams as a typed ES module, with the sandbox exchange to test against in-process.

- \`new Client({ baseUrl, credentials })\` talks to that address; \`new Client()\` or \`new Client({ profile })\`
  uses the venue and credentials \`bm\` would.
- One method per command, named as the command (\`order cancel-all\` is \`client.order.cancelAll\`), taking
  parameters by the command's option names in snake_case (\`client_order_id\`, \`stp_mode\`, \`limit\`), the
  command's defaults when left out, times as the command takes them (\`-2h\`, \`now\`). Decimals are strings;
  ids are strings or safe integers; every number in an answer comes back as its exact text.
- Bad input is a \`BmError\` of category \`usage\` naming the parameter, and nothing is sent; a venue's
  refusal says its code and reason in \`message\`. A second cancel resolves \`settled\`.
- Writes resolve with \`{ outcome, say, via, data, sent, orderId, clientOrderId }\`, or reject with
  \`UnknownOutcomeError\` whose hint is the \`bm\` command that checks. \`{ dryRun: true }\` as the second
  argument checks and signs the request and sends nothing.
- \`client.watch.ticker|depth|trades|kline|orders(symbol, { signal })\` are async iterators; \`ready()\`
  resolves once the venue acknowledged the subscription.
- \`client.algo.stop|takeProfit|oco|trail|twap|bracket(params, { maxDeviation, signal, dryRun, immediate,
  detach })\` hold conditional orders as \`bm order stop\` does (parameters in snake_case: \`tp_trigger\`; one
  type per kind), resolving when they end, or with \`detach\` once a runner of their own holds them;
  \`client.algo.list()\`, \`show(id)\`, \`resume(id)\` and \`cancel(id)\` act on what this machine holds.
- \`startSandbox({ seed })\` starts an exchange in this process: \`{ url, wsUrl, createAccount(), stop() }\`.
`,
  },
  bots: {
    doc: 'docs/bots.md',
    text: `A bot is an ES module (\`.mjs\`, or TypeScript \`.mts\`) whose default export is an async function given
\`{ client, clock, signal, params, log }\`: the library's \`Client\`, a clock (\`now()\`, \`sleep(ms)\`, \`every(ms)\`), an
abort signal, the \`--param k=v\` values as text, and a logger. The same module runs live and in a backtest.

- \`bm bot run BOT [--param k=v] [--on-exit leave|cancel] [--duration <s>]\` runs it on the profile's venue (the
  paper sandbox by default) with the command line's careful writes, rate limits and deviation guard
  (\`--max-deviation\`, 10% by default). Ctrl-C aborts its signal; the orders it placed that are still open are
  left or cancelled as \`--on-exit\` says; a summary goes to stdout.
- \`bm backtest BOT --recording FILE [--from --to] [--param k=v] [--fee-rate R] [--balance USDT=10000,...]\`
  replays a recording (\`bm record\`, \`.gz\` too) in virtual time through the sandbox's matching engine: the
  clock jumps to the bot's next timer whenever the bot and the venue are idle; resting orders queue behind the
  recorded depth and fill only when recorded trades reach them. When the data ends the signal aborts.
- \`--simulated [--seed N] [--days D] [--symbols LIST]\` runs over the sandbox's simulated market instead;
  \`bm record import trades.csv --symbol PAIR --out FILE\` makes a recording from a CSV of trades.
- The report: per pair and in total, orders, fills, realized and unrealized P&L with fees (as \`bm pnl\`),
  return, maximum drawdown, exposure, win rate and the equity curve; \`--json\` is the same bytes every run but
  its \`run\` section; \`--trades FILE\` writes every fill; \`--compare k=v,...\` runs more param sets beside it.
- Example bots (a grid, a breakout with a stop, a TWAP rebalancer) are in \`examples/bots/\` of the package.
`,
  },
} as const satisfies Record<string, Guide>;

/** A guide's text for a terminal: the markdown's code and bold marks taken out. */
export function plainText(markdown: string): string {
  return markdown.replace(/\*\*/g, '').replace(/`/g, '');
}
