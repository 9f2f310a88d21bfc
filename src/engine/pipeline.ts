import { detectIndex } from './index/detect-index.ts';
import { validateMaster } from './link.ts';
import { openPdf } from './pdf/index.ts';
import type { PdfDoc } from './pdf/types.ts';
import { layoutPages } from './page-model/page-layout.ts';
import { printedPageLabels } from './page-model/printed-labels.ts';
import { resolveDestinations } from './resolve/resolve-destinations.ts';
import { LIKELY_INDEX_PAGES, readDocument, type ReadProgress, type ReadResult } from './text/read-document.ts';
import { readForLinks } from './text/read-for-links.ts';
import { EngineError, type IndexDetection, type PageText, type ReviewJson, type ReviewRecord } from './types.ts';
import { buildReview } from './write/review.ts';
import { briefReferences } from './refs/link-references.ts';
import { boundDocumentsStart } from './refs/bound-documents.ts';
import { briefAuthorities } from './authorities/review-authorities.ts';
import type { AuthorityLinks } from './authorities/targets.ts';
import { toaAuthorities, type ToaTarget } from './authorities/toa-rows.ts';
import { isBookOfAuthorities, readBook, type Book } from './authorities/book-of-authorities.ts';
import type { RecordSource } from './refs/resolve-references.ts';
import { writeMaster } from './write/write-master.ts';

export type Phase = 'text' | 'ocr' | 'index' | 'resolve' | 'write' | 'validate';
export interface PipelineProgress {
  phase: Phase;
  done: number;
  total: number;
  etaMs?: number;
  avgMsPerPage?: number;
}

/** A record document of the brief's case: its bytes, file name and the short name the brief cites it by. */
export interface RecordInput {
  bytes: Uint8Array;
  name: string;
  /** `AB`, `ER`, `J.A.`, `Smith Affidavit`; empty when the brief names it no way we know. */
  citeAs: string;
  volume?: string;
}

/** Where each record document lies within the one record appended to the brief. */
export interface RecordPart {
  name: string;
  citeAs: string;
  volume?: string;
  pages: number;
}

export interface LinkInput {
  brief: Uint8Array;
  /** The brief already opened from `brief` (the CLI opens it first, to name the file in an error): linkBrief closes it. */
  briefDoc?: PdfDoc;
  briefName: string;
  record?: Uint8Array;
  recordName?: string;
  /** Several record documents, in the order they follow the brief (the single `record` is the one-document case). */
  records?: RecordInput[];
  /** Link references to the brief's own parts (`Tab 7 of this Brief`) within the brief (off by default). */
  briefLinks?: boolean;
  /** false: link the index only, no references to the record (default true). */
  references?: boolean;
  /** Find the authorities the brief cites and link each to its public address (off by default). */
  authorities?: boolean;
  /** With `authorities`: the address templates by family over the defaults, or 'off' (list, never link). */
  authorityLinks?: AuthorityLinks;
  /** With `authorities`: where a Table of Authorities row links (default: the first page citing it). */
  toaTarget?: ToaTarget;
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
  const inputs: RecordInput[] = input.records ?? (input.record ? [{ bytes: input.record, name: input.recordName ?? 'record.pdf', citeAs: '' }] : []);
  let brief: PdfDoc | null = null;
  const opened: PdfDoc[] = [];
  try {
    brief = input.briefDoc ?? openPdf(input.brief);
    for (const r of inputs) opened.push(openPdf(r.bytes));
    checkIndexPages(input.indexPages, brief.pageCount);
    const readOpts = { ocr: input.ocr ?? 'auto', ...(input.ocrWorkers ? { ocrWorkers: input.ocrWorkers } : {}) } as const;
    const { read: briefRead, detection } = await readForLinks(input.brief, brief, {
      ...readOpts,
      ...(input.indexPages ? { indexPages: input.indexPages } : {}),
      onProgress: relay(progress),
    });
    const reads: ReadResult[] = [];
    for (let i = 0; i < inputs.length; i++) reads.push(await readDocument(inputs[i]!.bytes, opened[i]!, { ...readOpts, onProgress: relay(progress) }));
    // several records are one record appended to the brief, each in its place
    const counts = opened.map((d) => d.pageCount);
    const record = opened[0] ?? null;
    for (const other of opened.slice(1)) record!.append(other);
    const recordRead = reads.length ? joinReads(reads) : null;
    const recordParts = inputs.map((r, i) => ({ name: r.name, citeAs: r.citeAs, ...(r.volume ? { volume: r.volume } : {}), pages: counts[i]! }));
    for (const other of opened.slice(1)) other.close();
    opened.length = 0;
    const b = brief;
    brief = null;
    return linkFromText({ ...input, recordName: inputs.map((r) => r.name).join(' + ') || undefined, recordParts }, b, record, briefRead, recordRead, detection);
  } finally {
    brief?.close();
    for (const d of opened) d.close();
  }
}

/** The readings of several documents as the reading of one: pages numbered on from one to the next. */
function joinReads(reads: ReadResult[]): ReadResult {
  if (reads.length === 1) return reads[0]!;
  let offset = 0;
  const pages: ReadResult['pages'] = [];
  const ocrFailed: ReadResult['ocrFailed'] = [];
  for (const r of reads) {
    for (const p of r.pages) pages.push({ ...p, page: p.page + offset });
    for (const f of r.ocrFailed) ocrFailed.push({ ...f, page: f.page + offset });
    offset += r.pages.length;
  }
  return { ...reads[0]!, pages, ocrFailed };
}

/**
 * linkBrief from text already read (`briefRead`, `recordRead`: readDocument's or readForLinks'
 * results, e.g. a quick reading): index detection (unless `detection` is given), destinations,
 * writing and validation. Closes `brief` and `record`.
 */
export function linkFromText(
  input: Pick<LinkInput, 'briefName' | 'recordName' | 'indexPages' | 'onProgress' | 'briefLinks' | 'references' | 'authorities' | 'authorityLinks' | 'toaTarget'> & { recordParts?: RecordPart[] },
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
    const parts = input.recordParts ?? (record ? [{ name: input.recordName ?? 'record.pdf', citeAs: '', pages: record.pageCount }] : []);
    if (input.references !== false) addReferences(review, briefRead.pages, recordRead?.pages ?? null, detection.pages, parts, input.briefLinks ?? false);
    else if (parts.length > 1 || parts.some((p) => p.citeAs)) addRecords(review, briefRead.pages.length, parts);
    if (input.authorities) {
      review.authorities = briefAuthorities(briefRead.pages, detection.pages, parts.map((p) => p.citeAs).filter(Boolean), input.authorityLinks ?? {},
        bookOfAuthorities(parts, recordRead?.pages ?? null, briefRead.pages.length), briefBodyEnd(review.links, briefRead.pages, detection.pages));
      review.authorities.push(...toaAuthorities(briefRead.pages, detection.pages, review.authorities, input.toaTarget ?? 'first-citation'));
    }
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

/**
 * The brief's references to its records (DESIGN §8), found and resolved into review.references, and the
 * record documents listed in review.records.
 */
export function addReferences(review: ReviewJson, briefPages: PageText[], recordPages: readonly PageText[] | null, indexPages: number[], parts: RecordPart[], briefLinks: boolean): void {
  const sources: RecordSource[] = [];
  let offset = 0;
  for (const part of parts) {
    const pages = (recordPages ?? []).slice(offset, offset + part.pages).map((p) => ({ ...p, page: p.page - offset }));
    sources.push({ citeAs: part.citeAs, ...(part.volume ? { volume: part.volume } : {}), pages, masterStart: briefPages.length + offset + 1 });
    offset += part.pages;
  }
  addRecords(review, briefPages.length, parts);
  const items = new Map(review.index.items.map((it) => [it.ordinal, it.label]));
  const own = briefLinks ? review.links.map((l) => ({ label: items.get(l.item) ?? '', masterPage: l.masterPage })) : undefined;
  review.references = briefReferences(briefPages, indexPages, sources, own, briefBodyEnd(review.links, briefPages, indexPages));
}

/**
 * Where the brief's body ends: its references and authorities are read in its own pages only, the tabs,
 * exhibits and appendix bound after it being the record it cites (refs/bound-documents.ts). `links`: where the
 * index entries link (review.json's links, or the destinations resolved).
 */
export function briefBodyEnd(links: ReadonlyArray<{ target: string; targetPage: number | null }>, briefPages: PageText[], indexPages: readonly number[]): number | null {
  const linked = links.flatMap((l) => (l.target === 'source' && l.targetPage !== null ? [l.targetPage] : []));
  return boundDocumentsStart(briefPages, linked, indexPages);
}

/** The first record document named as a Book of Authorities (`BOA`, `Book of Authorities`), read, with where it starts in the master. */
export function bookOfAuthorities(parts: RecordPart[], recordPages: readonly PageText[] | null, briefPages: number): { book: Book; masterStart: number } | undefined {
  let offset = 0;
  for (const part of parts) {
    if (recordPages && isBookOfAuthorities(part.citeAs)) {
      const pages = recordPages.slice(offset, offset + part.pages).map((p) => ({ ...p, page: p.page - offset }));
      return { book: readBook(pages), masterStart: briefPages + offset + 1 };
    }
    offset += part.pages;
  }
  return undefined;
}

/** review.records: each record document and where it starts in the master. */
export function addRecords(review: ReviewJson, briefPages: number, parts: RecordPart[]): void {
  let offset = briefPages;
  const records: ReviewRecord[] = parts.map((part) => {
    const r = { file: part.name, citeAs: part.citeAs, volume: part.volume ?? null, pages: part.pages, offset };
    offset += part.pages;
    return r;
  });
  if (records.length) review.records = records;
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
