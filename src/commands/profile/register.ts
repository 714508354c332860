/** `bm profile add|list|show|use|remove|test`: declarations only; each verb's code loads when it runs. */
import { Option, type Command } from 'commander';
import type { ContextOf } from '../../context.js';
import { localColumnsHelp } from '../local-columns.js';

export function registerProfile(root: Command, contextOf: ContextOf): void {
  const profile = root.command('profile').description('Named venues and credentials (secrets in the OS keychain)');
  profile
    .command('add')
    .description('Add (or replace) a profile: asks for key, secret and memo, proves them with a signed request, saves')
    .argument('<name>', 'profile name: letters, digits, _ . -')
    .addOption(new Option('--venue <preset>', 'sandbox, bitmart or custom (default: custom with --base-url, else sandbox)').choices(['sandbox', 'bitmart', 'custom']))
    .option('--insecure-storage', 'keep the credentials in a 0600 file in the config dir instead of the OS keychain')
    .option('--no-verify', 'save without the signed proof')
    .addHelpText('after', [
      '',
      'Addresses come from the global options --base-url, --ws-url, --legacy-url and --service; -o sets the',
      "profile's default output. On a terminal you are asked for key, secret (hidden) and memo; otherwise",
      'stdin gives three lines: key, secret, memo. Secrets are never accepted as flags.',
      '',
      'Examples:',
      '  $ bm profile add main --venue custom --base-url https://api.example.com',
      "  $ printf '%s\\n%s\\n%s\\n' \"$KEY\" \"$SECRET\" \"$MEMO\" | bm profile add ci --base-url http://127.0.0.1:8080 -o json",
      '',
    ].join('\n'))
    .action(async (name: string, _o: unknown, self: Command) => {
      const { add } = await import('./add.js');
      await add(contextOf(self), name, self.optsWithGlobals());
    });
  profile
    .command('list')
    .description('List profiles: venue, address, where the credentials are kept, the current one (*)')
    .addHelpText('after', `${localColumnsHelp('profile list')}\n\nExamples:\n  $ bm profile list\n`)
    .action(async (_o: unknown, self: Command) => (await import('./list.js')).list(contextOf(self)));
  profile
    .command('show')
    .description('Show a profile (default: the current one); the key is masked, the secret and memo never shown')
    .addHelpText('after', `${localColumnsHelp('profile show')}\n\nExamples:\n  $ bm profile show main\n`)
    .argument('[name]', 'profile name')
    .action(async (name: string | undefined, _o: unknown, self: Command) => (await import('./show.js')).show(contextOf(self), name));
  profile
    .command('use')
    .description('Make a profile the current one')
    .addHelpText('after', '\nExamples:\n  $ bm profile use main\n')
    .argument('<name>', 'profile name (sandbox: the built-in venue and its paper account)')
    .action(async (name: string, _o: unknown, self: Command) => (await import('./use.js')).use(contextOf(self), name));
  profile
    .command('remove')
    .description('Remove a profile: its settings and its credentials')
    .addHelpText('after', '\nExamples:\n  $ bm profile remove ci\n')
    .argument('<name>', 'profile name')
    .action(async (name: string, _o: unknown, self: Command) => (await import('./remove.js')).remove(contextOf(self), name));
  profile
    .command('test')
    .description('Prove credentials with a signed request (default: whatever is in effect)')
    .addHelpText('after', `${localColumnsHelp('profile test')}\n\nExamples:\n  $ bm profile test main\n  $ bm profile test\n`)
    .argument('[name]', 'profile name')
    .action(async (name: string | undefined, _o: unknown, self: Command) => (await import('./test.js')).test(contextOf(self), name));
}
