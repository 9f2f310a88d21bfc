import type { PageText } from '../types.ts';
import { DOCKET_NAME, EXHIBIT_NAME } from './designators.ts';
import { citeKey } from './find-references.ts';
import { modelRecord, normLabel, type RecordModel } from './record-model.ts';
import type { Reference, ResolvedReference } from './types.ts';

/**
 * Each reference to the record resolved to a page of the merged master (DESIGN §8), by what the record's
 * pages show, never by the PDF page number the reference prints: printed numbers and record stamps, tab
 * dividers (then the page within the tab), exhibit slip sheets and covers (then the page within the
 * exhibit), numbered paragraphs, transcript pages and questions, a docket filing's own pages. A reference
 * whose page is not in what was uploaded is left unresolved with the reason, never linked to a guess.
 */
export interface RecordSource {
  citeAs: string;
  volume?: string;
  pages: PageText[];
  /** 1-based page of the merged master where this document's page 1 lands. */
  masterStart: number;
}

interface Known {
  src: RecordSource;
  model: RecordModel;
  key: string;
  docket: string | null;
  exhibit: string | null;
  /** The brief itself, for pages bound into it (`Pet. App. 3a`). */
  self: boolean;
}

export interface ResolveOptions {
  /** The brief's own pages: appendices bound into it resolve there. */
  brief?: PageText[];
}

/** Families whose pages may be bound into the brief itself. */
const BOUND_IN = new Set(['PETAPP', 'APP', 'ADD', 'SA', 'APPX']);

export function resolveReferences(refs: Reference[], records: RecordSource[], opts: ResolveOptions = {}): ResolvedReference[] {
  const known: Known[] = records.map((src) => {
    const d = DOCKET_NAME.exec(src.citeAs.trim());
    const e = EXHIBIT_NAME.exec(src.citeAs.trim());
    return {
      src,
      model: modelRecord(src.pages),
      key: d ? 'DKT' : e ? 'EX' : citeKey(src.citeAs),
      docket: d ? d[1]! : null,
      exhibit: e ? e[1]!.toUpperCase() : null,
      self: false,
    };
  });
  const self: Known | null = opts.brief
    ? { src: { citeAs: '', pages: opts.brief, masterStart: 1 }, model: modelRecord(opts.brief), key: 'BRIEF', docket: null, exhibit: null, self: true }
    : null;
  return refs.map((r) => resolveOne(r, known, self));
}

type Outcome = { record: number | null; page: number | null; confidence: number; why: string };

function resolveOne(r: Reference, known: Known[], self: Known | null): ResolvedReference {
  const out = r.kind !== 'record'
    ? { record: null, page: null, confidence: 0, why: r.kind === 'brief' ? 'a reference to a brief, not to the record: not linked' : 'an authority: not linked here' }
    : locate(r, known, self);
  const k = out.record === -1 ? self : out.record !== null ? known[out.record] : null;
  return {
    ...r,
    targetPage: k && out.page !== null ? k.src.masterStart + out.page - 1 : null,
    record: out.record === -1 ? null : out.record,
    confidence: out.page === null ? 0 : out.confidence,
    why: out.why,
  };
}

function locate(r: Reference, known: Known[], self: Known | null): Outcome {
  const p = r.parts;
  let cands = candidates(r, known);
  if (cands.length === 0) {
    if (self && BOUND_IN.has(p.docKey) && p.page) {
      const hit = byPage(self.model, p.page, null);
      if (hit) return { record: -1, page: hit.page, confidence: hit.unique ? 0.9 : 0.6, why: `the brief's own page printed ${p.page}${hit.unique ? '' : ' (one of several so printed)'}` };
    }
    return unresolved(`no record document cited as "${p.doc}"${p.volume ? `, volume ${p.volume}` : ''}${p.docket ? ` ${p.docket}` : ''} was uploaded`);
  }
  if (p.volume) {
    const inVolume = cands.filter((i) => known[i]!.src.volume === p.volume);
    if (inVolume.length) cands = inVolume;
    else if (cands.some((i) => known[i]!.src.volume)) return unresolved(`volume ${p.volume} of ${p.doc} was not uploaded (volumes uploaded: ${[...new Set(cands.map((i) => known[i]!.src.volume).filter(Boolean))].join(', ')})`);
  }
  const tried: Outcome[] = [];
  for (const i of cands) {
    const o = within(r, known[i]!, i);
    if (o.page !== null) return o;
    tried.push(o);
  }
  if (p.page && !p.tab && !p.exhibit) {
    const volumes = cands.some((i) => known[i]!.src.volume);
    const held = cands
      .map((i) => [heldPages(known[i]!.model), known[i]!.src.volume] as const)
      .filter(([h]) => h)
      .map(([h, v]) => (v ? `${h} (vol. ${v})` : h))
      .join('; ');
    const what = `the ${p.doc} ${volumes && cands.length > 1 ? 'volumes' : cands.length > 1 ? 'documents' : 'document'} uploaded`;
    return unresolved(`${r.text}: ${what} ${held ? `${cands.length > 1 ? 'hold' : 'holds'} pages ${held}` : cands.length > 1 ? 'carry no page numbers' : 'carries no page numbers'}`);
  }
  return tried[0] ?? unresolved(`${r.text}: not found in ${p.doc}`);
}

/** The records a reference may point into: by name, docket number or exhibit label. */
function candidates(r: Reference, known: Known[]): number[] {
  const p = r.parts;
  const ids = known.map((_, i) => i);
  if (p.docKey === 'DKT') return ids.filter((i) => known[i]!.docket !== null && known[i]!.docket === p.docket);
  if (p.docKey === 'EX') {
    const own = ids.filter((i) => known[i]!.exhibit === p.exhibit?.toUpperCase());
    if (own.length) return own;
    const holding = ids.filter((i) => p.exhibit && (known[i]!.model.exhibits.get(p.exhibit.toUpperCase())?.length ?? 0) > 0);
    return holding.length === 1 ? holding : [];
  }
  const exact = ids.filter((i) => known[i]!.key === p.docKey);
  if (exact.length) return exact;
  // `Decl. ¶ 5` names no one: the one declaration uploaded; `Smith Decl.` the declaration of that name
  if (!p.docKey.includes(':') && ['DECL', 'AFF', 'DEP', 'CROSS', 'TR'].includes(p.docKey)) {
    const kind = ids.filter((i) => known[i]!.key.split(':')[0] === p.docKey);
    return kind.length === 1 ? kind : [];
  }
  return [];
}

function within(r: Reference, k: Known, index: number): Outcome {
  const p = r.parts;
  const m = k.model;
  const name = `${p.doc}${p.volume ? ` vol. ${p.volume}` : ''}`;
  let lo = 1;
  let hi = m.pageCount;
  let whyPrefix = '';
  let bodyStart = 1;
  let exhibit = p.exhibit;
  if (p.tab) {
    let start = m.tabs.get(p.tab.toUpperCase());
    // `MR Tab 2C`: no tab 2C, but tab 2 holding an Exhibit C (an affidavit's exhibits, lettered within its tab)
    const split = /^(\d{1,3})([A-Z])$/i.exec(p.tab);
    if (start === undefined && split && !exhibit && m.tabs.has(split[1]!)) {
      start = m.tabs.get(split[1]!)!;
      exhibit = split[2]!.toUpperCase();
    }
    if (start === undefined) return { record: index, page: null, confidence: 0, why: `Tab ${p.tab} is not in ${name} as uploaded` };
    lo = start;
    hi = endOf(m.tabs, start, m.pageCount);
    bodyStart = start + 1;
    whyPrefix = `Tab ${exhibit && exhibit !== p.exhibit ? split![1] : p.tab} (divider p. ${start})`;
  }
  if (k.exhibit === null && exhibit) {
    const ex = (m.exhibits.get(exhibit.toUpperCase()) ?? []).find((e) => e.page >= lo && e.page <= hi);
    if (!ex) return { record: index, page: null, confidence: 0, why: `Exhibit ${exhibit} is not in ${name}${p.tab ? `, Tab ${p.tab}` : ''} as uploaded` };
    const starts = new Map<string, number>();
    for (const [l, list] of m.exhibits) list.forEach((e, i) => starts.set(`${l}#${i}`, e.page));
    for (const [l, pg] of m.tabs) starts.set(`tab ${l}`, pg);
    lo = ex.page;
    hi = Math.min(hi, endOf(starts, ex.page, m.pageCount));
    bodyStart = ex.slip ? ex.page + 1 : ex.page;
    whyPrefix = `${whyPrefix ? `${whyPrefix}, ` : ''}Exhibit ${exhibit} (${ex.slip ? 'slip sheet' : 'cover'} p. ${ex.page})`;
  }
  if (p.paragraph && !p.page) {
    const page = m.paragraphs.get(String(Number(p.paragraph.split('.')[0])));
    return page !== undefined && page >= lo && page <= hi
      ? { record: index, page, confidence: 0.9, why: `paragraph ${p.paragraph} of ${name} stands on its page ${page}` }
      : { record: index, page: null, confidence: 0, why: `paragraph ${p.paragraph} was not found in ${name}` };
  }
  if (p.question) {
    const page = m.questions.get(String(Number(p.question)));
    return page !== undefined
      ? { record: index, page, confidence: 0.9, why: `question ${p.question} of ${name} stands on its page ${page}` }
      : { record: index, page: null, confidence: 0, why: `question ${p.question} was not found in ${name}` };
  }
  if (p.page) {
    // a docket filing's pages are its own (the page of `Page 4 of 9`)
    if (k.key === 'DKT') {
      const n = Number(p.page);
      return Number.isInteger(n) && n >= 1 && n <= m.pageCount
        ? { record: index, page: n, confidence: 0.9, why: `page ${n} of ${p.doc} ${p.docket}` }
        : { record: index, page: null, confidence: 0, why: `${p.doc} ${p.docket} has ${m.pageCount} pages, not ${p.page}` };
    }
    const hit = byPage(m, p.page, p.volume ?? null, lo, hi);
    if (hit) {
      const where = whyPrefix ? `${whyPrefix}, ` : '';
      return { record: index, page: hit.page, confidence: hit.unique ? 0.95 : 0.6, why: `${where}page printed ${p.page} in ${name}${hit.unique ? '' : ' (one of several pages so printed)'}` };
    }
    // a tab or exhibit whose pages carry no numbers of their own: counted from its first page after the divider
    const n = Number(p.page);
    if (whyPrefix && Number.isInteger(n) && !rangeNumbered(m, bodyStart, hi) && bodyStart + n - 1 <= hi) {
      return { record: index, page: bodyStart + n - 1, confidence: 0.7, why: `${whyPrefix}, page ${n} counted from its first page (its pages carry no numbers)` };
    }
    return { record: index, page: null, confidence: 0, why: `${r.text}: no page printed ${p.page} in ${name}${whyPrefix ? ` (${whyPrefix})` : ''}` };
  }
  if (whyPrefix) return { record: index, page: lo, confidence: 0.95, why: whyPrefix };
  return { record: index, page: 1, confidence: 0.9, why: `the first page of ${name}` };
}

/** The page printed `label` between lo and hi (in the stamp's volume when it names one). */
function byPage(m: RecordModel, label: string, volume: string | null, lo = 1, hi = m.pageCount): { page: number; unique: boolean } | null {
  const all = (m.byLabel.get(normLabel(label)) ?? []).filter((pg) => pg >= lo && pg <= hi);
  const inVol = volume ? all.filter((pg) => m.stampVolume[pg - 1] === null || m.stampVolume[pg - 1] === volume) : all;
  if (inVol.length === 0) return null;
  return { page: inVol[0]!, unique: inVol.length === 1 };
}

function rangeNumbered(m: RecordModel, lo: number, hi: number): boolean {
  let n = 0;
  for (let pg = lo; pg <= hi; pg++) if (m.labels[pg - 1]!.length) n++;
  return n >= 0.5 * Math.max(1, hi - lo + 1);
}

/** The last page of the item that starts at `start`: the page before the next item's first, or the document's last. */
function endOf(starts: Map<string, number>, start: number, pageCount: number): number {
  let next = pageCount + 1;
  for (const pg of starts.values()) if (pg > start && pg < next) next = pg;
  return next - 1;
}

/** The numbered pages a record holds, as ranges (`1-300`). */
function heldPages(m: RecordModel): string {
  const nums = [...m.byLabel.keys()].filter((l) => /^\d+$/.test(l)).map(Number).sort((a, b) => a - b);
  if (!nums.length) return '';
  const runs: string[] = [];
  let a = nums[0]!;
  let b = a;
  for (const n of nums.slice(1)) {
    if (n === b + 1) b = n;
    else {
      runs.push(a === b ? `${a}` : `${a}-${b}`);
      a = b = n;
    }
  }
  runs.push(a === b ? `${a}` : `${a}-${b}`);
  return runs.length > 4 ? `${runs.slice(0, 2).join(', ')} … ${runs[runs.length - 1]}` : runs.join(', ');
}

function unresolved(why: string): Outcome {
  return { record: null, page: null, confidence: 0, why };
}
