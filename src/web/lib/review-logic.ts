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

/** Index order: the order the reviewer walks through with the keyboard. */
export function byOrdinal<T extends Pick<LinkRecord, 'itemOrdinal' | 'srcPage'>>(links: readonly T[]): T[] {
  return [...links].sort((a, b) => (a.itemOrdinal ?? 0) - (b.itemOrdinal ?? 0) || a.srcPage - b.srcPage);
}

/** 'Tab 3' for a tab labelled 3; a label that already names its kind ('Exhibit A') stays as it is. */
export function linkLabel(link: Pick<LinkRecord, 'itemLabel' | 'itemOrdinal'>): string {
  const label = link.itemLabel?.trim();
  if (!label) return `Item ${link.itemOrdinal ?? '?'}`;
  return /^[A-Za-z]{3,}/.test(label) ? label : `Tab ${label}`;
}

/**
 * A page number typed by the reviewer: whole, at least 1, at most the page count.
 * Returns the page, or the message to show.
 */
export function checkPage(text: string, pageCount: number | null): { page: number } | { error: string } {
  const t = text.trim();
  if (!/^\d+$/.test(t)) return { error: 'Enter a page number' };
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
