/**
 * `npm run bench`: every benchmark in turn, engine first, then the API, then scale-out; each prints its own figures.
 * Extra arguments go to none of them; run one alone (`npm run bench:engine`, `npm run bench:api`) to pass options.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
let failed = 0;
for (const bench of ['bench/engine.ts', 'bench/api.ts', 'bench/scale.ts']) {
  console.log(`\n== ${bench}`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', bench], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) {
    console.log(`${bench} failed (exit ${r.status})`);
    failed += 1;
  }
}
process.exit(failed ? 1 : 0);
