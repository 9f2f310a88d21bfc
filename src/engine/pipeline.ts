import { detectIndex } from './index/detect-index.ts';
import { validateMaster } from './link.ts';
import { openPdf } from './pdf/index.ts';
import type { PdfDoc } from './pdf/types.ts';
import { layoutPages } from './index/page-layout.ts';
import { printedPageLabels } from './resolve/printed-pages.ts';
import { resolveDestinations } from './resolve/resolve-destinations.ts';
import { LIKELY_INDEX_PAGES, readDocument, type ReadProgress, type ReadResult } from './text/read-document.ts';
import { readForLinks } from './text/read-for-links.ts';
import { EngineError, type IndexDetection, type ReviewJson } from './types.ts';
import { buildReview } from './write/review.ts';
import { writeMaster } from './write/write-master.ts';

export type Phase = 'text' | 'ocr' | 'index' | 'resolve' | 'write' | 'validate';
export interface PipelineProgress {
  phase: Phase;
  done: number;
  total: number;
  etaMs?: number;
  avgMsPerPage?: number;
}

export interface LinkInput {
  brief: Uint8Array;
  briefName: string;
  record?: Uint8Array;
  recordName?: string;
  indexPages?: number[];
  ocr?: 'auto' | 'off';
  ocrWorkers?: number;
  onProgress?: (e: PipelineProgress) => void;
}

export interface LinkResult {
  pdf: Uint8Array;
  review: ReviewJson;
  ocrFailed: Array<{ page: number; error: string }>;
  /** Why no index was found, when none was. */
  reason?: string;
}

function checkIndexPages(indexPages: number[] | undefined, pageCount: number): void {
  for (const p of indexPages ?? []) {
    if (!Number.isInteger(p) || p < 1 || p > pageCount) {
      throw new EngineError('bad-index-pages', `index page ${p} is outside the brief (1-${pageCount})`);
    }
  }
}

function relay(onProgress: LinkInput['onProgress']) {
  return (e: ReadProgress) => onProgress?.(e);
}

/**
 * Brief (+ record) to Master.linked.pdf and review.json: text layer, OCR where needed, index
 * detection, destinations, writing, and validation of the written file read back.
 */
export async function linkBrief(input: LinkInput): Promise<LinkResult> {
  const progress = input.onProgress;
  let brief: PdfDoc | null = null;
  let record: PdfDoc | null = null;
  try {
    brief = openPdf(input.brief);
    record = input.record ? openPdf(input.record) : null;
    checkIndexPages(input.indexPages, brief.pageCount);
    const readOpts = { ocr: input.ocr ?? 'auto', ...(input.ocrWorkers ? { ocrWorkers: input.ocrWorkers } : {}) } as const;
    const { read: briefRead, detection } = await readForLinks(input.brief, brief, {
      ...readOpts,
      ...(input.indexPages ? { indexPages: input.indexPages } : {}),
      onProgress: relay(progress),
    });
    const recordRead = record && input.record
      ? await readDocument(input.record, record, { ...readOpts, onProgress: relay(progress) })
      : null;

    const result = linkFromText(input, brief, record, briefRead, recordRead, detection);
    brief = record = null;
    return result;
  } finally {
    brief?.close();
    record?.close();
  }
}

/**
 * linkBrief from text already read (`briefRead`, `recordRead`: readDocument's or readForLinks'
 * results, e.g. a quick reading): index detection (unless `detection` is given), destinations,
 * writing and validation. Closes `brief` and `record`.
 */
export function linkFromText(
  input: Pick<LinkInput, 'briefName' | 'recordName' | 'indexPages' | 'onProgress'>,
  brief: PdfDoc,
  record: PdfDoc | null,
  briefRead: ReadResult,
  recordRead: ReadResult | null,
  given?: IndexDetection,
): LinkResult {
  const progress = input.onProgress;
  try {
    progress?.({ phase: 'index', done: 0, total: 1 });
    const detection = given ?? detectIndex(briefRead.pages, input.indexPages ? { indexPages: input.indexPages } : undefined);
    progress?.({ phase: 'index', done: 1, total: 1 });

    progress?.({ phase: 'resolve', done: 0, total: detection.items.length });
    const destinations = detection.items.length
      ? resolveDestinations({
          items: detection.items,
          indexPages: detection.pages,
          source: briefRead.pages,
          record: recordRead?.pages ?? null,
        })
      : [];
    progress?.({ phase: 'resolve', done: detection.items.length, total: detection.items.length });

    const review = buildReview({
      briefName: input.briefName,
      briefPages: brief.pageCount,
      ...(record ? { recordName: input.recordName ?? 'record.pdf', recordPages: record.pageCount } : {}),
      detection,
      destinations,
      printedPages: {
        source: printedPageLabels(layoutPages(briefRead.pages)),
        ...(recordRead ? { record: printedPageLabels(layoutPages(recordRead.pages)) } : {}),
      },
    });
    progress?.({ phase: 'write', done: 0, total: 1 });
    const pdf = writeMaster(brief, record, review, { brief: briefRead.pages, record: recordRead?.pages ?? null });
    progress?.({ phase: 'write', done: 1, total: 1 });
    brief.close();
    record?.close();

    progress?.({ phase: 'validate', done: 0, total: 1 });
    review.validation = validateMaster(pdf, review);
    progress?.({ phase: 'validate', done: 1, total: 1 });
    const ocrFailed = [
      ...briefRead.ocrFailed,
      ...(recordRead?.ocrFailed ?? []).map((f) => ({ ...f, error: `record: ${f.error}` })),
    ];
    return { pdf, review, ocrFailed, ...(detection.reason ? { reason: detection.reason } : {}) };
  } finally {
    brief.close();
    record?.close();
  }
}

export interface DetectInput {
  brief: Uint8Array;
  indexPages?: number[];
  ocr?: 'auto' | 'off';
  ocrWorkers?: number;
  onProgress?: (e: PipelineProgress) => void;
}

/**
 * Index detection only. OCR (when needed) covers the likely index pages: the first
 * pages of the brief and any explicit index pages.
 */
export async function detectBrief(input: DetectInput): Promise<IndexDetection & { pageCount: number }> {
  const doc = openPdf(input.brief);
  try {
    checkIndexPages(input.indexPages, doc.pageCount);
    const explicit = new Set(input.indexPages ?? []);
    const read = await readDocument(input.brief, doc, {
      ocr: input.ocr ?? 'auto',
      ...(input.ocrWorkers ? { ocrWorkers: input.ocrWorkers } : {}),
      ocrOnly: (p) => p <= LIKELY_INDEX_PAGES || explicit.has(p),
      ...(input.indexPages ? { ocrFirst: input.indexPages } : {}),
      onProgress: relay(input.onProgress),
    });
    input.onProgress?.({ phase: 'index', done: 0, total: 1 });
    const detection = detectIndex(read.pages, input.indexPages ? { indexPages: input.indexPages } : undefined);
    input.onProgress?.({ phase: 'index', done: 1, total: 1 });
    return { ...detection, pageCount: doc.pageCount };
  } finally {
    doc.close();
  }
}
