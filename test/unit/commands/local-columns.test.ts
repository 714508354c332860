import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Command } from 'commander';
import { LOCAL_COLUMNS } from '../../../src/commands/local-columns.js';
import { buildProgram } from '../../../src/program.js';
import { IO } from '../../../src/render/io.js';

test('local commands list their output columns in help like catalogue commands (watch, profile, sandbox, doctor)', async () => {
  let out = '';
  const sink = { write: (s: string) => ((out += s), true) };
  const program = await buildProgram(new IO(sink, sink, process.stdin, {}, 'never'), {});
  for (const [command, columns] of Object.entries(LOCAL_COLUMNS)) {
    let cmd: Command | undefined = program;
    for (const name of command.split(' ')) cmd = cmd?.commands.find((c) => c.name() === name);
    assert.ok(cmd, command);
    out = '';
    cmd.outputHelp();
    assert.ok(out.includes(`\nOutput columns: ${columns.join(', ')}\n`), `${command}:\n${out}`);
  }
});
