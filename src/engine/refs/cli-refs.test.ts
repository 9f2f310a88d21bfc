import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPdf } from '../pdf/index.ts';
import { makeTextPdf, type TextLineSpec } from '../pdf/make-text-pdf.ts';
import { runCli } from '../run-cli.ts';
import type { ReviewJson } from '../types.ts';

const text = (lines: string[]): TextLineSpec[] => lines.map((t, i) => ({ text: t, x: 72, y: 100 + i * 16, size: 11 }));
const stamped = (stamp: string): TextLineSpec[] => [...text([`record page ${stamp}`]), { text: stamp, x: 480, y: 760, size: 10 }];

describe('brieflink refs and link with several named records', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'brieflink-refs-'));
    writeFileSync(join(dir, 'brief.pdf'), makeTextPdf([
      text(['BRIEF OF APPELLANT']),
      text(['The jury heard it (1-ER-3; JA 2). The witness said so at Tr. 4:1-9. See also ER 99.']),
    ]));
    writeFileSync(join(dir, 'er.pdf'), makeTextPdf([text(['EXCERPTS OF RECORD', 'VOLUME 1']), ...[1, 2, 3].map((n) => stamped(`1-ER-${n}`))]));
    writeFileSync(join(dir, 'ja.pdf'), makeTextPdf([1, 2, 3].map((n) => stamped(`JA ${n}`))));
    writeFileSync(join(dir, 'tr.pdf'), makeTextPdf([2, 3, 4, 5].map((n) => [...text([`transcript text ${n}`]), { text: String(n), x: 540, y: 50, size: 10 }])));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('refs prints every reference as JSON with its parts and the master page it resolves to', async () => {
    const r = await runCli(['refs', join(dir, 'brief.pdf'), '--record', `ER=${join(dir, 'er.pdf')}`, '--record', `J.A.=${join(dir, 'ja.pdf')}`, '--record', `Tr.=${join(dir, 'tr.pdf')}`, '--no-ocr']);
    expect(r.code).toBe(0);
    const { references } = JSON.parse(r.stdout) as { references: Array<Record<string, unknown>> };
    // master: brief 2 pages, ER 4 (cover + 3), JA 3, Tr 4
    expect(references.map((x) => [x.text, x.kind, x.doc, x.volume, x.target, x.targetPage])).toEqual([
      ['1-ER-3', 'record', 'ER', '1', '3', 2 + 4],
      ['JA 2', 'record', 'JA', null, '2', 6 + 2],
      ['Tr. 4:1-9', 'record', 'Tr.', null, '4:1-9', 9 + 3],
      ['ER 99', 'record', 'ER', null, '99', null],
    ]);
    expect(references[0]).toMatchObject({ page: 2, bbox: expect.any(Array) });
  });

  it('link writes one master of the brief and its records, with the reference links read back', async () => {
    const out = join(dir, 'out');
    const r = await runCli(['link', join(dir, 'brief.pdf'), '--record', `ER=${join(dir, 'er.pdf')}`, '--record', join(dir, 'ja.pdf'), '--out', out, '--no-ocr']);
    // the brief has no index, so validation fails (exit 2), but the references are linked
    expect(r.code).toBe(2);
    const review = JSON.parse(readFileSync(join(out, 'review.json'), 'utf8')) as ReviewJson;
    expect(review.records!.map((x) => [x.file, x.citeAs, x.offset])).toEqual([['er.pdf', 'ER', 2], ['ja.pdf', '', 6]]);
    expect(review.validation).toMatchObject({ references_linked: 1, references_broken: 0 });
    const doc = openPdf(new Uint8Array(readFileSync(join(out, 'Master.linked.pdf'))));
    try {
      expect(doc.pageCount).toBe(9);
      expect(doc.links(2).map((l) => l.targetPage)).toEqual([6]);
    } finally {
      doc.close();
    }
  });
});
