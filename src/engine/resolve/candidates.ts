import { labelMatch } from '../index/labels.ts';
import { normWords } from '../page-model/rows.ts';
import type { IndexItem } from '../types.ts';
import type { DocumentStart } from './document-starts.ts';
import type { HeadingRow, PageEvidence } from './page-evidence.ts';
import { normPageLabel, refNumber, type NumberRun, type PrintedPages } from './printed-pages.ts';

export type EvidenceKind = 'divider' | 'marker' | 'cover' | 'printed' | 'offset' | 'raw-ref' | 'heading';

export interface Evidence {
  kind: EvidenceKind;
  /** Strength 0..1 of this piece of evidence alone. */
  strength: number;
  why: string;
  /** The evidence points away from what the index says (a stale page number): the destination needs a look. */
  conflict?: boolean;
}

/** A page where an item may start, with the evidence for it. */
export interface Candidate {
  doc: 'source' | 'record';
  page: number;
  /** Position in the brief followed by the record (for ordering). */
  pos: number;
  evidence: Evidence[];
  score: number;
}

export interface DocEvidence {
  doc: 'source' | 'record';
  pages: PageEvidence[];
  printed: PrintedPages;
  headings: Map<string, HeadingRow[]>;
  /** Words of the first rows of each page (index page − 1), to tell apart pages under the same heading. */
  topWords: Array<Set<string>>;
  /** Pages that can never be a destination (the index itself, pages before it). */
  excluded: Set<number>;
  /** Added to a page number to get its position in brief-then-record order. */
  base: number;
  /** The document separates its items with divider pages (two or more were read). */
  usesDividers: boolean;
  /** Per page (index page − 1), what shows that a document of several filed together starts there. */
  starts: Array<DocumentStart | null>;
}

const MAX_CANDIDATES = 16;
const STOP = new Set(['the', 'and', 'for', 'from', 'with', 'dated', 'sworn', 'held', 'between', 'copy', 'issued', 'respect']);

export const ANCHORS: ReadonlySet<EvidenceKind> = new Set(['divider', 'marker', 'cover']);

/** Fewer pages than this showing a printed number: an index's page numbers are taken as PDF pages. */
const MIN_NUMBERED = 3;

/** Every page where the item may start, evidence merged per page, each scored. */
export function itemCandidates(item: IndexItem, docs: DocEvidence[]): Candidate[] {
  const byKey = new Map<string, Candidate>();
  const add = (d: DocEvidence, page: number, e: Evidence): void => {
    if (page < 1 || page > d.pages.length || d.excluded.has(page)) return;
    const key = `${d.doc}:${page}`;
    let c = byKey.get(key);
    if (!c) {
      c = { doc: d.doc, page, pos: d.base + page, evidence: [], score: 0 };
      byKey.set(key, c);
    }
    const same = c.evidence.find((x) => x.kind === e.kind);
    if (!same) c.evidence.push(e);
    else if (e.strength > same.strength) Object.assign(same, e);
  };

  const ref = refNumber(item.pageRef);
  // An exhibit listed under its affidavit's tab ('2.A') is marked on its cover by its own letter ('A').
  const ownLabel = item.label.split('.').at(-1) ?? item.label;
  const nestedExhibit = item.type === 'exhibit' && ownLabel !== item.label;
  for (const d of docs) {
    // An unlabelled entry (`ARGUMENT ..... 5`) has no divider, marker or cover page of its own.
    for (const p of item.label === '' ? [] : d.pages) {
      if (p.divider) {
        const nestedOk = nestedExhibit && p.divider.keyword === 'exhibit';
        const m = Math.max(labelMatch(item.label, p.divider.label, p.ocr), nestedOk ? 0.95 * labelMatch(ownLabel, p.divider.label, p.ocr) : 0);
        if (m > 0) {
          const kindOk = p.divider.keyword === item.type || (['tab', 'document'].includes(p.divider.keyword) && ['tab', 'document', 'section'].includes(item.type));
          const read = m < 1 ? ` (read as ${p.divider.keyword.toUpperCase()} ${item.label})` : '';
          const what = p.divider.alone ? 'divider page' : 'page headed';
          add(d, p.page, { kind: 'divider', strength: m * (p.divider.alone ? 1 : 0.85) * (kindOk ? 1 : 0.85), why: `${what} '${p.divider.shown}'${read}` });
        }
      }
      if (p.titled && !p.divider) {
        const m = labelMatch(item.label, p.titled.label, p.ocr);
        if (m > 0 && overlap(normWords(item.text), p.titled.words) >= 0.5) {
          add(d, p.page, { kind: 'divider', strength: 0.85 * m, why: `page opening with '${p.titled.shown.slice(0, 60)}'` });
        }
      }
      for (const mk of p.markers) {
        const m = labelMatch(item.label, mk.label, p.ocr);
        if (m > 0) add(d, p.page, { kind: 'marker', strength: m, why: `${d.doc === 'record' ? 'record ' : ''}marker '${mk.shown}'` });
      }
      // A tab stamp on every page of the item (`Tab 3, p. 1`, `Tab 3, p. 2` …): the item starts at its
      // page 1, or, with no page in the stamp, at the first page of the run stamped with its label.
      for (const st of p.stamps) {
        const m = labelMatch(item.label, st.label, p.ocr);
        if (m === 0) continue;
        const prevSame = (d.pages[p.page - 2]?.stamps ?? []).some((x) => labelMatch(item.label, x.label, p.ocr) > 0);
        if (st.sub === 1) add(d, p.page, { kind: 'marker', strength: 0.95 * m, why: `tab stamp '${st.shown}'` });
        else if (st.sub === null && !prevSame) add(d, p.page, { kind: 'marker', strength: 0.85 * m, why: `first page stamped '${st.shown}'` });
      }
      if (p.cover) {
        const m = Math.max(labelMatch(item.label, p.cover.label, p.ocr), nestedExhibit ? 0.95 * labelMatch(ownLabel, p.cover.label, p.ocr) : 0);
        if (m > 0) add(d, p.page, { kind: 'cover', strength: m * (item.type === 'exhibit' ? 1 : 0.9), why: `exhibit cover page '${p.cover.shown}'` });
      }
    }
    if (item.pageRef && (/^[A-Za-z]{1,2}-?\d/.test(item.pageRef) || /^\d{1,4}a$/i.test(item.pageRef))) {
      for (const page of d.printed.byLabel.get(normPageLabel(item.pageRef)) ?? []) {
        add(d, page, { kind: 'printed', strength: 0.8 * (d.doc === 'record' ? 0.95 : 1), why: `printed page ${item.pageRef} in the footer` });
      }
    }
    if (ref !== null) {
      const docWeight = d.doc === 'record' ? 0.95 : 1;
      const run = ownRun(d, ref);
      for (const page of d.printed.byNumber.get(ref) ?? []) {
        // the same number in another part of the file (a motion before the brief, an opinion after it)
        const other = run !== null && (page < run.from || page > run.to);
        add(d, page, { kind: 'printed', strength: (other ? 0.5 : 0.75) * docWeight,
          why: other ? `printed page ${ref} in the footer of another part of the file (the index's run is pages ${run.from}–${run.to})` : `printed page ${ref} in the footer` });
      }
      if (d.printed.offset !== null) {
        const page = ref + d.printed.offset;
        const own = d.pages[page - 1]?.printed ?? [];
        const agrees = own.length === 0 || own.includes(ref);
        const sign = d.printed.offset >= 0 ? `+ offset ${d.printed.offset}` : `− offset ${-d.printed.offset}`;
        const from = d.printed.offsetFrom === 'index-run' ? 'the footers of the pages after the index' : 'footers';
        add(d, page, { kind: 'offset', strength: (agrees ? 0.7 : 0.35) * docWeight, why: `printed page ${ref} ${sign} from ${from}` });
      } else if (d.printed.numbered < MIN_NUMBERED) {
        // (a couple of numbers read, on the index pages themselves, say nothing of where page 45 is)
        const none = d.printed.numbered === 0 ? 'no printed page numbers found' : 'page numbers read on too few pages to place it';
        add(d, ref, { kind: 'raw-ref', strength: 0.3 * docWeight, why: `index page number ${ref} taken as the PDF page (${none})` });
      }
    }
    // A page the index names that the file does not hold (an excerpt of a transcript keeps its own page
    // numbers, with gaps): no page carries it, and a heading elsewhere is not where this entry starts.
    if (ref !== null && notInFile(ref, d)) continue;
    for (const h of headingMatches(item, d)) add(d, h.page, h.evidence);
  }

  // A divider page that OCR could not read (blank) just before a page with evidence for this item.
  for (const d of docs) {
    if (!d.usesDividers) continue;
    for (const c of [...byKey.values()]) {
      if (c.doc !== d.doc || c.evidence.some((e) => ANCHORS.has(e.kind))) continue;
      const prev = d.pages[c.page - 2];
      if (!prev || d.excluded.has(prev.page)) continue;
      if (prev.blank) {
        add(d, prev.page, { kind: 'divider', strength: 0.5, why: `page ${prev.page} has no readable text (taken as the divider page)` });
      } else if (prev.ocr && prev.divider && labelMatch(item.label, prev.divider.label, true) === 0) {
        add(d, prev.page, { kind: 'divider', strength: 0.5, why: `divider page '${prev.divider.shown}' whose number OCR could not read` });
      }
    }
  }

  staleReferences(item, ref, [...byKey.values()], (c, e) => add(docs.find((d) => d.doc === c.doc)!, c.page, e));

  // Support that lands on the page right after an anchor (a divider is often unnumbered and the
  // document's own first page carries the printed number and the title) counts for the anchor.
  const cands = [...byKey.values()];
  for (const c of cands) {
    if (c.evidence.some((e) => ANCHORS.has(e.kind))) continue;
    const prev = byKey.get(`${c.doc}:${c.page - 1}`);
    if (!prev || !prev.evidence.some((e) => ANCHORS.has(e.kind))) continue;
    for (const e of c.evidence) {
      if (!prev.evidence.some((x) => x.kind === e.kind)) prev.evidence.push({ ...e, why: `${e.why} (next page)` });
    }
    byKey.delete(`${c.doc}:${c.page}`);
  }
  const out = [...byKey.values()];
  for (const c of out) c.score = scoreOf(c.evidence);
  // The strongest few are enough for the ordering to choose from (a one-word title such as
  // 'Conclusion' can head dozens of pages); this keeps the choice fast on long documents.
  const kept = out.length > MAX_CANDIDATES ? out.sort((a, b) => b.score - a.score).slice(0, MAX_CANDIDATES) : out;
  return kept.sort((a, b) => a.pos - b.pos);
}

/**
 * The heading decides where the page number is stale: when the page the index gives does not show the
 * entry's heading and a page a few pages away does (the numbers of an earlier draft, or a contents entry
 * pointing a page early), that page takes the reference's weight, marked as a conflict to be reviewed.
 */
function staleReferences(item: IndexItem, ref: number | null, cands: Candidate[], add: (c: Candidate, e: Evidence) => void): void {
  if (ref === null) return;
  const byRef = cands.filter((c) => c.evidence.some((e) => e.kind === 'printed' || e.kind === 'offset'));
  for (const rc of byRef) {
    if (rc.evidence.some((e) => e.kind === 'heading' || ANCHORS.has(e.kind))) continue;
    const near = cands
      .filter((c) => c.doc === rc.doc && c !== rc && Math.abs(c.page - rc.page) <= 4 && c.evidence.some((e) => e.kind === 'heading' && e.strength >= 0.5))
      .sort((a, b) => Math.abs(a.page - rc.page) - Math.abs(b.page - rc.page) || a.page - b.page);
    const h = near[0];
    if (!h) continue;
    const strength = Math.max(...rc.evidence.filter((e) => e.kind === 'printed' || e.kind === 'offset').map((e) => e.strength));
    add(h, { kind: 'printed', strength: 0.95 * strength, conflict: true,
      why: `the index gives page ${item.pageRef} (PDF page ${rc.page}), which does not show this heading` });
  }
}

/**
 * The run after the index when it holds page `ref` and is the numbering the offset follows: pages outside it
 * printed with the same number belong to another part of the file.
 */
function ownRun(d: DocEvidence, ref: number): NumberRun | null {
  const run = d.printed.run;
  if (!run || run.offset !== d.printed.offset) return null;
  const page = ref + run.offset;
  return page >= run.from && page <= run.to && (d.pages[page - 1]?.printed ?? []).includes(ref) ? run : null;
}

/** The document numbers its pages but not by an offset (gaps, restarts), and no page shows this number. */
export function notInFile(ref: number, d: DocEvidence): boolean {
  return d.printed.offset === null && d.printed.numbered >= 3 && d.printed.numbered >= 0.5 * d.pages.length && !d.printed.byNumber.has(ref);
}

/** Anchors (divider, marker, cover) dominate; page references and headings support. */
export function scoreOf(ev: Evidence[]): number {
  let anchor = 0;
  let ref = 0;
  let heading = 0;
  for (const e of ev) {
    if (ANCHORS.has(e.kind)) anchor = Math.max(anchor, e.strength);
    else if (e.kind === 'heading') heading = Math.max(heading, e.strength);
    else ref = Math.max(ref, e.strength);
  }
  const refBoth = ev.some((e) => e.kind === 'printed') && ev.some((e) => e.kind === 'offset') ? 0.1 : 0;
  return anchor > 0 ? 2 * anchor + 0.3 * (ref + refBoth) + 0.3 * heading : ref + refBoth + 0.6 * heading;
}

function lastLabelPart(label: string): string {
  const m = /([^.()]+)\)?$/.exec(label);
  return (m?.[1] ?? label).toLowerCase();
}

/**
 * Rows whose words match the item's description: the whole description, a row that is its start
 * (a long title wrapped or cut), or a row that is a run of it (`EXAMINATION FOR DISCOVERY OF …` for
 * `Excerpts from the Examination for Discovery of …`).
 */
function headingMatches(item: IndexItem, d: DocEvidence): Array<{ page: number; evidence: Evidence }> {
  const desc = normWords(item.text);
  if (desc.length === 0) return [];
  const out: Array<{ page: number; evidence: Evidence }> = [];
  const own = lastLabelPart(item.label);
  const dateWords = item.date ? normWords(item.date) : [];
  for (let at = 0; at < Math.min(4, desc.length); at++) {
    const rest = desc.slice(at);
    for (const r of d.headings.get(rest[0]!) ?? []) {
      let k = 0;
      while (k < r.words.length && k < rest.length && r.words[k] === rest[k]) k++;
      let s = 0;
      if (at === 0) {
        // (the whole title and no more is the better match: `BREACH OF FIDUCIARY DUTY (HEIRS)` is the heading of the
        // entry before `BREACH OF FIDUCIARY DUTY`)
        if (k === desc.length && r.words.length === desc.length) s = 0.5;
        else if (k === desc.length && r.words.length <= desc.length + Math.max(1, Math.floor(0.2 * desc.length))) s = 0.45;
        else if (k === r.words.length && k >= Math.min(3, desc.length)) s = 0.35;
        else if (k >= 4 && k >= 0.6 * desc.length) s = 0.3;
      } else if (k >= 3 && k >= r.words.length - 1 && k >= 0.5 * rest.length) {
        s = 0.3;
      }
      if (s === 0) continue;
      const labelled = r.label !== null && labelMatch(own, r.label) > 0;
      if (r.label !== null && !labelled && desc.length <= 2) continue;
      if (labelled) s += 0.1;
      if (r.order <= 3) s += 0.05;
      // The rest of the description (a judge's name, a date) near the top of the page.
      const extra = [...desc, ...dateWords].filter((w) => (w.length >= 3 || /^\d+$/.test(w)) && !STOP.has(w) && !r.words.includes(w));
      if (extra.length > 0) {
        const top = d.topWords[r.page - 1];
        s += (0.1 * extra.filter((w) => top?.has(w)).length) / extra.length;
      }
      out.push({ page: r.page, evidence: { kind: 'heading', strength: Math.min(0.65, s), why: `heading '${r.text.slice(0, 60)}'` } });
    }
  }
  return out;
}

/** Share of the first (up to eight) description words found among the other words. */
function overlap(desc: string[], words: string[]): number {
  const head = desc.slice(0, 8);
  if (head.length === 0) return 0;
  const set = new Set(words);
  return head.filter((w) => set.has(w)).length / head.length;
}
