// Preloaded (`node --import`) by the benches' memory pass: writes the process's peak RSS (KiB) to
// $BENCH_RSS_FILE when it exits.
import { writeFileSync } from 'node:fs';

process.on('exit', () => {
  if (process.env.BENCH_RSS_FILE) writeFileSync(process.env.BENCH_RSS_FILE, String(process.resourceUsage().maxRSS));
});
