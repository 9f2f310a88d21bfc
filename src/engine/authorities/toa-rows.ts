import { layoutPages } from '../page-model/page-layout.ts';
import type { Token } from '../page-model/rows.ts';
import { bodyText } from '../refs/body-text.ts';
import { nonBodyPages } from '../refs/non-body-pages.ts';
import { findAuthoritiesInBody } from './find-authorities.ts';
import type { RefSpan } from '../refs/types.ts';
import type { BBox, PageText, ReviewAuthority } from '../types.ts';

/**
 * The rows of a brief's Table of Authorities (the pages `non-body-pages.ts` sets apart as one), each matched to
 * the authority it lists among the citations found in the body, and linked, per the case, to the first page of
 * the brief citing it (`first-citation`) or to the authority itself (its Book of Authorities page or address,
 * `authority`). A row is an entry when it ends in page numbers or `passim` (a wrapped entry's rows before it
 * join it); headings (`CASES`, `STATUTES`, `Page(s)`) are not. A row matches the citation whose report
 * (volume, reporter, first page), neutral citation, code section or rule it prints, else whose case name it
 * starts with. A row matching none whose words the finder reads as a citation is listed, not linked (an
 * authority the body does not cite as read); a row it cannot read at all is left out.
 */
export type ToaTarget = 'first-citation' | 'authority';

const PAGES_AT_END = /^(?:\d{1,4}(?:[-–]\d{1,4})?,?|passim|n\.?\d*,?|&|and)$/i;
const HEADING = /^(?:[A-Z][A-Z\s,&.()'’-]*|Page\(?s?\)?|Pages?)$/;
/** The words of a table's headings and column heads (`Cases`, `Page No(s).`, `(cont’d)`, `Other Authorities`). */
const HEADING_WORDS =
  /(?:\(?\s*cont(?:inued|['’]?d)\.?\s*\)?|page\s*no\(?s?\)?\.?|pages?(?:\s*\(s\))?|cases|statutes?|rules?|regulations?|constitutional|provisions?|other|authorities|treatises|legislative|history|materials|secondary|sources|federal|state|codes?|and|table|of)/giu;
export const isHeading = (text: string) => HEADING.test(text) || text.replace(HEADING_WORDS, '').replace(/[\s:.,&]+/g, '') === '';

/** Lower case words of letters and digits, one space apart (`U.S.` → `u s`, `§` → `s`): how a row and a citation are compared. */
export const normCite = (s: string) =>
  s.toLowerCase().replace(/[’']/g, '').replace(/§/g, ' s ').replace(/[^a-z0-9]+/g, ' ').trim();

/** The printed forms of an authority a Table of Authorities row may hold, most telling first. */
function keysOf(a: ReviewAuthority): string[] {
  const p = a.parts;
  const keys: string[] = [];
  if (p.neutral) keys.push(normCite(p.neutral));
  if (p.volume && p.reporter && p.page) keys.push(normCite(`${p.volume} ${p.reporter} ${p.page}`));
  // a database citation (`2018 WL 9812123`, `2012 U.S. Dist. LEXIS 4649`): year, database and number
  if (p.year && p.reporter && p.number) keys.push(normCite(`${p.year} ${p.reporter} ${p.number}`));
  if (p.kind !== 'case') {
    // the citation as printed without its pinpoint (`42 U.S.C. § 1983(a)` → `42 U.S.C. § 1983`)
    const printed = a.text.replace(/\s*\([a-z0-9]{1,4}\)(?:\([a-z0-9]{1,4}\))*\s*$/i, '');
    keys.push(normCite(printed));
    if (p.title && p.section) keys.push(normCite(`${p.title} ${p.section.replace(/\(.*$/, '')}`));
    if (p.rules && p.rule) keys.push(normCite(`${p.rules} ${p.rule.replace(/\(.*$/, '')}`));
  }
  return keys.filter((k) => k.replace(/ /g, '').length >= 4);
}

/** `key` within `row` as whole words (`fed r civ p 12` is not in `fed r civ p 126`, `56 u s 662` not in `556 u s 662`). */
export function holdsKey(row: string, key: string): boolean {
  return ` ${row} `.includes(` ${key} `);
}

interface Entry {
  page: number;
  text: string;
  spans: RefSpan[];
}

const union = (boxes: BBox[]): BBox => [
  Math.min(...boxes.map((b) => b[0])),
  Math.min(...boxes.map((b) => b[1])),
  Math.max(...boxes.map((b) => b[2])),
  Math.max(...boxes.map((b) => b[3])),
];

/** The brief's Table of Authorities pages (`refs/non-body-pages.ts`), less any the index detection took as its index. */
export function toaPagesOf(pages: PageText[], indexPages: readonly number[]): number[] {
  return [...nonBodyPages(pages, [])].filter((p) => !indexPages.includes(p)).sort((a, b) => a - b);
}

/** The entries of the Table of Authorities pages: text without leaders and page numbers, a box per line. */
export function toaEntries(pages: PageText[], indexPages: readonly number[]): Entry[] {
  const toa = toaPagesOf(pages, indexPages);
  if (!toa.length) return [];
  const wanted = new Set(toa);
  const entries: Entry[] = [];
  for (const l of layoutPages(pages.filter((p) => wanted.has(p.page)))) {
    let pending: Array<{ words: Token[] }> = [];
    for (const row of l.rows) {
      const words = row.words;
      // the page numbers at the end of the row: after its leader or column gap, else its last word after a leader
      let end = words.length;
      const gap = words.findLastIndex((w) => w.breakBefore);
      if (gap > 0 && words.slice(gap).every((w) => PAGES_AT_END.test(w.text))) end = gap;
      else if (row.leader && words.length > 1 && /^(?:\d{1,4}|passim)$/i.test(words[words.length - 1]!.text)) end = words.length - 1;
      const endsInPages = end < words.length && /\d|passim/i.test(words.slice(end).map((w) => w.text).join(' '));
      const label = words.slice(0, endsInPages ? end : words.length).filter((w) => !/^[.…_·]+$/.test(w.text));
      const text = label.map((w) => w.text).join(' ').trim();
      if (!endsInPages) {
        if (!text || isHeading(text)) pending = [];
        else pending.push({ words: label });
        continue;
      }
      const lines = [...pending.map((p) => p.words), label].filter((w) => w.length);
      pending = [];
      if (!lines.length) continue;
      entries.push({
        page: l.page,
        text: lines.map((ws) => ws.map((w) => w.text).join(' ')).join(' '),
        spans: lines.map((ws) => ({ page: l.page, bbox: union(ws.map((w) => w.bbox)) })),
      });
    }
  }
  return entries;
}

/**
 * Table of Authorities rows as review.json lists authorities (`toaRow`), numbered after `cited`; each takes the
 * parts of the citation it matches and links as `target` says.
 */
export function toaAuthorities(pages: PageText[], indexPages: readonly number[], cited: readonly ReviewAuthority[], target: ToaTarget): ReviewAuthority[] {
  const full = cited.filter((a) => !a.shortForm && !a.toaRow);
  if (!full.length) return [];
  const withKeys = full.map((a) => ({ a, keys: keysOf(a), name: a.parts.name ? normCite(a.parts.name) : '' }));
  let next = Math.max(0, ...cited.map((a) => a.id)) + 1;
  const out: ReviewAuthority[] = [];
  const entries = toaEntries(pages, indexPages);
  // the citations the finder reads in the table's own rows: what a row that matches no citation of the body names
  let inTable: ReturnType<typeof findAuthoritiesInBody> | null = null;
  const readInTable = () => {
    if (!inTable) {
      const toa = new Set(toaPagesOf(pages, indexPages));
      inTable = findAuthoritiesInBody(bodyText(pages, new Set(pages.map((p) => p.page).filter((p) => !toa.has(p)))));
    }
    return inTable;
  };
  for (const e of entries) {
    const row = normCite(e.text);
    const match =
      withKeys.find((c) => c.keys.some((k) => holdsKey(row, k))) ??
      withKeys.find((c) => c.a.parts.kind === 'case' && c.name.length >= 6 && `${row} `.startsWith(`${c.name} `));
    if (!match) {
      const overlaps = (b: BBox, c: BBox) => b[1] < c[3] && c[1] < b[3] && b[0] < c[2] && c[0] < b[2];
      const read = readInTable().find((a) => !a.shortForm && a.spans.some((s) => e.spans.some((es) => es.page === s.page && overlaps(es.bbox, s.bbox))));
      if (!read) continue;
      out.push({
        id: next++, page: e.page, text: e.text, kind: read.parts.kind, family: read.parts.family, parts: read.parts, url: null, targetPage: null,
        why: 'Table of Authorities: the body of the brief does not cite this authority as read; not linked',
        bbox: e.spans[0]!.bbox, spans: e.spans, toaRow: true, status: 'auto',
      });
      continue;
    }
    const m = match.a;
    // every citation of the same authority: the full ones with the same keys (or name), and their short forms
    const same = new Set(withKeys.filter((c) => c.a === m || (c.keys.length && c.keys.some((k) => match.keys.includes(k)))).map((c) => c.a.id));
    const pagesCiting = cited.filter((a) => same.has(a.id) || (a.antecedent !== undefined && same.has(a.antecedent))).map((a) => a.page);
    const first = Math.min(...pagesCiting);
    const base = { id: next++, page: e.page, text: e.text, kind: m.kind, family: m.family, parts: m.parts, bbox: e.spans[0]!.bbox, spans: e.spans, toaRow: true as const, status: 'auto' as const };
    if (target === 'first-citation') {
      out.push({ ...base, url: m.url, targetPage: first, why: `Table of Authorities: first cited on page ${first} of the brief (${m.text})` });
    } else {
      out.push({
        ...base,
        url: m.url,
        targetPage: m.targetPage,
        ...(m.tab ? { tab: m.tab } : {}),
        why: `Table of Authorities: ${m.targetPage !== null || m.url !== null ? 'the authority' : 'no address or page for the authority'} (${m.why})`,
      });
    }
  }
  return out;
}
