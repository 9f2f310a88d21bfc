// What the engine knows about one document, gathered for the chat assistant: its index items and the
// pages they stand on, each item's destination with its confidence and reason, and which pages were read
// by OCR and how sure OCR was. Read from the database and the document's stored page text (page-store).
import { readFile, stat } from 'node:fs/promises';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { documents, indexItems, links } from '../db/schema.ts';
import type { PageText } from '../../engine/types.ts';
import type { Storage } from '../storage/files.ts';

/** A destination below this confidence is worth a reviewer's look (the review list sorts by it). */
export const LOW_LINK_CONFIDENCE = 0.6;
/** An OCR'd page whose mean word confidence is below this (0..100) may hold misread words. */
export const LOW_OCR_CONFIDENCE = 70;
/** ocr-pages.json larger than this is not read for the chat (a scanned record of thousands of pages). */
const OCR_FILE_MAX_BYTES = 64 * 1024 * 1024;

export interface ItemFact {
  ordinal: number;
  label: string;
  type: string;
  text: string;
  /** The index page the row stands on. */
  page: number;
  /** The page the row printed as its reference, if any. */
  pageRef: string | null;
  /** null when links have not been built for the item. */
  link: { targetPage: number | null; confidence: number; why: string | null; status: string; target: string } | null;
}

export interface DocumentFacts {
  id: string;
  title: string;
  pageCount: number | null;
  status: string;
  failureReason: string | null;
  indexStatus: string;
  indexCount: number;
  /** Index pages set by hand (free text as typed), or null when detected. */
  indexPagesSetByHand: string | null;
  /** The pages the index items stand on. */
  indexPages: number[];
  linksBuilt: boolean;
  linkStatus: string;
  linkFailureReason: string | null;
  items: ItemFact[];
  /** Pages read by OCR and their mean word confidence (0..100); null when the page text is not stored. */
  ocrPages: Array<{ page: number; confidence: number }> | null;
}

const ocrCache = new Map<string, { key: string; pages: Array<{ page: number; confidence: number }> }>();

async function ocrSummary(path: string): Promise<Array<{ page: number; confidence: number }> | null> {
  let key: string;
  try {
    const s = await stat(path);
    if (s.size > OCR_FILE_MAX_BYTES) return null;
    key = `${s.size}:${s.mtimeMs}`;
  } catch {
    return null;
  }
  const hit = ocrCache.get(path);
  if (hit?.key === key) return hit.pages;
  try {
    const pages = (JSON.parse(await readFile(path, 'utf8')) as PageText[])
      .filter((p) => p.source === 'ocr')
      .map((p) => ({ page: p.page, confidence: Math.round(p.confidence) }))
      .sort((a, b) => a.page - b.page);
    if (ocrCache.size > 20) ocrCache.delete(ocrCache.keys().next().value!);
    ocrCache.set(path, { key, pages });
    return pages;
  } catch {
    return null;
  }
}

/** The facts of a document, or null when there is no such document. */
export async function documentFacts(db: Db, storage: Storage, documentId: string): Promise<DocumentFacts | null> {
  const [doc] = await db.select().from(documents).where(eq(documents.id, documentId));
  if (!doc) return null;
  const rows = await db
    .select({ item: indexItems, link: links })
    .from(indexItems)
    .leftJoin(links, eq(links.indexItemId, indexItems.id))
    .where(eq(indexItems.documentId, documentId))
    .orderBy(asc(indexItems.ordinal));
  const items: ItemFact[] = rows.map(({ item, link }) => ({
    ordinal: item.ordinal,
    label: item.label,
    type: item.type,
    text: item.text,
    page: item.page,
    pageRef: item.pageRef,
    link: link
      ? { targetPage: link.targetPage, confidence: Number(link.confidence) || 0, why: link.why, status: link.status, target: link.target }
      : null,
  }));
  const processed = doc.status === 'completed' || doc.status === 'failed';
  return {
    id: doc.id,
    title: doc.title,
    pageCount: doc.pageCount,
    status: doc.status,
    failureReason: doc.failureReason,
    indexStatus: doc.indexStatus,
    indexCount: doc.indexCount,
    indexPagesSetByHand: doc.indexPages,
    indexPages: [...new Set(items.map((i) => i.page))].sort((a, b) => a - b),
    linksBuilt: doc.hasLinks || items.some((i) => i.link),
    linkStatus: doc.aiProcessingStatus,
    linkFailureReason: doc.linkFailureReason,
    items,
    ocrPages: processed ? await ocrSummary(storage.documentFile(doc.caseId, doc.id, 'ocr-pages.json')) : null,
  };
}
