// The case's detection diagnostics (/cases/{caseId}/gpt5-test): for each document, what the engine kept
// of every page when it read it (text layer or OCR, confidence, the printed page number it read, the
// first line, whether the page is part of the index) and, for every index item, the destination chosen,
// why, with what confidence, and the page the reviewer set when it differs. Read from the database and
// the files processing stored (pages.bin, ocr-pages.json, detection.json, review.json), by ids only.
import { readFile, stat } from 'node:fs/promises';
import { asc, eq, inArray } from 'drizzle-orm';
import type { CaseDiagnostics, DiagnosticItem, DiagnosticPage, DocumentDiagnostics } from '../../contract/screens.ts';
import type { IndexDetection, ReviewJson } from '../../engine/types.ts';
import type { Db } from '../db/client.ts';
import { cases, documents, indexItems, links } from '../db/schema.ts';
import { parseIndexPages } from '../documents/index-pages.ts';
import { AppError } from '../errors.ts';
import type { Storage } from '../storage/files.ts';
import { pageSummaries, type PageSummary } from './page-summary.ts';

type DocRow = typeof documents.$inferSelect;
type LinkRow = typeof links.$inferSelect;

async function readJson<T>(path: string): Promise<T | null> {
  try {
    return JSON.parse(await readFile(path, 'utf8')) as T;
  } catch {
    return null;
  }
}

const exists = async (path: string) => (await stat(path).catch(() => null)) !== null;

function pageRow(n: number, text: PageSummary | undefined, index: boolean, printed: string | null, destinationOf: number[]): DiagnosticPage {
  return {
    page: n,
    index,
    source: text?.source ?? null,
    confidence: text?.confidence ?? null,
    lines: text?.lines ?? null,
    printed,
    firstLine: text?.firstLine ?? null,
    destinationOf,
  };
}

export async function caseDiagnostics(db: Db, storage: Storage, caseId: string): Promise<CaseDiagnostics> {
  const [c] = await db.select().from(cases).where(eq(cases.id, caseId)).limit(1);
  if (!c) throw new AppError('not_found', 'Case not found');
  const docs = await db.select().from(documents).where(eq(documents.caseId, caseId)).orderBy(asc(documents.uploadedAt), asc(documents.id));
  const ids = docs.map((d) => d.id);
  const items = ids.length ? await db.select().from(indexItems).where(inArray(indexItems.documentId, ids)).orderBy(asc(indexItems.ordinal)) : [];
  const linkRows = ids.length ? await db.select().from(links).where(inArray(links.srcDocId, ids)) : [];
  const file = (d: DocRow, name: string) => storage.documentFile(d.caseId, d.id, name);

  const reviews = new Map<string, ReviewJson | null>();
  for (const d of docs) reviews.set(d.id, await readJson<ReviewJson>(file(d, 'review.json')));
  const byId = new Map(docs.map((d) => [d.id, d]));
  /** Where a link lands: the brief itself, or the record the brief points into. */
  const landsIn = (l: LinkRow): string | null => (l.target === 'record' ? (l.targetDocId ?? byId.get(l.srcDocId)?.recordDocumentId ?? null) : l.srcDocId);

  // Printed numbers per document: its own review.json, else what a brief pointing into it read of it.
  const printedOf = (d: DocRow): Array<string | null> | null => {
    const own = reviews.get(d.id)?.source.printedPages;
    if (own) return own;
    for (const b of docs) if (b.recordDocumentId === d.id && reviews.get(b.id)?.record?.printedPages) return reviews.get(b.id)!.record!.printedPages!;
    return null;
  };

  // the stored page text of every document, read on one worker thread: unpacking a long brief's text is
  // seconds of CPU the event loop must not spend
  const withText: DocRow[] = [];
  const packed = new Set<string>();
  for (const d of docs) {
    if (await exists(file(d, 'pages.bin'))) packed.add(d.id);
    if (packed.has(d.id) || (await exists(file(d, 'ocr-pages.json')))) withText.push(d);
  }
  const read = await pageSummaries(withText.map((d) => ({ pageCount: d.pageCount, binPath: file(d, 'pages.bin'), ocrPath: file(d, 'ocr-pages.json') })));
  const storedText = new Map<string, PageSummary[]>(withText.map((d, i) => [d.id, read[i] ?? []]));

  const out: DocumentDiagnostics[] = [];
  for (const d of docs) {
    const detection = await readJson<{ indexPages: number[] | null; detection: IndexDetection }>(file(d, 'detection.json'));
    const review = reviews.get(d.id) ?? null;
    const handPages = parseIndexPages(d.indexPages);
    const indexPages = handPages ?? review?.index.pages ?? detection?.detection.pages ?? [];
    const indexSet = new Set(indexPages);
    const printed = printedOf(d);
    const pageText = packed.has(d.id);
    const texts = new Map((storedText.get(d.id) ?? []).map((p) => [p.page, p]));
    const landing = new Map<number, number[]>();
    const itemOrdinal = new Map(items.map((i) => [i.id, i.ordinal]));
    for (const l of linkRows) {
      if (l.status === 'removed' || l.targetPage === null || landsIn(l) !== d.id) continue;
      const ordinal = l.indexItemId ? itemOrdinal.get(l.indexItemId) : undefined;
      if (ordinal !== undefined) landing.set(l.targetPage, [...(landing.get(l.targetPage) ?? []), ordinal]);
    }
    const pageCount = d.pageCount ?? 0;
    const pages: DiagnosticPage[] = [];
    for (let n = 1; n <= pageCount; n++) {
      pages.push(pageRow(n, texts.get(n), indexSet.has(n), printed?.[n - 1] ?? null, (landing.get(n) ?? []).sort((a, b) => a - b)));
    }

    const linkOf = new Map(linkRows.filter((l) => l.srcDocId === d.id && l.indexItemId).map((l) => [l.indexItemId!, l]));
    const record = d.recordDocumentId ? byId.get(d.recordDocumentId) : undefined;
    const printedAt = (l: LinkRow): string | null => {
      if (l.targetPage === null) return null;
      const target = landsIn(l);
      const list = target === d.id ? printed : target && byId.get(target) ? printedOf(byId.get(target)!) : (review?.record?.printedPages ?? null);
      return list?.[l.targetPage - 1] ?? null;
    };
    const docItems: DiagnosticItem[] = items
      .filter((i) => i.documentId === d.id)
      .map((i) => {
        const l = linkOf.get(i.id);
        return {
          ordinal: i.ordinal,
          label: i.label,
          type: i.type,
          text: i.text,
          page: i.page,
          pageRef: i.pageRef,
          link: l
            ? {
                id: l.id,
                status: l.status as 'auto' | 'confirmed' | 'removed',
                target: l.target === 'record' ? 'record' : 'source',
                targetPage: l.targetPage,
                engineTargetPage: l.engineTargetPage,
                confidence: l.confidence,
                why: l.why,
                printedAtTarget: printedAt(l),
              }
            : null,
        };
      });
    const v = review?.validation;
    out.push({
      id: d.id,
      title: d.title,
      originalName: d.originalName,
      kind: d.kind === 'record' ? 'record' : 'brief',
      pageCount: d.pageCount,
      status: d.status,
      failureReason: d.failureReason ?? d.linkFailureReason,
      indexStatus: d.indexStatus,
      indexCount: d.indexCount,
      indexPagesSetByHand: d.indexPages,
      indexPages,
      indexDetectedAt: d.indexDetectedAt?.toISOString() ?? null,
      detectionReason: detection?.detection.reason ?? null,
      record: record ? { id: record.id, title: record.title } : null,
      validation: v
        ? { expected_tabs: v.expected_tabs, found_tabs: v.found_tabs, links_created: v.links_created, broken_links: v.broken_links, success: v.success }
        : null,
      stored: { pageText, review: review !== null },
      pages,
      items: docItems,
    });
  }
  return { caseId: c.id, caseNumber: c.caseNumber, title: c.title, documents: out };
}
