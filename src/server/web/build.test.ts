import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ensureWebBuild, sourceFingerprint } from './build.ts';

describe('web build staleness', () => {
  const root = mkdtempSync(join(tmpdir(), 'brieflink-webfp-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  mkdirSync(join(root, 'src/web/pages'), { recursive: true });
  mkdirSync(join(root, 'src/contract'), { recursive: true });
  writeFileSync(join(root, 'src/web/pages/Landing.tsx'), 'export {}');
  writeFileSync(join(root, 'src/contract/cases.ts'), 'export {}');
  writeFileSync(join(root, 'vite.config.ts'), 'export default {}');

  it('changes when a web, contract or Vite config file changes, is added or removed', () => {
    const base = sourceFingerprint(root);
    expect(sourceFingerprint(root)).toBe(base);
    const later = new Date(Date.now() + 5000);
    utimesSync(join(root, 'src/contract/cases.ts'), later, later);
    const touched = sourceFingerprint(root);
    expect(touched).not.toBe(base);
    writeFileSync(join(root, 'src/web/pages/New.tsx'), 'export {}');
    const added = sourceFingerprint(root);
    expect(added).not.toBe(touched);
    rmSync(join(root, 'src/web/pages/New.tsx'));
    expect(sourceFingerprint(root)).toBe(touched);
    writeFileSync(join(root, 'vite.config.ts'), 'export default { base: "/" }');
    expect(sourceFingerprint(root)).not.toBe(touched);
  });

  it('ignores files outside the web sources', () => {
    const base = sourceFingerprint(root);
    mkdirSync(join(root, 'src/server'), { recursive: true });
    writeFileSync(join(root, 'src/server/main.ts'), 'export {}');
    expect(sourceFingerprint(root)).toBe(base);
  });

  it('does nothing without web sources (an installed build)', async () => {
    expect(await ensureWebBuild(root, join(root, 'dist/web'), () => undefined)).toBe('no-sources');
  });
});
