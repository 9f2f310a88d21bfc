import type { BBox, IndexItem, ItemType } from '../types.ts';
import type { Assembly, Draft, Slot } from './assemble/state.ts';
import { keywordType } from './labels.ts';
import { findDate } from './parse-row/dates.ts';
import { ocrTitle } from './ocr-title.ts';

/** Label of an item from its path in the list: 'I.A.1' for nested entries, '7(a)' for a parenthesised sub-item. */
function pathLabel(path: Slot[]): string {
  let out = '';
  for (const s of path) {
    const r = s.readings[0]!;
    if (out === '') out = r.text;
    else if (r.kind.startsWith('paren')) out += r.text;
    else out += '.' + r.text;
  }
  return out;
}

/** `COUNT 2:`, `Count IV.`, `COUNT 11` opening an unlabelled entry of a table of contents, and the title after it. */
const COUNT_ENTRY = /^(COUNT|Count)\s+(\d{1,3}|[IVXL]{1,6})\b\s*[:.–—-]?\s+(\S.*)$/;

/** Final items: labels from the chosen readings, types from keywords, headers and headings. */
export function finishItems(a: Assembly, vocabulary?: () => ReadonlyMap<string, number>): IndexItem[] {
  const fallback: ItemType =
    a.headerType ?? a.headingType ?? (a.hierarchical || (a.toc && a.items.some((d) => d.path.length === 0)) ? 'section' : 'tab');
  const unconfirmed = unconfirmedLabels(a.items);
  return separateBoxes(fillLostLabels(a.items.map((d, i) => {
    // Stray marks read by OCR at either end (`Notice of Appeal : :`) are not part of the description.
    const joined = joinWrapped(d.words);
    // (read by OCR: put back as printed where OCR misreads in known ways, ocr-title.ts)
    const text = (d.ocr ? ocrTitle(joined, vocabulary) : joined).replace(/\[redacted\](?:\s+\[redacted\])+/g, '[redacted]').replace(/(\d),(\d{4})\b/g, '$1, $2').replace(/\s+/g, ' ').trim().replace(/(\s+[^\w\s"“”'’()[\]]{1,2})+$/u, '').replace(/^([^\w\s"“”'‘(]{1,2}\s+)+/u, '');
    const date = d.dateWords.length > 0 ? [d.date ?? '', ...d.dateWords].join(' ').trim() : (d.date ?? findDate(text));
    // A complaint's counts are its entries' labels as printed (`COUNT 2: CONSPIRACY`, `Count 4 – Malicious
    // Prosecution`): the count and its number, then the title.
    const count = a.toc && d.path.length === 0 ? COUNT_ENTRY.exec(text) : null;
    const item: IndexItem = {
      ordinal: i + 1,
      label: count ? `${count[1]} ${count[2]}` : unconfirmed.has(i) ? '' : pathLabel(d.path),
      type: d.keyword ?? fallback,
      text: count ? count[3]! : text,
      page: d.page,
      bbox: d.bbox.map((v) => Math.round(v * 100) / 100) as BBox,
    };
    if (d.pageRef) item.pageRef = d.pageRef;
    if (date) item.date = date;
    return item;
  })));
}

/**
 * Entries whose label was inferred from their place (OCR read nothing in their label column) that no later
 * label of their level bears out: the list ends, or goes on unlabelled, after them. Such a row is an
 * unlabelled entry set where the titles start (a closing `CONCLUSION` under `V. ARGUMENT`), not `VI`.
 * An inference is borne out by entries under it, or by the next entry of its level or above, when that is of
 * its level and read or itself borne out (`LEGAL STANDARD`, `ARGUMENT` between `III.` and `VI.`).
 */
function unconfirmedLabels(items: Draft[]): Set<number> {
  const confirmed = new Set<number>();
  const out = new Set<number>();
  for (let i = items.length - 1; i >= 0; i--) {
    const d = items[i]!;
    if (!d.inferred) continue;
    const depth = d.path.length;
    let j = i + 1;
    while (j < items.length && items[j]!.path.length > depth) j++;
    const next = items[j];
    // (entries under it bear it out too: they are numbered within it)
    const parent = j > i + 1;
    if (parent || (next && next.path.length === depth && (!next.inferred || confirmed.has(j)))) confirmed.add(i);
    else out.add(i);
  }
  return out;
}

/**
 * Items' boxes on one page never overlap, so each spot of the index page is one link: a row read by OCR
 * can reach into the next (a tall letter, a speck), and the box of the row above is cut where the two meet
 * halfway through their overlap (side by side, as in a two-column index, they are left as they are).
 */
function separateBoxes(items: IndexItem[]): IndexItem[] {
  const byPage = new Map<number, IndexItem[]>();
  for (const it of items) byPage.set(it.page, [...(byPage.get(it.page) ?? []), it]);
  for (const onPage of byPage.values()) {
    const sorted = [...onPage].sort((a, b) => a.bbox[1] - b.bbox[1]);
    for (let i = 0; i + 1 < sorted.length; i++) {
      const a = sorted[i]!;
      const b = sorted[i + 1]!;
      const sideBySide = Math.min(a.bbox[2], b.bbox[2]) <= Math.max(a.bbox[0], b.bbox[0]);
      if (sideBySide || a.bbox[3] <= b.bbox[1] || b.bbox[1] <= a.bbox[1]) continue;
      const cut = Math.round(((b.bbox[1] + Math.min(a.bbox[3], b.bbox[3])) / 2) * 100) / 100;
      a.bbox = [a.bbox[0], a.bbox[1], a.bbox[2], cut];
      b.bbox = [b.bbox[0], cut, b.bbox[2], b.bbox[3]];
    }
  }
  return items;
}

/** Position of a plain label in its sequence (1, 2, 3 … or A, B, C …) and its kind; null otherwise. */
function plainLabel(label: string): { kind: 'number' | 'letter'; n: number } | null {
  if (/^\d{1,3}$/.test(label)) return { kind: 'number', n: Number(label) };
  if (/^[A-Z]$/.test(label)) return { kind: 'letter', n: label.charCodeAt(0) - 64 };
  return null;
}

function plainLabelAt(kind: 'number' | 'letter', n: number): string | null {
  if (n < 1) return null;
  if (kind === 'number') return String(n);
  return n <= 26 ? String.fromCharCode(64 + n) : null;
}

/**
 * The label a lost one stands for, from the labels around it in a plain sequence: between 4 and 6
 * it is 5; after two in a row (3, 4) it is the next (5); before two in a row (B, C) the one before
 * (A). Null when the neighbours do not make that sequence.
 */
function lostLabel(items: IndexItem[], i: number, type: IndexItem['type']): string | null {
  const at = (j: number) => {
    const it = items[j];
    return it && it.label !== '' && it.type === type ? plainLabel(it.label) : null;
  };
  const [p2, p1, n1, n2] = [at(i - 2), at(i - 1), at(i + 1), at(i + 2)];
  if (p1 && n1 && p1.kind === n1.kind) return n1.n - p1.n === 2 ? plainLabelAt(p1.kind, p1.n + 1) : null;
  if (p1 && p2 && !n1 && p2.kind === p1.kind && p1.n - p2.n === 1) return plainLabelAt(p1.kind, p1.n + 1);
  if (n1 && n2 && !p1 && n1.kind === n2.kind && n2.n - n1.n === 1) return plainLabelAt(n1.kind, n1.n - 1);
  return null;
}

/**
 * A row that starts with its keyword but whose label OCR lost (`Tab Factum of …` between Tab 4 and
 * Tab 6, or after Tab 3 and Tab 4 at the end) is the item its place in the sequence names: it takes
 * that label and the keyword's type, when its neighbours have that same type.
 */
function fillLostLabels(items: IndexItem[]): IndexItem[] {
  for (let i = 0; i < items.length; i++) {
    const item = items[i]!;
    if (item.label !== '') continue;
    const m = /^(\S+)\s+(.*)$/.exec(item.text);
    const type = m ? keywordType(m[1]!) : null;
    if (!m || !type) continue;
    const label = lostLabel(items, i, type);
    if (label === null) continue;
    item.label = label;
    item.type = type;
    item.text = m[2]!;
  }
  return items;
}

/**
 * Description words joined by spaces, except after a word broken at its hyphen at the end of a line
 * (`Cross-` / `Examination` → `Cross-Examination`); a suspended hyphen (`pre- and post-trial`) keeps its space.
 */
export function joinWrapped(words: string[]): string {
  let out = '';
  for (const [i, w] of words.entries()) {
    const prev = words[i - 1];
    const glued = prev !== undefined && /\p{L}-$/u.test(prev) && /^\p{L}/u.test(w) && !/^(and|or|to|nor|et|ou)$/i.test(w);
    out += i === 0 || glued ? w : ` ${w}`;
  }
  return out;
}
