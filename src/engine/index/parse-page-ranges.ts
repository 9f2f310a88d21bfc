import { EngineError } from '../types.ts';

/**
 * Parses an explicit list of index pages as a user types it: '2,3,4', '2-5', '2-5, 8'.
 * Returns sorted, de-duplicated 1-based pages. Throws EngineError('bad-index-pages') on anything else,
 * or when a page is past pageCount (when given).
 */
export function parsePageRanges(text: string, pageCount?: number): number[] {
  const trimmed = text.trim();
  if (trimmed === '') throw new EngineError('bad-index-pages', 'No index pages given.');
  const pages = new Set<number>();
  for (const rawPart of trimmed.split(',')) {
    const part = rawPart.trim();
    const m = /^(\d+)\s*(?:[-–]\s*(\d+))?$/.exec(part);
    if (!m) {
      throw new EngineError('bad-index-pages', `Index pages "${text}" are not a list like 2,3,4 or 2-5.`);
    }
    const from = Number(m[1]);
    const to = m[2] === undefined ? from : Number(m[2]);
    if (from < 1 || to < 1) throw new EngineError('bad-index-pages', 'Page numbers start at 1.');
    if (to < from) throw new EngineError('bad-index-pages', `Range "${part}" runs backwards.`);
    if (pageCount !== undefined && to > pageCount) {
      throw new EngineError('bad-index-pages', `Page ${to} is past the end of the document (${pageCount} pages).`);
    }
    if (to - from > 10000) throw new EngineError('bad-index-pages', `Range "${part}" is too long.`);
    for (let p = from; p <= to; p++) pages.add(p);
  }
  return [...pages].sort((a, b) => a - b);
}
