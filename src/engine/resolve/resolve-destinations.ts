import { detectIndex } from '../index/detect-index.ts';
import { layoutPages } from '../page-model/page-layout.ts';
import { normWords } from '../page-model/rows.ts';
import type { Destination, IndexItem, PageText } from '../types.ts';
import { ANCHORS, itemCandidates, notInFile, type Candidate, type DocEvidence } from './candidates.ts';
import { placeAtDocumentStarts, withDocumentStart } from './boundary-gaps.ts';
import { chooseSequence } from './choose-sequence.ts';
import { documentStarts } from './document-starts.ts';
import { headingRows, pageEvidence, type HeadingRow } from './page-evidence.ts';
import { calibratePrinted, refNumber } from './printed-pages.ts';
import { confidenceOf } from './confidence.ts';

/**
 * For every index item, the page where it starts, in the brief or in the record.
 *
 * Each page is read once for evidence (divider pages, `*T` markers, exhibit cover pages, headings,
 * printed footer numbers); each item gets its candidate pages with that evidence scored; then one
 * sequence that follows index order and agrees best with all evidence is chosen. Every destination
 * says why, with a confidence in [0, 1].
 */
export function resolveDestinations(input: {
  items: IndexItem[];
  indexPages: number[];
  source: PageText[];
  record: PageText[] | null;
}): Destination[] {
  const docs: DocEvidence[] = [];
  const firstIndex = input.indexPages.length > 0 ? Math.min(...input.indexPages) : 1;
  const excluded = new Set<number>(input.indexPages);
  // The pages before an index at the front (cover, caption) are no destination; a table of contents in the
  // middle of a filing (a complaint filed as an exhibit) can point back to them.
  if (firstIndex <= 10) for (let p = 1; p < firstIndex; p++) excluded.add(p);
  const refs = input.items.map((it) => refNumber(it.pageRef)).filter((r): r is number => r !== null);
  docs.push(docEvidence(input.source, 'source', excluded, 0, { pages: input.indexPages, refs }));
  if (input.record) {
    // A record often opens with its own index, whose rows repeat the brief's descriptions: never a destination.
    const own = detectIndex(input.record);
    docs.push(docEvidence(input.record, 'record', new Set(own.pages), input.source.length));
  }

  const cands: Candidate[][] = input.items.map((it) => itemCandidates(it, docs));
  const chosen = chooseSequence(cands);
  // Order never overrides strong evidence on the page: an item left out because its page is out of index
  // order (a deposition index lists examinations and exhibits apart) takes the one page printed with its number.
  const outOfOrder = new Set<number>();
  input.items.forEach((it, i) => {
    if (chosen[i] !== -1) return;
    const exact = cands[i]!.filter((c) => c.evidence.some((e) => e.kind === 'printed') && c.evidence.every((e) => e.kind !== 'heading' || e.strength >= 0.3));
    if (exact.length === 1 && refNumber(it.pageRef) !== null) {
      const j = cands[i]!.indexOf(exact[0]!);
      exact[0]!.evidence.push({ kind: 'printed', strength: 0, why: 'out of index order', conflict: true });
      chosen[i] = j;
      outOfOrder.add(i);
    }
  });

  // Exhibits filed one after another with no slip sheet: those nothing placed go where a document starts.
  const atStarts = placeAtDocumentStarts(input.items, cands, chosen, docs);

  return input.items.map((it, i) => {
    const j = chosen[i]!;
    const group = j < 0 ? groupStart(it, input.items[i + 1], cands[i + 1]?.[chosen[i + 1] ?? -1]) : null;
    if (group) return group;
    const start = j < 0 ? atStarts.get(i) : undefined;
    if (start) return { item: it.ordinal, target: start.doc, targetPage: start.page, confidence: start.confidence, why: start.why, evidence: ['boundary' as const] };
    if (j < 0) {
      return { item: it.ordinal, target: 'source' as const, targetPage: null, confidence: 0, why: noDestinationWhy(it, cands[i]!, docs) };
    }
    const c = cands[i]![j]!;
    const { confidence, why } = withDocumentStart(it, c, docs.find((d) => d.doc === c.doc), confidenceOf(it, c, cands[i]!));
    return { item: it.ordinal, target: c.doc, targetPage: c.page, confidence, why, evidence: [...new Set(c.evidence.filter((e) => e.strength > 0).map((e) => e.kind))],
      ...(outOfOrder.has(i) ? { outOfOrder: true as const } : {}) };
  });
}

function docEvidence(pages: PageText[], doc: 'source' | 'record', excluded: Set<number>, base: number, index?: { pages: number[]; refs: number[] }): DocEvidence {
  const layouts = layoutPages(pages);
  const evidence = layouts.map((l) => pageEvidence(l, doc));
  const headings = new Map<string, HeadingRow[]>();
  for (const l of layouts) {
    if (excluded.has(l.page)) continue;
    for (const h of headingRows(l, doc)) {
      const k = h.words[0]!;
      const list = headings.get(k);
      if (list) list.push(h);
      else headings.set(k, [h]);
    }
  }
  const usesDividers = evidence.filter((e) => e.divider !== null).length >= 2;
  const topWords = layouts.map((l) => new Set(l.rows.slice(0, 10).flatMap((r) => normWords(r.text))));
  return { doc, pages: evidence, printed: calibratePrinted(evidence, index), headings, topWords, excluded, base, usesDividers, starts: documentStarts(layouts) };
}

/**
 * A group row of a contents list with no page number (`Statutory and regulatory provisions:` over the statutes
 * an appendix reproduces) whose heading stands nowhere in order: it starts where its first entry starts.
 */
function groupStart(it: IndexItem, next: IndexItem | undefined, at: Candidate | undefined): Destination | null {
  if (it.label !== '' || it.pageRef || !/:\s*$/.test(it.text) || !next || !at) return null;
  return { item: it.ordinal, target: at.doc, targetPage: at.page, confidence: 0.6, evidence: [],
    why: `a group row with no page number and no heading in order: placed where its first entry starts (page ${at.page})` };
}

function noDestinationWhy(item: IndexItem, cands: Candidate[], docs: DocEvidence[]): string {
  const ref = refNumber(item.pageRef);
  if (cands.length === 0 && ref !== null && docs.every((d) => notInFile(ref, d))) {
    return `page ${item.pageRef} is not in this file: no page is printed with that number`;
  }
  if (cands.length === 0) {
    return 'no divider page, marker, exhibit cover page, page reference or matching heading was found for this item';
  }
  const anchored = cands.some((c) => c.evidence.some((e) => ANCHORS.has(e.kind)));
  return `the pages found for this item (${cands.map((c) => c.page).slice(0, 5).join(', ')}) are out of order with the items around it${anchored ? '' : ' and none is a divider or cover page'}; no destination was chosen`;
}
