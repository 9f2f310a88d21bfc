/**
 * `npm run bench`: every benchmark in turn, engine first (then OCR), then the API, the memory of a 500 MB brief
 * and scale-out; each prints its own figures. Extra arguments go to none of them; run one alone
 * (`npm run bench:engine`, `npm run bench:api`, `npm run bench:memory`, `npm run bench:scale`) to pass options.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
let failed = 0;
const benches: Array<[string, ...string[]]> = [
  ['bench/engine.ts'],
  // OCR ms/page on a scanned brief with one and two workers, tesseract.js and (when installed) native tesseract.
  ['bench/ocr.ts', '--dpi', '200', '--engine', 'tesseract-js,tesseract-cli'],
  ['bench/api.ts'],
  // upload to links and references through the server: 400 references into a 3,000-page appeal book
  ['bench/record-references.ts'],
  ['bench/memory.ts'],
  ['bench/scale.ts'],
  // upload to links and to the full text layer on a 60-page scan: a 400-page one takes the better part of an
  // hour to read on 2 cores (`npx tsx bench/scan-links.ts --pages 400`)
  ['bench/scan-links.ts', '--pages', '60'],
  // upload to links on a real filing's scan (the 28-page motion of ../shared/real) through the server, phase by phase
  ['bench/scan-upload.ts'],
];
for (const [bench, ...args] of benches) {
  console.log(`\n== ${bench} ${args.join(' ')}`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', bench, ...args], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) {
    console.log(`${bench} failed (exit ${r.status})`);
    failed += 1;
  }
}
process.exit(failed ? 1 : 0);
