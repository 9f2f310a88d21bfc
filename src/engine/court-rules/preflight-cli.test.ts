import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brokenBundle } from '../../../test/fixtures/court-rules.ts';
import { runCli as run } from '../run-cli.ts';

describe('brieflink preflight', () => {
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'brieflink-preflight-'));
    const b = await brokenBundle();
    writeFileSync(join(dir, 'out.pdf'), b.bytes);
    writeFileSync(join(dir, 'review.json'), JSON.stringify({ index: { items: b.entries } }));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('prints each rule with the pages at fault and exits 2 when one fails', async () => {
    const r = await run(['preflight', join(dir, 'out.pdf'), '--profile', 'ew-civil']);
    expect(r.code).toBe(2);
    expect(r.stdout).toMatch(/FAIL\s+upright/);
    expect(r.stdout).toContain('p. 3 is upside down');
    expect(r.stdout).toContain('source: General guidance on electronic court bundles (Judiciary of England and Wales), 2021-11-29');
  });

  it('--json with --review checks each index entry for its link', async () => {
    const r = await run(['preflight', join(dir, 'out.pdf'), '--profile', 'ew-civil', '--review', join(dir, 'review.json'), '--json']);
    const report = JSON.parse(r.stdout);
    expect(report.profile).toBe('ew-civil');
    expect(report.results.find((x: { rule: string }) => x.rule === 'indexLinks').findings).toEqual(['index entry Tab 2 (p. 1) has no link', 'index entry Tab 3 (p. 1) has no link']);
  });

  it('--fix writes the fixed file and reports rules fixed', async () => {
    const out = join(dir, 'fixed');
    const r = await run(['preflight', join(dir, 'out.pdf'), '--profile', 'ew-civil', '--fix', '--out', out]);
    expect(readdirSync(out)).toEqual(['out.pdf']);
    expect(r.stdout).toMatch(/FIXED\s+upright/);
    expect(r.stdout).toMatch(/FIXED\s+defaultView/);
    expect(readFileSync(join(out, 'out.pdf')).subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('refuses an unknown profile', async () => {
    const r = await run(['preflight', join(dir, 'out.pdf'), '--profile', 'moon-court']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/unknown court profile/);
  });
});
