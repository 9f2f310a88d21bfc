import { PDFDocument, PDFName } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { activeContentLeft } from '../../../test/fixtures/hostile.ts';
import { loadFixture } from '../../../test/fixtures/index.ts';
import { OPEN_ACTION_CASES, withOpenAction } from '../../../test/fixtures/open-actions.ts';
import { detectIndex } from '../index/detect-index.ts';
import { validateMaster } from '../link.ts';
import { resolveDestinations } from '../resolve/resolve-destinations.ts';
import { extractAllText } from '../text/extract-text.ts';
import { buildReview } from '../write/review.ts';
import { writeMaster } from '../write/write-master.ts';
import { findActiveContent } from './active-content.ts';
import { openPdf } from './index.ts';
import { makeTextPdf } from './make-text-pdf.ts';

const brief = makeTextPdf([[{ text: 'Brief of the appellant', y: 100 }], [{ text: 'Argument', y: 100 }]]);

async function hasOpenAction(bytes: Uint8Array): Promise<boolean> {
  return (await PDFDocument.load(bytes)).catalog.get(PDFName.of('OpenAction')) !== undefined;
}

describe('the open action of a document', () => {
  for (const c of OPEN_ACTION_CASES) {
    it(`${c.name}: ${c.kept ? 'kept, and no active content' : `removed and listed as ${c.kind}`}`, async () => {
      const input = await withOpenAction(brief, c);
      expect(await hasOpenAction(input)).toBe(true);
      // the check of a written file and the sanitizer judge it alike
      const found = findActiveContent(input);
      const doc = openPdf(input);
      const removed = doc.removeActiveContent();
      const out = doc.save();
      doc.close();
      if (c.kept) {
        expect(found).toEqual([]);
        expect(removed).toEqual([]);
      } else {
        expect(found).toEqual([c.kind]);
        expect(removed).toEqual([{ kind: c.kind, detail: expect.stringMatching(/open/) }]);
      }
      expect(await hasOpenAction(out)).toBe(c.kept);
      expect(findActiveContent(out)).toEqual([]);
      // read back by another library: nothing active left
      expect((await activeContentLeft(out)).left).toEqual([]);
    });
  }
});

describe('Master.linked.pdf of a brief with an open action', () => {
  const link = async (bytes: Uint8Array) => {
    const doc = openPdf(bytes);
    const pages = (await extractAllText(bytes, {}, doc)).pages;
    const detection = detectIndex(pages);
    const destinations = resolveDestinations({ items: detection.items, indexPages: detection.pages, source: pages, record: null });
    const review = buildReview({ briefName: 'brief.pdf', briefPages: doc.pageCount, detection, destinations });
    const out = writeMaster(doc, null, review);
    doc.close();
    return { out, review };
  };

  it('keeps a view setting (GoTo page 1) and lists nothing; drops a web address opened and lists it', async () => {
    const f = await loadFixture('lettered-tabs');
    const view = await link(await withOpenAction(f.brief, OPEN_ACTION_CASES.find((c) => c.name.startsWith('GoTo action to page 1'))!));
    expect(view.review.removedActiveContent).toBeUndefined();
    expect(await hasOpenAction(view.out)).toBe(true);
    expect(findActiveContent(view.out)).toEqual([]);
    expect(validateMaster(view.out, view.review).success).toBe(true);

    const web = await link(await withOpenAction(f.brief, OPEN_ACTION_CASES.find((c) => c.name === 'web address')!));
    expect(web.review.removedActiveContent).toEqual([{ kind: 'open-action', detail: 'URI action (https://tracker.example/opened) run when the document opens' }]);
    expect(await hasOpenAction(web.out)).toBe(false);
    expect(findActiveContent(web.out)).toEqual([]);
  });
});
