import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadFixture, type Fixture } from '../../test/fixtures/index.ts';
import { openPdf } from './pdf/index.ts';
import { encryptPdf } from './pdf/make-text-pdf.ts';
import { runCli as run } from './run-cli.ts';
import type { ReviewJson } from './types.ts';

describe('brieflink CLI', () => {
  let dir: string;
  let brief: Fixture;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'brieflink-cli-'));
    brief = await loadFixture('brief-record');
    writeFileSync(join(dir, 'brief.pdf'), brief.brief);
    writeFileSync(join(dir, 'record.pdf'), brief.record!);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('links a brief and its record: Master.linked.pdf and review.json, exit 0', async () => {
    const out = join(dir, 'out');
    const r = await run(['link', join(dir, 'brief.pdf'), '--record', join(dir, 'record.pdf'), '--out', out, '--stats']);
    expect(r.stderr).toMatch(/stats wall_ms=\d+ peak_rss_mb=\d+/);
    expect(r.code).toBe(0);
    expect(readdirSync(out).sort()).toEqual(['Master.linked.pdf', 'review.json']);
    const review = JSON.parse(readFileSync(join(out, 'review.json'), 'utf8')) as ReviewJson;
    const briefPages = review.source.pages;
    expect(review.record).toMatchObject({ file: 'record.pdf', offset: briefPages });
    expect(review.validation).toMatchObject({ broken_links: 0, success: true });
    const want = brief.truth.items.map((t) => (t.target === 'record' ? t.targetPage + briefPages : t.targetPage));
    expect(review.links.map((l) => l.masterPage)).toEqual(want);
    // the links in the written file go where review.json says
    const pdf = openPdf(readFileSync(join(out, 'Master.linked.pdf')));
    const got = review.index.pages.flatMap((p) => pdf.links(p).map((l) => l.targetPage)).sort((a, b) => a! - b!);
    expect(got).toEqual([...want].sort((a, b) => a - b));
    expect(pdf.outline()).toHaveLength(want.length);
    pdf.close();
  });

  it('prints the index items as JSON for detect', async () => {
    const r = await run(['detect', join(dir, 'brief.pdf')]);
    expect(r.code).toBe(0);
    const d = JSON.parse(r.stdout) as { pages: number[]; items: Array<{ label: string }>; pageCount: number };
    expect(d.pages).toEqual(brief.truth.indexPages);
    expect(d.items.map((i) => i.label)).toEqual(brief.truth.items.map((t) => t.label));
  });

  it('refuses bad input with a one-line error and exit 1', async () => {
    writeFileSync(join(dir, 'notes.pdf'), 'these are notes, not a PDF');
    writeFileSync(join(dir, 'locked.pdf'), encryptPdf(brief.brief, 'secret'));
    const notPdf = await run(['link', join(dir, 'notes.pdf'), '--out', join(dir, 'x')]);
    expect(notPdf.code).toBe(1);
    expect(notPdf.stderr).toBe(`brieflink: ${join(dir, 'notes.pdf')}: not a PDF file\n`);
    const locked = await run(['link', join(dir, 'brief.pdf'), '--record', join(dir, 'locked.pdf'), '--out', join(dir, 'x')]);
    expect(locked.code).toBe(1);
    expect(locked.stderr).toBe(`brieflink: ${join(dir, 'locked.pdf')}: password-protected PDF\n`);
    const missing = await run(['link', join(dir, 'brief.pdf')]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/--out/);
    expect(existsSync(join(dir, 'x'))).toBe(false);
    const outIsFile = await run(['link', join(dir, 'brief.pdf'), '--out', join(dir, 'notes.pdf')]);
    expect(outIsFile.code).toBe(1);
    expect(outIsFile.stderr).toBe(`brieflink: ${join(dir, 'notes.pdf')}: not a folder\n`);
  });

  it('exits 2 when there is nothing to link, and explains why', async () => {
    const none = await loadFixture('no-index');
    writeFileSync(join(dir, 'judgment.pdf'), none.brief);
    const r = await run(['link', join(dir, 'judgment.pdf'), '--out', join(dir, 'none')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/validation failed: no index found/);
    const review = JSON.parse(readFileSync(join(dir, 'none', 'review.json'), 'utf8')) as ReviewJson;
    expect(review.links).toEqual([]);
    expect(review.validation.success).toBe(false);
  });

  it('shows help', async () => {
    const r = await run(['--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/brieflink link <brief\.pdf>/);
  });
});
