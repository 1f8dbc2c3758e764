// `npm run bench -- [list bench options]`: every benchmark of issue 13 in turn, each printing its
// figures beside its goals: the list calls, dashboard and searches per role with autocannon and
// the database's size (server/bench/list-bench.ts, which takes the options, e.g. --data-dir DIR
// to reuse a large data set); the bytes that show /login and /dashboard (bench-bundle.ts); and the
// entire-list export in Chromium with its ratio to 8 rows a page (bench-export.ts). Each runs in
// its own process, so one's memory and warm caches do not colour the next one's figures.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const tsx = createRequire(import.meta.url).resolve('tsx/cli');

const benches: Array<{ script: string; args: string[] }> = [
  { script: 'server/bench/list-bench.ts', args: process.argv.slice(2) },
  { script: 'scripts/bench-bundle.ts', args: [] },
  { script: 'scripts/bench-export.ts', args: [] },
];

let failed = false;
for (const { script, args } of benches) {
  process.stdout.write(`\n== ${script} ${args.join(' ')}\n`);
  const result = spawnSync(process.execPath, [tsx, script, ...args], {
    cwd: root,
    stdio: 'inherit',
  });
  failed ||= result.status !== 0;
}
process.exit(failed ? 1 : 0);
