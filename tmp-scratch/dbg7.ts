import { spawnSync } from 'node:child_process';
import { BIN, isolatedEnv, sleep } from '../test/helpers/bm.js';
const base = isolatedEnv({ TERM: 'xterm-256color', NO_COLOR: '1' });
const tmux = (...a: string[]) => spawnSync('tmux', ['-L', 'dbg7', '-f', '/dev/null', ...a], { env: base, encoding: 'utf8' });
const env = isolatedEnv({ TERM: 'xterm-256color', NO_COLOR: '1' });
const vars = Object.entries(env).filter(([k]) => /^(BM_|XDG_|HOME$|NO_COLOR$|TERM$)/.test(k)).map(([k, v]) => `${k}='${v}'`).join(' ');
console.log(tmux('new-session', '-d', '-s', 'x', '-x', '120', '-y', '40', `env ${vars} ${process.execPath} ${BIN} trade BTC_USDT; echo EXIT=$?; sleep 120`).stderr);
for (let i = 0; i < 8; i++) { await sleep(1000); const t = tmux('capture-pane', '-p', '-t', 'x').stdout; console.log(i, JSON.stringify(t.replace(/\n+/g, '|').slice(0, 300)), tmux('display-message', '-p', '-t', 'x', '#{alternate_on} #{pane_current_command}').stdout); }
tmux('kill-server');
spawnSync(process.execPath, [BIN, 'sandbox', 'stop'], { env });
