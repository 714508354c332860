/** `bm completion bash|zsh|fish` and the hidden `bm __complete symbols|profiles` (local files only). */
import type { Command } from 'commander';
import { matchWord } from '../../api/catalogue/vocab.js';
import { usage } from '../../errors.js';
import type { ContextOf } from '../../context.js';

export function registerCompletion(root: Command, contextOf: ContextOf): void {
  root
    .command('completion')
    .description('Print the shell completion script for bash, zsh or fish')
    .argument('<shell>', 'bash, zsh or fish')
    .addHelpText('after', '\nExamples:\n  $ bm completion bash > ~/.local/share/bash-completion/completions/bm\n  $ bm completion fish > ~/.config/fish/completions/bm.fish\n  $ bm completion zsh | head -n 3\n')
    .action(async (typed: string, _o: unknown, self: Command) => {
      const ctx = contextOf(self);
      const shell = matchWord(['bash', 'zsh', 'fish'], typed);
      const { commandTree } = await import('./tree.js');
      const tree = commandTree(root);
      if (shell === 'bash') ctx.io.out((await import('./bash.js')).bashScript(tree));
      else if (shell === 'zsh') ctx.io.out((await import('./bash.js')).zshScript(tree));
      else if (shell === 'fish') ctx.io.out((await import('./fish.js')).fishScript(tree));
      else throw usage(`SHELL: must be one of bash, zsh, fish (got '${typed}')`);
    });
  root
    .command('__complete', { hidden: true })
    .argument('<kind>', 'symbols or profiles')
    .action(async (kind: string, _o: unknown, self: Command) => {
      const ctx = contextOf(self);
      const { completionWords } = await import('./words.js');
      ctx.io.out(completionWords(ctx, kind).join('\n') + '\n');
    });
}
