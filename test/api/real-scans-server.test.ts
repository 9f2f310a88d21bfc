// The app gives the engine's answer on scans: a real court filing printed and scanned (every page an
// image, read only by OCR) and uploaded through the API gives the same index items and destinations as
// `brieflink link` reading the same scan in full, and none of its Table of Authorities rows is an index
// item. The server reads dense pages quickly (their bands only) to link sooner; that must never change
// which pages are the index or what is an index row.
//
// By default the 28-page motion with a deep contents page followed by a Table of Authorities; every real
// filing with BRIEFLINK_REAL_SCANS=all, or those named (comma-separated): hours of OCR on two cores; the
// CLI's readings are kept under .fixtures/real-scan-ocr between runs.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentRecord, LinkRecord } from '../../src/contract/documents.ts';
import { linkFromText } from '../../src/engine/pipeline.ts';
import { openPdf } from '../../src/engine/pdf/index.ts';
import { readRealScan, realScan } from '../fixtures/real-scans.ts';
import { normTitle, REAL_DIR, realTruth } from '../fixtures/score-real.ts';
import { openCaseSession, type CaseSession } from './support/case-session.ts';
import { processed, upload, waitForDocument } from './support/documents.ts';

const truth = existsSync(join(REAL_DIR, 'truth.json')) ? realTruth() : null;
if (!truth) console.warn(`real filings not found at ${REAL_DIR}: the server-against-CLI test on their scans is skipped`);
const chosen = process.env.BRIEFLINK_REAL_SCANS;
const names = !truth ? [] : chosen === 'all' ? Object.keys(truth)
  : chosen ? chosen.split(',').map((n) => n.trim()).filter((n) => n in truth)
  : ['us-motion-dismiss-deep-toc-28pp'];

interface Item { ordinal: number; label: string; text: string; targetPage: number | null }

/** What `brieflink link` gives on the scan: its full reading (every page OCR'd whole), then the link run. */
async function cliItems(name: string): Promise<Item[]> {
  const { copy, read } = await readRealScan(name, 'full');
  const review = linkFromText({ briefName: `${name}.pdf` }, openPdf(copy), null, read, null).review;
  const dest = new Map(review.links.map((l) => [l.item, l.targetPage]));
  return review.index.items.map((it) => ({ ordinal: it.ordinal, label: it.label, text: it.text, targetPage: dest.get(it.ordinal) ?? null }));
}

describe.skipIf(!truth)('scanned real filings through the server', () => {
  let session: CaseSession | undefined;
  beforeAll(async () => {
    session = await openCaseSession();
  });
  afterAll(async () => {
    await session?.close();
  });

  for (const name of names) {
    it(`${name}: the server's items and destinations are the CLI's full reading's`, async () => {
      const { t, cookie, caseId } = session!;
      const scan = await realScan(name);
      const created: DocumentRecord = (await upload(t.app, cookie, caseId, scan, `${name}.pdf`)).json();
      const doc = await waitForDocument(t.app, cookie, created.id, processed, 3_600_000);
      expect(doc.status).toBe('completed');
      const expected = await cliItems(name);
      let server: Item[] = [];
      if (expected.length > 0) {
        expect(doc.index_status).toBe('ok');
        const res = await t.app.inject({ method: 'POST', url: '/api/documents/start-hyperlinking', headers: { cookie }, payload: { documentIds: [doc.id] } });
        expect(res.statusCode).toBe(200);
        const links: LinkRecord[] = (await t.app.inject({ method: 'GET', url: `/api/documents/${doc.id}/links`, headers: { cookie } })).json();
        server = links.filter((l) => l.itemOrdinal !== null)
          .map((l) => ({ ordinal: l.itemOrdinal!, label: l.itemLabel ?? '', text: l.itemText ?? '', targetPage: l.targetPage }))
          .sort((a, b) => a.ordinal - b.ordinal);
      } else {
        expect(doc.index_count ?? 0).toBe(0);
      }
      const right = truth![name]!.items.filter((e) => server.some((i) => i.targetPage === e.targetPage && normTitle(i.text) === normTitle(e.text))).length;
      console.log(`[scan] ${name}: server ${server.length} items, CLI ${expected.length}; ${right} of ${truth![name]!.items.length} entries with title and destination right`);
      const shown = (items: Item[]) => items.map((i) => `${i.label} ${normTitle(i.text).slice(0, 60)} → ${i.targetPage}`);
      expect(shown(server)).toEqual(shown(expected));
      // and none of them is a row of the Table of Authorities: every item is an entry of the index
      const entries = truth![name]!.items.map((e) => normTitle(e.text));
      for (const item of server) {
        const text = normTitle(item.text);
        expect(entries.some((e) => e.includes(text.slice(0, 20)) || text.includes(e.slice(0, 20))), `${item.label} ${item.text}`).toBe(true);
      }
    }, 7_200_000);
  }
});
