/**
 * `npm run bench`: every benchmark in turn, engine first, then the API; each prints its own figures.
 * Extra arguments go to none of them; run one alone (`npm run bench:engine`, `npm run bench:api`) to pass options.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
let failed = 0;
// scan-links on a 60-page scan: a 400-page one takes the better part of an hour to read on 2 cores
// (`npx tsx bench/scan-links.ts --pages 400`)
for (const [bench, ...args] of [['bench/engine.ts'], ['bench/api.ts'], ['bench/scan-links.ts', '--pages', '60']] as const) {
  console.log(`\n== ${[bench, ...args].join(' ')}`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', bench, ...args], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) {
    console.log(`${bench} failed (exit ${r.status})`);
    failed += 1;
  }
}
process.exit(failed ? 1 : 0);
