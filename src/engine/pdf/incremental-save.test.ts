import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildHostilePdf } from '../../../test/fixtures/hostile.ts';
import { loadFixture } from '../../../test/fixtures/index.ts';
import { hasPdftotext, pdftotextWords, searchableWords } from '../../../test/pdftotext.ts';
import { validateMaster } from '../link.ts';
import { detectIndex } from '../index/detect-index.ts';
import { resolveDestinations } from '../resolve/resolve-destinations.ts';
import { extractAllText } from '../text/extract-text.ts';
import type { PageText, ReviewJson } from '../types.ts';
import { buildReview } from '../write/review.ts';
import { prepareMaster } from '../write/write-master.ts';
import { findActiveContent } from './active-content.ts';
import { openPdf } from './index.ts';
import { encryptPdf, makeTextPdf, withObjectStreams } from './make-text-pdf.ts';
import type { MupdfDoc } from './mupdf-doc.ts';
import type { PdfDoc, PdfSource, SavedFile } from './types.ts';

// A document opened from its file can be written as that file unchanged followed by an incremental
// update (saveToFile, incremental-save.ts). These tests write such updates over small generated files
// (the size from which it is done is lowered to 0) and read them back with MuPDF and with poppler.

const dir = mkdtempSync(join(tmpdir(), 'brieflink-incremental-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const UPDATE = { incrementalFrom: 0 };
const poppler = hasPdftotext();
if (!poppler) console.warn('poppler (pdfinfo, pdftotext) not installed: the incremental-save outputs are read back with MuPDF only');

let files = 0;
function onDisk(bytes: Uint8Array, name: string): string {
  const path = join(dir, `${++files}-${name}.pdf`);
  writeFileSync(path, bytes);
  return path;
}

/** pdfinfo's page count; it fails on any error it reports (a broken cross-reference, an object it cannot find). */
function pdfinfoPages(path: string): number {
  const r = spawnSync('pdfinfo', [path], { encoding: 'utf8' });
  expect(r.status, r.stderr).toBe(0);
  expect(r.stderr).not.toMatch(/error/i);
  return Number(/^Pages:\s+(\d+)/m.exec(r.stdout)?.[1]);
}

/** A five-page brief: an index page, a divider, two text pages and a page with no text (a scan, read by OCR). */
function brief(): Uint8Array {
  const page = (title: string, body: string) => [
    { text: title, y: 100, size: 18 },
    { text: body, y: 140 },
  ];
  return makeTextPdf([
    [
      { text: 'INDEX', y: 80, size: 18 },
      { text: 'Tab 1   Affidavit of Jane Doe', y: 140 },
      { text: 'Tab 2   Exhibit A to the affidavit', y: 170 },
    ],
    page('TAB 1', 'Affidavit of Jane Doe, sworn in Toronto.'),
    page('Affidavit', 'I, Jane Doe, of the City of Toronto, make oath and say.'),
    page('TAB 2', 'Exhibit A.'),
    [],
  ]);
}

/** What OCR would have read on the scanned page 5: words with their boxes (top-left origin). */
const OCR_PAGE: PageText = {
  page: 5,
  width: 612,
  height: 792,
  source: 'ocr',
  confidence: 91,
  lines: [
    {
      text: 'Scanned exhibit stamped received',
      bbox: [72, 200, 330, 214],
      words: [
        { text: 'Scanned', bbox: [72, 200, 130, 214] },
        { text: 'exhibit', bbox: [136, 200, 182, 214] },
        { text: 'stamped', bbox: [188, 200, 246, 214] },
        { text: 'received', bbox: [252, 200, 330, 214] },
      ],
    },
  ],
} as PageText;

const OUTLINE = [
  { title: 'Tab 1 Affidavit of Jane Doe', page: 2 },
  { title: 'Exhibit page', page: 3, level: 1 },
  { title: 'Tab 2 Exhibit A', page: 4 },
];
const LABELS = ['i', null, '1', '2', '3'];

/** What the engine does to a brief before saving it: links, bookmarks, page labels, a text layer, the active-content sweep. */
function change(doc: PdfDoc): void {
  expect(doc.removeActiveContent()).toEqual([]);
  doc.addLink(1, [72, 128, 300, 144], 2);
  doc.addLink(1, [72, 158, 300, 174], 4);
  doc.setOutline(OUTLINE);
  doc.setPageLabels(LABELS);
  expect(doc.addTextLayer(5, OCR_PAGE)).toBe(4);
}

function readBack(source: PdfSource) {
  const doc = openPdf(source);
  try {
    return {
      pages: doc.pageCount,
      links: doc.links(1).map((l) => l.targetPage),
      outline: doc.outline(),
      labels: Array.from({ length: doc.pageCount }, (_, i) => doc.pageLabel(i + 1)),
      scanText: doc.pageText(5).lines.map((l) => l.text).join(' '),
    };
  } finally {
    doc.close();
  }
}

function expectFileMatches(path: string, saved: SavedFile): Buffer {
  const bytes = readFileSync(path);
  expect(saved.size).toBe(bytes.length);
  expect(saved.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
  return bytes;
}

function startsWith(bytes: Buffer, prefix: Uint8Array): boolean {
  return bytes.length > prefix.length && Buffer.compare(bytes.subarray(0, prefix.length), Buffer.from(prefix)) === 0;
}

/** Whether the file's last cross-reference section is a stream (else a classic table). */
function lastSectionIsStream(bytes: Buffer): boolean {
  const tail = bytes.subarray(-64).toString('latin1');
  const at = Number(/startxref\s+(\d+)/.exec(tail)![1]);
  return !bytes.subarray(at, at + 8).toString('latin1').startsWith('xref');
}

describe.each([
  { style: 'a classic cross-reference table', make: () => brief(), stream: false },
  { style: 'a cross-reference stream and object streams', make: () => withObjectStreams(brief()), stream: true },
])('a brief with $style, saved as an incremental update', ({ make, stream }) => {
  const input = make();
  const source = onDisk(input, 'brief');
  let first: { path: string; bytes: Buffer };

  it('keeps the file as an exact prefix, in its own cross-reference style, and everything changed reads back', () => {
    expect(lastSectionIsStream(Buffer.from(input))).toBe(stream);
    const doc = openPdf({ path: source });
    expect(doc.saveMethod(UPDATE)).toEqual({ incremental: true });
    change(doc);
    const path = join(dir, `${++files}-linked.pdf`);
    const saved = doc.saveToFile(path, UPDATE);
    doc.close();
    expect(saved).toMatchObject({ incremental: true });
    const bytes = expectFileMatches(path, saved);
    expect(startsWith(bytes, input)).toBe(true);
    expect(lastSectionIsStream(bytes)).toBe(stream);
    // the update's trailer points at the file's own last section
    const prev = Number(/startxref\s+(\d+)\s+%%EOF\s*$/.exec(Buffer.from(input).toString('latin1'))![1]);
    expect(bytes.subarray(input.length).toString('latin1')).toContain(`/Prev ${prev}`);

    expect(readBack({ path })).toEqual({
      pages: 5,
      links: [2, 4],
      outline: OUTLINE.map((o) => ({ title: o.title, page: o.page, level: o.level ?? 0 })),
      labels: ['i', '[2]', '1', '2', '3'],
      scanText: 'Scanned exhibit stamped received',
    });
    first = { path, bytes };
  });

  it.skipIf(!poppler)('opens in poppler without an error, which finds the text layer words', () => {
    expect(pdfinfoPages(first.path)).toBe(5);
    const found = pdftotextWords(first.bytes);
    expect(searchableWords(found, [OCR_PAGE])).toMatchObject({ words: 4, found: 4, placed: 4 });
    expect(found[1]!.map((w) => w.text).join(' ')).toBe('TAB 1 Affidavit of Jane Doe, sworn in Toronto.');
  });

  it('is saved again as an update of the update (an output written again)', () => {
    const doc = openPdf({ path: first.path });
    expect(doc.saveMethod(UPDATE)).toEqual({ incremental: true });
    doc.deleteLinksAt(1, [72, 158, 300, 174]);
    doc.addLink(1, [72, 158, 300, 174], 3);
    doc.setOutline([...OUTLINE, { title: 'The scan', page: 5 }]);
    const path = join(dir, `${++files}-again.pdf`);
    const saved = doc.saveToFile(path, UPDATE);
    doc.close();
    expect(saved.incremental).toBe(true);
    const bytes = expectFileMatches(path, saved);
    expect(startsWith(bytes, first.bytes)).toBe(true);
    const back = readBack({ path });
    expect(back.links).toEqual([2, 3]);
    expect(back.outline.map((o) => o.title)).toEqual([...OUTLINE.map((o) => o.title), 'The scan']);
    expect(back.labels).toEqual(['i', '[2]', '1', '2', '3']);
    expect(back.scanText).toBe('Scanned exhibit stamped received');
    if (poppler) {
      expect(pdfinfoPages(path)).toBe(5);
      expect(searchableWords(pdftotextWords(bytes), [OCR_PAGE]).found).toBe(4);
    }
  });
});

describe('what an incremental update writes', () => {
  it('keeps strings of any bytes as they were (MuPDF prints them in hex)', () => {
    const source = onDisk(brief(), 'bytes');
    const doc = openPdf({ path: source });
    const pdf = (doc as MupdfDoc).doc;
    const all = new Uint8Array(256).map((_, i) => i);
    const root = pdf.getTrailer().get('Root');
    root.put('BLBytes', pdf.newByteString(all));
    root.put('BLText', pdf.newString('Café (Toronto) \\ “quoted” ✓'));
    const path = join(dir, 'bytes-out.pdf');
    expect(doc.saveToFile(path, UPDATE).incremental).toBe(true);
    doc.close();
    const back = openPdf({ path });
    try {
      const r = (back as MupdfDoc).doc.getTrailer().get('Root');
      expect([...r.get('BLBytes').asByteString()]).toEqual([...all]);
      expect(r.get('BLText').asString()).toBe('Café (Toronto) \\ “quoted” ✓');
    } finally {
      back.close();
    }
  });

  it('writes an object again under its own generation number', () => {
    // a page object of generation 1, as a file updated by a writer that reuses object numbers has
    const content = 'BT /F1 14 Tf 72 700 Td (Generation one page) Tj ET';
    const objects = [
      '1 0 obj\n<</Type/Catalog/Pages 2 0 R>>\nendobj\n',
      '2 0 obj\n<</Type/Pages/Kids[3 1 R]/Count 1>>\nendobj\n',
      '3 1 obj\n<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]/Resources<</Font<</F1 4 0 R>>>>/Contents 5 0 R>>\nendobj\n',
      '4 0 obj\n<</Type/Font/Subtype/Type1/BaseFont/Helvetica/Encoding/WinAnsiEncoding>>\nendobj\n',
      `5 0 obj\n<</Length ${content.length}>>\nstream\n${content}\nendstream\nendobj\n`,
    ];
    let text = '%PDF-1.7\n';
    const offsets: number[] = [];
    for (const o of objects) {
      offsets.push(text.length);
      text += o;
    }
    const xref = text.length;
    text += `xref\n0 6\n0000000000 65535 f\r\n${offsets.map((o, i) => `${String(o).padStart(10, '0')} ${i === 2 ? '00001' : '00000'} n\r\n`).join('')}`;
    text += `trailer\n<</Size 6/Root 1 0 R>>\nstartxref\n${xref}\n%%EOF\n`;
    const source = onDisk(Buffer.from(text, 'latin1'), 'generation');
    const doc = openPdf({ path: source });
    doc.addLink(1, [72, 80, 250, 100], 1);
    const path = join(dir, 'generation-out.pdf');
    expect(doc.saveToFile(path, UPDATE).incremental).toBe(true);
    doc.close();
    const update = readFileSync(path).subarray(text.length).toString('latin1');
    expect(update).toMatch(/(^|\n)3 1 obj\n/);
    const back = openPdf({ path });
    expect(back.links(1).map((l) => l.targetPage)).toEqual([1]);
    back.close();
    // poppler finds an object by number and generation: written as generation 0, the page would be lost
    if (poppler) {
      expect(pdfinfoPages(path)).toBe(1);
      expect(pdftotextWords(readFileSync(path))[0]!.map((w) => w.text).join(' ')).toBe('Generation one page');
    }
  });

  it('reads a hybrid file (a table whose trailer names a cross-reference stream for the objects in an object stream)', () => {
    const content = 'BT /F1 14 Tf 72 700 Td (Hybrid reference page) Tj ET';
    const font = '<</Type/Font/Subtype/Type1/BaseFont/Helvetica/Encoding/WinAnsiEncoding>>';
    const packed = `4 0 ${font}`;
    const first = '4 0 '.length;
    const bodies: Array<[number, string]> = [
      [1, '<</Type/Catalog/Pages 2 0 R>>'],
      [2, '<</Type/Pages/Kids[3 0 R]/Count 1>>'],
      [3, '<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]/Resources<</Font<</F1 4 0 R>>>>/Contents 5 0 R>>'],
      [5, `<</Length ${content.length}>>\nstream\n${content}\nendstream`],
      [6, `<</Type/ObjStm/N 1/First ${first}/Length ${packed.length}>>\nstream\n${packed}\nendstream`],
      // object 4 is the first object of object stream 6 (type 2); row: type, stream number (2 bytes), index
      [7, '<</Type/XRef/Size 8/W[1 2 1]/Index[4 1]/Length 4>>\nstream\n\u0002\u0000\u0006\u0000\nendstream'],
    ];
    let text = '%PDF-1.5\n';
    const offsets = new Map<number, number>();
    for (const [num, body] of bodies) {
      offsets.set(num, text.length);
      text += `${num} 0 obj\n${body}\nendobj\n`;
    }
    const table = text.length;
    const row = (n: number) => (offsets.has(n) ? `${String(offsets.get(n)).padStart(10, '0')} 00000 n\r\n` : '0000000000 65535 f\r\n');
    // object 4 is not in the table: readers that know cross-reference streams find it in the one named by /XRefStm
    text += `xref\n0 4\n${[0, 1, 2, 3].map(row).join('')}5 3\n${[5, 6, 7].map(row).join('')}`;
    text += `trailer\n<</Size 8/Root 1 0 R/XRefStm ${offsets.get(7)}>>\nstartxref\n${table}\n%%EOF\n`;
    const source = onDisk(Buffer.from(text, 'latin1'), 'hybrid');
    const doc = openPdf({ path: source });
    expect(doc.saveMethod(UPDATE)).toEqual({ incremental: true });
    doc.addLink(1, [72, 80, 250, 100], 1);
    // the font, which lives in the object stream, changes too: written as object 4, generation 0
    const pdf = (doc as MupdfDoc).doc;
    pdf.newIndirect(4).put('Name', pdf.newName('F1'));
    const path = join(dir, 'hybrid-out.pdf');
    expect(doc.saveToFile(path, UPDATE).incremental).toBe(true);
    doc.close();
    const update = readFileSync(path).subarray(text.length).toString('latin1');
    expect(update).toMatch(/(^|\n)3 0 obj\n/);
    expect(update).toMatch(/(^|\n)4 0 obj\n<<[^\n]*\/Name\/F1/);
    expect(update).toContain(`/Prev ${table}`);
    const back = openPdf({ path });
    expect(back.links(1).map((l) => l.targetPage)).toEqual([1]);
    expect(back.pageText(1).lines.map((l) => l.text)).toEqual(['Hybrid reference page']);
    back.close();
    if (poppler) {
      expect(pdfinfoPages(path)).toBe(1);
      expect(pdftotextWords(readFileSync(path))[0]!.map((w) => w.text).join(' ')).toBe('Hybrid reference page');
    }
  });

  it('writes the pages of a trial record appended to the brief, and leaves out what was taken out of them', async () => {
    const source = onDisk(brief(), 'paired');
    // a record with active content on its first page (page actions, launch and file links, an attachment)
    const record = openPdf(await buildHostilePdf(withObjectStreams(makeTextPdf([[{ text: 'RECORD cover', y: 100 }], [{ text: 'Transcript of the hearing', y: 100 }]]))));
    const doc = openPdf({ path: source });
    expect(doc.append(record)).toBe(6);
    record.close();
    const removed = doc.removeActiveContent();
    expect(removed.length).toBeGreaterThan(3);
    expect(removed.every((r) => r.page !== undefined && r.page >= 6)).toBe(true);
    doc.addLink(1, [72, 128, 300, 144], 7);
    doc.setOutline([{ title: 'Transcript', page: 7 }]);
    doc.setPageLabels(['i', null, '1', '2', '3', 'R1', 'R2']);
    const path = join(dir, 'paired-out.pdf');
    const saved = doc.saveToFile(path, UPDATE);
    doc.close();
    // taken out of new objects only: the update still holds
    expect(saved.incremental).toBe(true);
    const bytes = expectFileMatches(path, saved);
    const back = openPdf({ path });
    try {
      expect(back.pageCount).toBe(7);
      expect(back.links(1).map((l) => l.targetPage)).toEqual([7]);
      expect(back.outline()).toEqual([{ title: 'Transcript', page: 7, level: 0 }]);
      expect(back.pageLabel(7)).toBe('R2');
      expect(back.pageText(7).lines.map((l) => l.text)).toEqual(['Transcript of the hearing']);
    } finally {
      back.close();
    }
    // what was removed from the record's pages is not in the update's bytes either
    expect(bytes.toString('latin1')).not.toContain('app.alert');
    expect(findActiveContent({ path })).toEqual([]);
    if (poppler) {
      expect(pdfinfoPages(path)).toBe(7);
      expect(pdftotextWords(bytes)[6]!.map((w) => w.text).join(' ')).toBe('Transcript of the hearing');
    }
  });

  it('gives the same links, bookmarks and validation as the full save, through the engine', async () => {
    const f = await loadFixture('lettered-tabs');
    for (const bytes of [f.brief, withObjectStreams(f.brief)]) {
      const source = onDisk(bytes, 'lettered');
      const outputs: Record<'full' | 'update', { path: string; review: ReviewJson }> = {} as never;
      for (const how of ['full', 'update'] as const) {
        const doc = openPdf({ path: source });
        const { pages } = await extractAllText({ path: source }, {}, doc);
        const detection = detectIndex(pages);
        const destinations = resolveDestinations({ items: detection.items, indexPages: detection.pages, source: pages, record: null });
        const review = buildReview({ briefName: 'brief.pdf', briefPages: doc.pageCount, detection, destinations });
        prepareMaster(doc, null, review);
        const path = join(dir, `${++files}-lettered-${how}.pdf`);
        const saved = doc.saveToFile(path, how === 'update' ? UPDATE : {});
        doc.close();
        expect(saved.incremental).toBe(how === 'update');
        review.validation = validateMaster({ path }, review);
        outputs[how] = { path, review };
      }
      const { full, update } = outputs;
      expect(update.review.validation.success).toBe(true);
      expect(update.review).toEqual(full.review);
      expect(startsWith(readFileSync(update.path), bytes)).toBe(true);
      const links = (p: string) => {
        const d = openPdf({ path: p });
        try {
          return { links: Array.from({ length: d.pageCount }, (_, i) => d.links(i + 1)), outline: d.outline() };
        } finally {
          d.close();
        }
      };
      expect(links(update.path)).toEqual(links(full.path));
      expect(findActiveContent({ path: update.path })).toEqual([]);
      if (poppler) expect(pdfinfoPages(update.path)).toBe(update.review.source.pages);
    }
  });
});

describe('a document saved whole', () => {
  it('when it is encrypted: the output is decrypted, not an update of the encrypted file', () => {
    // owner-locked: opens without a password, but its strings and streams are encrypted in the file
    const input = encryptPdf(brief(), '');
    const source = onDisk(input, 'encrypted');
    const doc = openPdf({ path: source });
    expect(doc.saveMethod(UPDATE)).toEqual({ incremental: false, whole: 'encrypted' });
    change(doc);
    const path = join(dir, 'encrypted-out.pdf');
    const saved = doc.saveToFile(path, UPDATE);
    doc.close();
    expect(saved).toMatchObject({ incremental: false, whole: 'encrypted' });
    const bytes = expectFileMatches(path, saved);
    expect(startsWith(bytes, input)).toBe(false);
    expect(findActiveContent({ path })).toEqual([]);
    expect(readBack({ path }).links).toEqual([2, 4]);
  });

  it('when active content was taken out of it: what was removed must not stay in the bytes', async () => {
    const input = await buildHostilePdf(brief());
    const source = onDisk(input, 'hostile');
    const doc = openPdf({ path: source });
    expect(doc.saveMethod(UPDATE)).toEqual({ incremental: false, whole: 'active content' });
    expect(doc.removeActiveContent().length).toBeGreaterThan(10);
    doc.addLink(1, [72, 128, 300, 144], 2);
    const path = join(dir, 'hostile-out.pdf');
    const saved = doc.saveToFile(path, UPDATE);
    doc.close();
    expect(saved).toMatchObject({ incremental: false, whole: 'active content' });
    const bytes = expectFileMatches(path, saved);
    expect(startsWith(bytes, input)).toBe(false);
    // the JavaScript is gone from the file's bytes, not only from its current objects
    expect(bytes.toString('latin1')).not.toContain('app.alert');
    expect(findActiveContent({ path })).toEqual([]);
  });

  it('when it was repaired on opening (no startxref near its end): an update must point at a cross-reference that reads', () => {
    const input = Buffer.concat([Buffer.from(brief()), Buffer.from(`${'% trailing lines a scanner added\n'.repeat(300)}`)]);
    const source = onDisk(input, 'trailing');
    const doc = openPdf({ path: source });
    expect(doc.saveMethod(UPDATE)).toEqual({ incremental: false, whole: 'repaired' });
    change(doc);
    const path = join(dir, 'trailing-out.pdf');
    const saved = doc.saveToFile(path, UPDATE);
    doc.close();
    expect(saved).toMatchObject({ incremental: false, whole: 'repaired' });
    expect(startsWith(expectFileMatches(path, saved), input)).toBe(false);
    expect(readBack({ path }).links).toEqual([2, 4]);
  });

  it('when it is small (the full save packs it), or was opened from bytes', () => {
    const input = brief();
    const doc = openPdf({ path: onDisk(input, 'small') });
    expect(doc.saveMethod()).toEqual({ incremental: false, whole: 'small file' });
    change(doc);
    const path = join(dir, 'small-out.pdf');
    expect(doc.saveToFile(path)).toMatchObject({ incremental: false, whole: 'small file' });
    doc.close();
    expect(startsWith(readFileSync(path), input)).toBe(false);
    const fromBytes = openPdf(input);
    expect(fromBytes.saveMethod(UPDATE)).toEqual({ incremental: false, whole: 'opened from bytes' });
    expect(fromBytes.saveToFile(join(dir, 'bytes-out2.pdf'), UPDATE)).toMatchObject({ incremental: false, whole: 'opened from bytes' });
    fromBytes.close();
  });
});
