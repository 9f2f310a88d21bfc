import { normWords } from '../page-model/rows.ts';
import type { IndexItem } from '../types.ts';
import type { Candidate, DocEvidence } from './candidates.ts';

/** An item placed at the start of a document found between its neighbours. */
export interface BoundaryPlacement {
  doc: 'source' | 'record';
  page: number;
  confidence: number;
  why: string;
}

const STOP = new Set(['the', 'and', 'for', 'from', 'with', 'dated', 'between', 'copy', 'regarding', 'filed', 're']);

/**
 * Exhibits filed one after another with no slip sheet: an item nothing places (no divider, cover, marker,
 * page reference or heading) goes where a document starts (`document-starts.ts`) between the pages of its
 * placed neighbours, in index order. A run of k such items needs at least k such starts there: with fewer,
 * which exhibit is missing cannot be told, and none is placed. With more, the starts that agree best (the
 * strongest, and whose first rows share words with the description) are taken, with less confidence.
 * Never where a bundle puts a slip sheet before each exhibit: an exhibit with none between two of them is
 * not in the file. Confidence stays below 0.8: no page names the exhibit.
 */
export function placeAtDocumentStarts(items: IndexItem[], cands: Candidate[][], chosen: number[], docs: DocEvidence[]): Map<number, BoundaryPlacement> {
  const out = new Map<number, BoundaryPlacement>();
  const at = (i: number): Candidate | undefined => (chosen[i]! >= 0 ? cands[i]![chosen[i]!] : undefined);
  const open = (i: number) => chosen[i] === -1 && items[i]!.label !== '' && !items[i]!.pageRef && items[i]!.type !== 'section';
  for (let i = 0; i < items.length; i++) {
    if (!open(i)) continue;
    let j = i;
    while (j < items.length && open(j)) j++;
    const run = Array.from({ length: j - i }, (_, k) => i + k);
    let before: Candidate | undefined;
    for (let a = i - 1; a >= 0 && !before; a--) before = at(a);
    let after: Candidate | undefined;
    for (let b = j; b < items.length && !after; b++) after = at(b);
    i = j - 1;
    const d = docs.find((x) => x.doc === (before?.doc ?? 'source'));
    if (!d) continue;
    const lo = before?.page ?? Math.max(0, ...[...d.excluded].filter((p) => after?.doc !== d.doc || p < after.page));
    const hi = after && after.doc === d.doc ? after.page : d.pages.length + 1;
    const slip = (p: number | undefined) => p !== undefined && d.pages[p - 1]?.divider?.alone === true;
    if (d.usesDividers && slip(before?.page) && (hi > d.pages.length || slip(hi))) continue;
    const starts = d.starts.filter((s): s is NonNullable<typeof s> => s !== null && s.page > lo && s.page < hi && !d.excluded.has(s.page)
      // the page after a slip sheet is the first page of that sheet's own document
      && !(s.page === lo + 1 && slip(lo)));
    if (starts.length < run.length) continue;
    const score = (it: IndexItem, page: number) => {
      const s = starts.find((x) => x.page === page)!;
      return s.strength + 0.3 * titleShare(it, d.topWords[page - 1]);
    };
    const pick = bestIncreasing(run.map((r) => items[r]!), starts.map((s) => s.page), score);
    run.forEach((r, k) => {
      const page = pick[k]!;
      const s = starts.find((x) => x.page === page)!;
      const share = titleShare(items[r]!, d.topWords[page - 1]);
      let conf = 0.5 + 0.05 * (s.reasons.length - 1) + (share >= 0.3 ? 0.05 : 0);
      const reasons = s.reasons.map((x) => x.why);
      if (share >= 0.3) reasons.push('its first rows share words with the description');
      if (starts.length > run.length) {
        conf -= 0.15;
        reasons.push(`${starts.length} pages between page ${lo} and page ${hi} start a document for ${run.length} exhibit${run.length > 1 ? 's' : ''}: this one agreed best`);
      }
      out.set(r, { doc: d.doc, page, confidence: Math.round(Math.min(0.7, Math.max(0.2, conf)) * 100) / 100,
        why: `inferred from a document boundary, no slip sheet, cover or heading naming it: ${reasons.join('; ')}` });
    });
  }
  return out;
}

/** Share of the description's words (three letters or more, not the commonest) among a page's first rows. */
function titleShare(item: IndexItem, top: Set<string> | undefined): number {
  const words = [...new Set(normWords(item.text).filter((w) => w.length >= 3 && /[a-z]/.test(w) && !STOP.has(w)))];
  if (words.length === 0 || !top) return 0;
  return words.filter((w) => top.has(w)).length / words.length;
}

/** One page per item, increasing, from `pages` (at least as many as items), with the highest total score. */
function bestIncreasing(items: IndexItem[], pages: number[], score: (it: IndexItem, page: number) => number): number[] {
  const n = items.length;
  const m = pages.length;
  // best[k][p]: the highest total placing items k.. on pages p..
  const best: number[][] = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(-Infinity));
  for (let p = 0; p <= m; p++) best[n]![p] = 0;
  for (let k = n - 1; k >= 0; k--) {
    for (let p = m - 1; p >= 0; p--) {
      const take = score(items[k]!, pages[p]!) + best[k + 1]![p + 1]!;
      best[k]![p] = Math.max(take, best[k]![p + 1]!);
    }
  }
  const out: number[] = [];
  let p = 0;
  for (let k = 0; k < n; k++) {
    while (best[k]![p]! !== score(items[k]!, pages[p]!) + best[k + 1]![p + 1]!) p++;
    out.push(pages[p]!);
    p++;
  }
  return out;
}

/**
 * An exhibit placed by a heading alone (a caption's row, a title shared with other pages) on a page where a
 * document starts: the boundary agrees, and is named; the confidence rises to at most 0.7, no page naming it.
 */
export function withDocumentStart(item: IndexItem, chosen: Candidate, d: DocEvidence | undefined, conf: { confidence: number; why: string }): { confidence: number; why: string } {
  const start = d?.starts[chosen.page - 1];
  if (!start || item.label === '' || item.pageRef || item.type === 'section') return conf;
  if (!chosen.evidence.every((e) => e.kind === 'heading')) return conf;
  return { confidence: Math.max(conf.confidence, Math.min(0.7, 0.5 + 0.05 * (start.reasons.length - 1))),
    why: `${conf.why}; a document starts there: ${start.reasons.map((r) => r.why).join('; ')}` };
}
