import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPdf } from '../pdf/index.ts';
import { makeTextPdf, type TextLineSpec } from '../pdf/make-text-pdf.ts';
import { runCli } from '../run-cli.ts';
import type { ReviewJson } from '../types.ts';

const text = (lines: string[]): TextLineSpec[] => lines.map((t, i) => ({ text: t, x: 72, y: 100 + i * 16, size: 11 }));

describe('brieflink authorities and link --authorities', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'brieflink-auth-'));
    writeFileSync(join(dir, 'brief.pdf'), makeTextPdf([
      text(['BRIEF OF APPELLANT']),
      text(['The claim is plausible. See Ashcroft v. Iqbal, 556 U.S. 662, 678 (2009). Id. at 680.', 'It is brought under Fed. R. Civ. P. 12(b)(6) and R. v. Jordan, 2016 SCC 27 at para. 5.']),
    ]));
    writeFileSync(join(dir, 'links.json'), JSON.stringify({ 'ca-neutral': 'https://lib.example.com/{year}/{database}/{number}' }));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('authorities prints every citation as JSON with its parts and address', async () => {
    const r = await runCli(['authorities', join(dir, 'brief.pdf'), '--no-ocr']);
    expect(r.code).toBe(0);
    const { authorities } = JSON.parse(r.stdout) as { authorities: Array<Record<string, unknown>> };
    expect(authorities.map((a) => [a.text, a.family, a.url])).toEqual([
      ['Ashcroft v. Iqbal, 556 U.S. 662, 678 (2009)', 'us-case', 'https://www.courtlistener.com/c/U.S./556/662/'],
      ['Id. at 680', 'us-case', 'https://www.courtlistener.com/c/U.S./556/662/'],
      ['Fed. R. Civ. P. 12(b)(6)', 'us-rule', 'https://www.law.cornell.edu/rules/frcp/rule_12'],
      ['R. v. Jordan, 2016 SCC 27 at para. 5', 'ca-neutral', 'https://www.canlii.org/en/ca/scc/doc/2016/2016scc27/2016scc27.html'],
    ]);
    expect(authorities[1]).toMatchObject({ shortForm: 'id', antecedent: 1, parts: { pinpoint: '680' } });
  });

  it('a firm’s templates from a file, and a bad one refused', async () => {
    const r = await runCli(['authorities', join(dir, 'brief.pdf'), '--no-ocr', '--authority-links', join(dir, 'links.json')]);
    const { authorities } = JSON.parse(r.stdout) as { authorities: Array<{ url: string | null }> };
    expect(authorities[3]!.url).toBe('https://lib.example.com/2016/scc/27');
    writeFileSync(join(dir, 'bad.json'), JSON.stringify({ 'ca-neutral': 'file:///x/{number}' }));
    const bad = await runCli(['authorities', join(dir, 'brief.pdf'), '--no-ocr', '--authority-links', join(dir, 'bad.json')]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/https address/);
  });

  it('link --authorities writes web links over the citations; link alone writes none', async () => {
    const out = join(dir, 'out');
    const r = await runCli(['link', join(dir, 'brief.pdf'), '--authorities', '--out', out, '--no-ocr']);
    expect(r.stderr).toMatch(/4 authorities linked, 0 unresolved, 0 broken/);
    const review = JSON.parse(readFileSync(join(out, 'review.json'), 'utf8')) as ReviewJson;
    expect(review.validation).toMatchObject({ authorities_linked: 4, authorities_broken: 0 });
    const doc = openPdf(readFileSync(join(out, 'Master.linked.pdf')));
    try {
      expect(doc.links(2).map((k) => k.uri).filter((u) => u.startsWith('https:')).length).toBe(4);
    } finally {
      doc.close();
    }
    const plain = join(dir, 'plain');
    await runCli(['link', join(dir, 'brief.pdf'), '--out', plain, '--no-ocr']);
    const again = JSON.parse(readFileSync(join(plain, 'review.json'), 'utf8')) as ReviewJson;
    expect(again.authorities).toBeUndefined();
    const d2 = openPdf(readFileSync(join(plain, 'Master.linked.pdf')));
    try {
      expect(d2.links(2).filter((k) => k.uri.startsWith('https:'))).toEqual([]);
    } finally {
      d2.close();
    }
  });
  it('link --toa-rows says where a Table of Authorities row links; another value is refused', async () => {
    const { toaBrief } = await import('../../../test/fixtures/authorities/toa-brief.ts');
    const f = await toaBrief();
    writeFileSync(join(dir, 'toa.pdf'), f.pdf);
    const out = join(dir, 'out-toa');
    const r = await runCli(['link', join(dir, 'toa.pdf'), '--authorities', '--toa-rows', 'authority', '--out', out, '--no-ocr']);
    expect(r.code, r.stderr).toBe(0);
    const review = JSON.parse(readFileSync(join(out, 'review.json'), 'utf8')) as ReviewJson;
    const rows = review.authorities!.filter((a) => a.toaRow);
    expect(rows).toHaveLength(f.rows.length + 1); // and the row of a case the body never cites
    expect(rows.find((a) => a.text.startsWith('Ashcroft'))).toMatchObject({ targetPage: null, url: 'https://www.courtlistener.com/c/U.S./556/662/' });
    const bad = await runCli(['link', join(dir, 'toa.pdf'), '--authorities', '--toa-rows', 'page', '--out', out, '--no-ocr']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/--toa-rows page: first-citation or authority/);
  }, 60_000);
});
