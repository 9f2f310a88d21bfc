/**
 * The review screens' rules (spec §2, §4, §5): link counts, the order links are reviewed in, the
 * confidence as a percent, the page a reviewer may choose, and what each document offers next.
 * Pure functions, so the rules are tested without a browser.
 */
import type { DocumentRecord, LinkRecord } from './document-types.ts';

export interface LinkCounts {
  total: number;
  confirmed: number;
  pending: number;
  removed: number;
}

/** Total counts every link; pending = not yet confirmed nor removed. */
export function linkCounts(links: readonly Pick<LinkRecord, 'status'>[]): LinkCounts {
  const confirmed = links.filter((l) => l.status === 'confirmed').length;
  const removed = links.filter((l) => l.status === 'removed').length;
  return { total: links.length, confirmed, removed, pending: links.length - confirmed - removed };
}

/** '0.874' → 87; anything unreadable → 0. */
export function confidencePercent(confidence: string | number): number {
  const n = typeof confidence === 'number' ? confidence : Number.parseFloat(confidence);
  return Number.isFinite(n) ? Math.round(Math.max(0, Math.min(1, n)) * 100) : 0;
}

/** Lowest confidence first (a link without a destination counts as 0), then index order. */
export function byConfidence<T extends Pick<LinkRecord, 'confidence' | 'targetPage' | 'itemOrdinal'>>(links: readonly T[]): T[] {
  const score = (l: T) => (l.targetPage === null ? -1 : Number.parseFloat(l.confidence) || 0);
  return [...links].sort((a, b) => score(a) - score(b) || (a.itemOrdinal ?? 0) - (b.itemOrdinal ?? 0));
}

/**
 * Links no reviewer looked at: neither confirmed nor removed, nor given a page of the reviewer's own
 * (the server's rule of approval), lowest confidence first.
 */
export function unreviewedLinks<T extends Pick<LinkRecord, 'status' | 'confidence' | 'targetPage' | 'engineTargetPage' | 'itemOrdinal'>>(links: readonly T[]): T[] {
  return byConfidence(links.filter((l) => l.status === 'auto' && l.targetPage === l.engineTargetPage));
}

/** Index order: the order the reviewer walks through with the keyboard. */
export function byOrdinal<T extends Pick<LinkRecord, 'itemOrdinal' | 'srcPage'>>(links: readonly T[]): T[] {
  return [...links].sort((a, b) => (a.itemOrdinal ?? 0) - (b.itemOrdinal ?? 0) || a.srcPage - b.srcPage);
}

/** The word the index puts before a label, by the item's type; none for sections and documents (`I`, `A`). */
const KIND_WORD: Record<string, string> = { tab: 'Tab', exhibit: 'Exhibit', schedule: 'Schedule', appendix: 'Appendix' };

/**
 * An item's label as the index prints it: 'Tab 3' where the index says Tab, 'Exhibit 3' for an exhibit,
 * the bare label ('I', 'A') for a section or document (a nested section by its own part: 'II.A' reads 'A').
 * A label that already names its kind stays as it is.
 * Without a type (an older link) a number or letter reads as a tab.
 */
export function linkLabel(link: Pick<LinkRecord, 'itemLabel' | 'itemOrdinal'> & Partial<Pick<LinkRecord, 'itemType'>>): string {
  const label = link.itemLabel?.trim();
  if (!label) return `Item ${link.itemOrdinal ?? '?'}`;
  if (/^[A-Za-z]{3,}\s/.test(label)) return label;
  const type = link.itemType;
  if (type === null || type === undefined) return `Tab ${label}`;
  const word = KIND_WORD[type];
  if (word) return `${word} ${label}`;
  // a nested contents entry is stored with its parents ('II.A'); the contents print only its own part ('A')
  return type === 'section' ? (label.split('.').filter(Boolean).at(-1) ?? label) : label;
}

/** What the panel says of a link's destination: the engine's confidence, or that a reviewer set it. */
export function confidenceText(link: Pick<LinkRecord, 'confidence'> & Partial<Pick<LinkRecord, 'setByReviewer'>>): string {
  return link.setByReviewer ? 'set by reviewer' : `${confidencePercent(link.confidence)}% confidence`;
}

/** The number printed on each page (index 0 is page 1), null where none was read. */
export type PrintedLabels = readonly (string | null)[];

/**
 * A page typed by the reviewer: a PDF page number (whole, at least 1, at most the page count), or a page
 * as printed on it (`ii`, `A-3`), found through the printed page labels. Returns the page, or the message to show.
 */
export function checkPage(text: string, pageCount: number | null, labels?: PrintedLabels | null): { page: number } | { error: string } {
  const t = text.trim();
  if (!t) return { error: 'Enter a page number' };
  if (!/^\d+$/.test(t)) {
    const wanted = t.replace(/^p(?:age|\.)?\s*/i, '').toLowerCase();
    const at = /^[\w.-]+$/.test(wanted) && labels ? labels.findIndex((l) => l !== null && l.trim().toLowerCase() === wanted) : -1;
    if (at >= 0) return { page: at + 1 };
    return { error: /^\d*\.\d*$/.test(t) || !labels ? 'Enter a page number' : `No page is numbered ${t}; enter its page number in the PDF` };
  }
  const page = Number(t);
  if (page < 1) return { error: 'The page must be at least 1' };
  if (pageCount && page > pageCount) return { error: `The page must be at most ${pageCount}` };
  return { page };
}

type StageFacts = Pick<DocumentRecord, 'aiProcessingStatus' | 'has_links' | 'lawyerReviewed' | 'reviewStatus' | 'courtSubmitted'>;

/** Links are built: review can start (spec §4 'AI completed'). */
export function linksBuilt(doc: StageFacts): boolean {
  return doc.aiProcessingStatus === 'completed' && doc.has_links;
}

export function isApproved(doc: StageFacts): boolean {
  return doc.lawyerReviewed && doc.reviewStatus === 'approved';
}

/** Review is offered when links are built and the document is not approved. */
export function reviewOffered(doc: StageFacts): boolean {
  return linksBuilt(doc) && !isApproved(doc) && !doc.courtSubmitted;
}

/** Court submission is offered when the document is approved and not yet submitted. */
export function submissionOffered(doc: StageFacts): boolean {
  return isApproved(doc) && !doc.courtSubmitted;
}

export const STAGE_NAMES: Record<1 | 2 | 3 | 4 | 5, string> = {
  1: 'Uploaded',
  2: 'Selected for AI',
  3: 'AI hyperlinking',
  4: 'Lawyer approved',
  5: 'Court submitted',
};

/** Whether a document has a review that relinking or reuploading would undo (the server asks to confirm). */
export function hasReview(doc: Pick<DocumentRecord, 'reviewStatus' | 'regeneratedAt'>): boolean {
  return doc.reviewStatus !== null || doc.regeneratedAt !== null;
}

/**
 * Whether setting the index pages by hand can help: the document's text was read and no index was
 * found in it (a brief), or detection itself failed. Not for a file that could not be read at all
 * (password-protected, damaged, not a PDF, over the limits): no page of it can be named.
 */
export function offersIndexPagesByHand(doc: Pick<DocumentRecord, 'status' | 'index_status' | 'index_count' | 'kind'>): boolean {
  if (doc.status !== 'completed') return false;
  return (doc.index_status === 'ok' && doc.index_count === 0 && doc.kind !== 'record') || doc.index_status === 'error';
}
