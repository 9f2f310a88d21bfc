import { beforeAll, describe, expect, it } from 'vitest';
import { brokenBundle, longBundle, scannedAt600, type CourtFixture } from '../../../test/fixtures/court-rules.ts';
import { pagesOf } from '../../../test/fixtures/pages-of.ts';
import { openPdf } from '../pdf/index.ts';
import { encryptPdf } from '../pdf/make-text-pdf.ts';
import { readDocFacts } from '../pdf/court-facts.ts';
import { edgeWords } from './preflight.ts';
import { fixForCourt, planVolumes, preflightFile } from './fix.ts';
import { profile } from './profiles/index.ts';
import type { CourtProfile, RuleId } from './types.ts';
import type { IndexEntry, PreflightReport } from './preflight.ts';

const ew = profile('ew-civil');
/** Every rule at once: the E&W civil e-bundle with a volume limit, encryption and a size cap. */
const all: CourtProfile = {
  ...ew,
  id: 'custom',
  pagesPerVolume: { value: 8, source: 'ew-guidance', says: 'test limit' },
  unencrypted: { value: true, source: 'ew-guidance', says: 'test' },
};

const result = (r: PreflightReport, rule: RuleId) => r.results.find((x) => x.rule === rule)!;

let broken: CourtFixture;
let kept: CourtFixture;
beforeAll(async () => {
  broken = await brokenBundle();
  kept = await brokenBundle({ keep: true });
});

describe('preflight of a bundle breaking each rule', () => {
  it('names each failure with its page or object', () => {
    const r = preflightFile(broken.bytes, broken.bytes.length, all, { name: 'bundle.pdf', indexEntries: broken.entries });
    expect(r.ok).toBe(false);
    expect(result(r, 'upright').findings).toEqual(['p. 3 is upside down', 'p. 7 reads top to bottom (turned clockwise)']);
    expect(result(r, 'searchable').findings).toEqual(['1 page has no text layer (p. 6)']);
    expect(result(r, 'maxImageDpi').findings[0]).toMatch(/^images at up to 600 dpi on 1 page \(p\. 6\); the limit is 300 dpi$/);
    expect(result(r, 'numbering').findings[0]).toMatch(/^12 pages do not show their PDF page number/);
    expect(result(r, 'bookmarks').findings).toContain('bookmark "Tab 3 – Correspondence between the parties" lacks its page number (9)');
    expect(result(r, 'indexLinks').findings).toEqual(['index entry Tab 2 (p. 1) has no link', 'index entry Tab 3 (p. 1) has no link']);
    expect(result(r, 'defaultView').status).toBe('fail');
    expect(result(r, 'optimised').findings).toEqual(['1 stream is stored uncompressed']);
    expect(result(r, 'pagesPerVolume').findings).toEqual(['The file is 12 pages; the limit is 8']);
    expect(result(r, 'unencrypted').status).toBe('pass');
  });

  it('without the index entries, index links are unchecked, not passed', () => {
    const r = preflightFile(broken.bytes, broken.bytes.length, ew, { name: 'bundle.pdf' });
    expect(result(r, 'indexLinks').status).toBe('unchecked');
  });

  it('a file over the size cap fails it', () => {
    const small: CourtProfile = { ...ew, maxFileMb: { value: 0.01, source: 'ew-guidance', says: 'test' } };
    const r = preflightFile(broken.bytes, broken.bytes.length, small, { name: 'bundle.pdf' });
    expect(result(r, 'maxFileMb').findings[0]).toMatch(/^The file is \d+\.\d MB; the limit is 0.01 MB$/);
  });
});

describe('fixes written into the file', () => {
  it('mends every rule it can, read back from the written file', () => {
    const out = fixForCourt(broken.bytes, ew, { name: 'bundle.pdf', indexEntries: broken.entries });
    expect(out.volumes).toHaveLength(1);
    const after = out.volumes[0]!.report;
    for (const rule of ['upright', 'maxImageDpi', 'numbering', 'bookmarks', 'defaultView', 'optimised'] as const) {
      expect(result(after, rule).status, `${rule}: ${result(after, rule).findings.join('; ')}`).toBe('fixed');
    }
    // what the file alone cannot mend stays failed, and says so
    expect(result(after, 'searchable').status).toBe('fail');
    expect(result(after, 'indexLinks').status).toBe('fail');
    expect(out.fixes.upright?.[0]).toMatch(/2 page\(s\) turned/);
    expect(out.fixes.maxImageDpi?.[0]).toMatch(/1 image\(s\) resampled from up to 600 dpi to 300 dpi/);
  });

  it('passes on the fixed output when the bundle keeps what a fix cannot mend', () => {
    const out = fixForCourt(kept.bytes, ew, { name: 'bundle.pdf', indexEntries: kept.entries });
    const after = out.volumes[0]!.report;
    expect(after.ok, JSON.stringify(after.results.filter((r) => r.status === 'fail'))).toBe(true);
    expect(result(after, 'searchable').status).toBe('pass');
    expect(result(after, 'indexLinks').status).toBe('pass');
  });

  it('stamps numbers where no text stands, labels pages to match, halves the image, keeps its links', () => {
    const out = fixForCourt(kept.bytes, ew, { name: 'bundle.pdf', indexEntries: kept.entries });
    const pdf = openPdf(out.volumes[0]!.bytes);
    try {
      const facts = readDocFacts(pdf);
      for (const p of facts.pages) {
        expect(p.label).toBe(String(p.page));
        const words = edgeWords(p);
        const num = words.filter((w) => w.text === String(p.page));
        expect(num.length, `p. ${p.page}`).toBeGreaterThan(0);
        const others = words.filter((w) => w.text !== String(p.page));
        for (const n of num) for (const o of others) {
          const clear = n.box[2] <= o.box[0] || o.box[2] <= n.box[0] || n.box[3] <= o.box[1] || o.box[3] <= n.box[1];
          expect(clear, `p. ${p.page}: number over "${o.text}"`).toBe(true);
        }
      }
      // the footer's right corner is taken: the number went elsewhere on that page
      expect(facts.pages[kept.footer - 1]!.edgeText.length).toBeGreaterThan(2);
      expect(facts.pages[2]!.direction).toBe(0);
      expect(facts.pages[6]!.direction).toBe(0);
      expect(Math.max(...facts.pages[5]!.images.map((i) => i.dpi))).toBeLessThanOrEqual(300);
      expect(facts.pages[5]!.images[0]!.width).toBe(600);
      expect(facts.pages[0]!.internalLinks.map((l) => l.targetPage)).toEqual([2, 6, 9]);
      expect(facts.openZoom).toBe(1);
      expect(facts.outline[0]!.title).toMatch(/, p\. 2$/);
    } finally {
      pdf.close();
    }
    expect(out.volumes[0]!.bytes.length).toBeLessThan(kept.bytes.length);
  });
});

describe('scans drawn finer than the court allows', () => {
  it('600 dpi scans resampled to 300 dpi are half their size or less, and their OCR text layer reads the same', () => {
    const scan = scannedAt600(3);
    const rules: CourtProfile = { ...profile('custom'), maxImageDpi: ew.maxImageDpi! };
    expect(result(preflightFile(scan.bytes, scan.bytes.length, rules, { name: 'scan.pdf' }), 'maxImageDpi').findings[0]).toMatch(/600 dpi on 3 pages/);
    const out = fixForCourt(scan.bytes, rules, { name: 'scan.pdf' });
    const fixed = out.volumes[0]!;
    expect(result(fixed.report, 'maxImageDpi').status).toBe('fixed');
    expect(fixed.bytes.length).toBeLessThanOrEqual(scan.bytes.length / 2);
    const words = (b: Uint8Array) => pagesOf(b).map((p) => p.lines.map((l) => l.text).join('\n'));
    expect(words(fixed.bytes)).toEqual(words(scan.bytes));
    expect(words(fixed.bytes)[2]).toContain('Page 3, line 30');
  });
});

describe('file-level rules', () => {
  it('an encrypted file (owner password only) fails; the fixed output is saved without encryption', () => {
    const locked = encryptPdf(kept.bytes, '');
    const rules: CourtProfile = { ...profile('us-district-ecf') };
    const before = preflightFile(locked, locked.length, rules, { name: 'locked.pdf' });
    expect(result(before, 'unencrypted').findings).toEqual(['the file is encrypted']);
    const out = fixForCourt(locked, rules, { name: 'locked.pdf' });
    expect(result(out.volumes[0]!.report, 'unencrypted').status).toBe('fixed');
  });

  it('a file over the size cap fails; resampled and compacted, the fixed output is under it', () => {
    const size = broken.bytes.length / 1048576;
    const capped: CourtProfile = { ...ew, maxFileMb: { value: Number((size * 0.7).toFixed(3)), source: 'ew-guidance', says: 'test' } };
    const before = preflightFile(broken.bytes, broken.bytes.length, capped, { name: 'bundle.pdf' });
    expect(result(before, 'maxFileMb').status).toBe('fail');
    const out = fixForCourt(broken.bytes, capped, { name: 'bundle.pdf' });
    expect(out.volumes[0]!.bytes.length).toBeLessThan(broken.bytes.length * 0.7);
    expect(result(out.volumes[0]!.report, 'maxFileMb').status).toBe('fixed');
  });
});

describe('volumes', () => {
  it('plans volumes that end at a document boundary within the limit', () => {
    expect(planVolumes(400, [1, 101, 201, 301], 350)).toEqual([[1, 300], [301, 400]]);
    expect(planVolumes(700, [1, 500], 300)).toEqual([[1, 300], [301, 499], [500, 700]]);
    expect(planVolumes(100, [1], 350)).toEqual([[1, 100]]);
  });

  it('an index whose entries go into a later volume: volume 1 keeps the links within it, and is not failed for the others', () => {
    const { bytes: plain, starts } = longBundle(400, 40);
    const pdf = openPdf(plain);
    let bytes: Uint8Array;
    const entries: IndexEntry[] = [];
    try {
      // page 1 lists the ten documents, each row linked to the document's first page
      starts.forEach((start, i) => {
        const bbox: [number, number, number, number] = [72, 80 + i * 30, 400, 92 + i * 30];
        pdf.addLink(1, bbox, start);
        entries.push({ label: String(i + 1), page: 1, bbox, targetPage: start });
      });
      bytes = pdf.save();
    } finally {
      pdf.close();
    }
    const fam = profile('ew-family');
    expect(result(preflightFile(bytes, bytes.length, fam, { name: 'family.pdf', indexEntries: entries }), 'indexLinks').status).toBe('pass');
    const out = fixForCourt(bytes, fam, { name: 'family.pdf', indexEntries: entries });
    expect(out.volumes).toHaveLength(2);
    const first = result(out.volumes[0]!.report, 'indexLinks');
    expect(first.status, first.findings.join('; ')).toBe('pass');
    expect(first.findings).toEqual(['2 index entries go to another volume (volume 2): links between files are not kept']);
    // and an entry whose link within its volume is lost still fails
    const broken = entries.map((e, i) => (i === 0 ? { ...e, bbox: [450, 700, 500, 720] as [number, number, number, number] } : e));
    const refixed = fixForCourt(bytes, fam, { name: 'family.pdf', indexEntries: broken });
    expect(result(refixed.volumes[0]!.report, 'indexLinks').findings).toEqual(['index entry 1 (p. 1) has no link']);
  });

  it('splits a family bundle over 350 pages at a document boundary, numbers running on', () => {
    const { bytes, starts } = longBundle(400, 40);
    const fam = profile('ew-family');
    const before = preflightFile(bytes, bytes.length, fam, { name: 'family.pdf' });
    expect(result(before, 'pagesPerVolume').findings).toEqual(['The file is 400 pages; the limit is 350']);
    const out = fixForCourt(bytes, fam, { name: 'family.pdf' });
    expect(out.volumes.map((v) => [v.firstPage, v.report.file.pages])).toEqual([[1, 320], [321, 80]]);
    expect(starts).toContain(321);
    for (const v of out.volumes) {
      expect(result(v.report, 'pagesPerVolume').status).toBe('fixed');
      expect(result(v.report, 'numbering').status, result(v.report, 'numbering').findings.join('; ')).toBe('fixed');
      expect(result(v.report, 'bookmarks').status, result(v.report, 'bookmarks').findings.join('; ')).toBe('fixed');
    }
    const second = openPdf(out.volumes[1]!.bytes);
    try {
      expect(second.pageLabel(1)).toBe('321');
      expect(second.outline()[0]).toMatchObject({ title: 'Document 9, p. 321', page: 1 });
    } finally {
      second.close();
    }
  });
});
