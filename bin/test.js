#!/usr/bin/env node
// `npm test`: the type check, then every test: unit and engine (Vitest), API on a real PostgreSQL (Vitest), and
// browser end-to-end (Playwright in Debian's Chromium). Prints one closing line with the totals.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.error(
    `Chromium was not found at ${chromium}; the browser tests need it.\n` +
      'Install it with:  sudo apt-get install -y chromium   (or set CHROMIUM_PATH to a Chromium binary)',
  );
  process.exit(1);
}

const reports = join(process.cwd(), 'test-results');
mkdirSync(reports, { recursive: true });
const vitestJson = join(reports, 'vitest.json');
const playwrightJson = join(reports, 'playwright.json');

const run = (cmd, args, env = {}) =>
  spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

console.log('Type check (tsc --noEmit)');
const typecheck = run('npx', ['tsc', '--noEmit', '-p', '.']);
const vitest = run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`]);
const playwright = run('npx', ['playwright', 'test'], { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson });

let passed = 0;
let failed = 0;
let skipped = 0;
try {
  const v = JSON.parse(readFileSync(vitestJson, 'utf8'));
  passed += v.numPassedTests;
  failed += v.numFailedTests;
  skipped += v.numPendingTests + (v.numTodoTests ?? 0);
} catch {
  failed += vitest === 0 ? 0 : 1;
}
try {
  const p = JSON.parse(readFileSync(playwrightJson, 'utf8'));
  // A flaky test failed first and passed on a retry: it counts as passed (Playwright reports it apart).
  passed += p.stats.expected + p.stats.flaky;
  failed += p.stats.unexpected;
  skipped += p.stats.skipped;
} catch {
  failed += playwright === 0 ? 0 : 1;
}
console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
if (typecheck !== 0) console.log('The type check failed: see the errors above.');
process.exit(typecheck === 0 && vitest === 0 && playwright === 0 ? 0 : 1);
