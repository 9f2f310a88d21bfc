// Builds the web app with Vite when dist/web is missing or older than its sources. "Older" = the
// fingerprint (path, size, mtime of every file of src/web, src/contract and vite.config.ts) differs
// from the one recorded by the last build.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

export const STAMP_FILE = '.build-stamp';

function walk(dir: string, out: string[]): void {
  if (!existsSync(dir)) return;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const full = join(dir, entry.name);
    if (entry.isDirectory()) walk(full, out);
    else if (entry.isFile()) out.push(full);
  }
}

export function sourceFingerprint(repoRoot: string): string {
  const files: string[] = [];
  walk(join(repoRoot, 'src/web'), files);
  walk(join(repoRoot, 'src/contract'), files);
  const config = join(repoRoot, 'vite.config.ts');
  if (existsSync(config)) files.push(config);
  const hash = createHash('sha256');
  for (const f of files.sort()) {
    const st = statSync(f);
    hash.update(`${relative(repoRoot, f)}\0${st.size}\0${Math.floor(st.mtimeMs)}\n`);
  }
  return hash.digest('hex');
}

export type WebBuildResult = 'fresh' | 'built' | 'no-sources';

export async function ensureWebBuild(repoRoot: string, outDir: string, log: (msg: string) => void): Promise<WebBuildResult> {
  if (!existsSync(join(repoRoot, 'src/web/index.html'))) {
    return 'no-sources';
  }
  const fingerprint = sourceFingerprint(repoRoot);
  const stampPath = join(outDir, STAMP_FILE);
  const recorded = existsSync(stampPath) ? readFileSync(stampPath, 'utf8').trim() : '';
  if (recorded === fingerprint && existsSync(join(outDir, 'index.html'))) return 'fresh';
  log(existsSync(join(outDir, 'index.html')) ? 'web app sources changed: rebuilding' : 'building the web app');
  const vite = await import('vite');
  await vite.build({ configFile: join(repoRoot, 'vite.config.ts'), logLevel: 'warn', mode: 'production' });
  writeFileSync(stampPath, fingerprint + '\n');
  return 'built';
}
