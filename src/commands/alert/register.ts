/** `bm alert add|list|remove`: price alerts, held as conditional orders whose leg notifies; declared here, code loaded when one runs. */
import type { Command } from 'commander';
import type { ContextOf } from '../../context.js';
import { localColumnsHelp } from '../local-columns.js';

const examples = (...lines: string[]) => `\n\nExamples:\n${lines.map((l) => `  $ ${l}`).join('\n')}\n`;

const FIRES = `When it fires (once), whether a terminal is open or not: a line on stderr of its runner (its log:
bm algo logs ID), a desktop notification where the machine has one (notify-send, osascript), and the
--exec command run once through the shell, in the folder it was added from, with BM_ALERT_ID,
BM_ALERT_SYMBOL, BM_ALERT_DIRECTION (above|below), BM_ALERT_LEVEL, BM_ALERT_PRICE, BM_ALERT_TIME (ISO 8601)
and BM_ALERT_VENUE in its environment (bm's own BM_* variables, the API key among them, are not passed on).
A level the last price already meets fires at once. See bm help algo and docs/algo.md.`;

export function registerAlert(root: Command, contextOf: ContextOf): void {
  const alert = root.command('alert').description('Price alerts held by bm on this machine: add, list, remove');
  const act = (name: 'add' | 'list' | 'remove') => async (...args: unknown[]) => {
    const self = args[args.length - 1] as Command;
    const m = await import('./run.js');
    await m[name](contextOf(self), args[0] as string, self.opts());
  };
  alert.command('add').description('Add a price alert: fires once at the first trade at or above (--above) or at or below (--below) a price')
    .argument('<SYMBOL>', 'pair, e.g. BTC_USDT')
    .option('--above <price>', 'fires at the first trade at or above this price')
    .option('--below <price>', 'fires at the first trade at or below this price')
    .option('--exec <cmd>', 'a command run once when it fires (through the shell), the alert in BM_ALERT_* variables')
    .addHelpText('after', `${localColumnsHelp('alert add')}\n\n${FIRES}${examples('bm alert add BTC_USDT --above 70000', 'bm alert add BTC_USDT --below 60000 --exec \'echo "$BM_ALERT_SYMBOL at $BM_ALERT_PRICE" >> "$HOME/alerts.log"\'')}`)
    .action(act('add'));
  alert.command('list').description('Every price alert kept on this machine: armed (running or stopped), fired (when, at what price), removed')
    .addHelpText('after', `${localColumnsHelp('alert list')}${examples('bm alert list', 'bm alert list --json')}`).action(act('list'));
  alert.command('remove').description('Remove a price alert that has not fired (or --all of them): its runner stopped, it never fires').argument('[ID]', 'the alert id (bm alert list), or last: the one added last')
    .option('--all', 'every alert of this machine that has not fired')
    .addHelpText('after', `${localColumnsHelp('alert remove')}${examples('bm alert remove last', 'bm alert remove --all')}`).action(act('remove'));
}
