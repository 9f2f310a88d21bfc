// The printed page numbers of a document (`ii`, `12`), as its link build read them and wrote them into
// review.json, so the review screen can take a page reference as the index prints it. Read by ids only.
import { readFile } from 'node:fs/promises';
import type { PageLabels } from '../../contract/screens.ts';
import type { ReviewJson } from '../../engine/types.ts';
import type { documents } from '../db/schema.ts';
import type { Storage } from '../storage/files.ts';

type DocumentRow = typeof documents.$inferSelect;

export async function pageLabelsOf(storage: Storage, doc: DocumentRow): Promise<PageLabels> {
  if (!doc.outputKey) return { source: null, record: null };
  let review: ReviewJson;
  try {
    review = JSON.parse(await readFile(storage.documentFile(doc.caseId, doc.id, 'review.json'), 'utf8')) as ReviewJson;
  } catch {
    return { source: null, record: null };
  }
  return { source: review.source?.printedPages ?? null, record: review.record?.printedPages ?? null };
}
