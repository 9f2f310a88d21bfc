import type { BBox, IndexItem, ItemType } from '../types.ts';
import type { Assembly, Slot } from './assemble-items.ts';
import { keywordType } from './labels.ts';
import { findDate } from './parse-row.ts';

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

/** Final items: labels from the chosen readings, types from keywords, headers and headings. */
export function finishItems(a: Assembly): IndexItem[] {
  const fallback: ItemType =
    a.headerType ?? a.headingType ?? (a.hierarchical || (a.toc && a.items.some((d) => d.path.length === 0)) ? 'section' : 'tab');
  return fillLostLabels(a.items.map((d, i) => {
    // Stray marks read by OCR at either end (`Notice of Appeal : :`) are not part of the description.
    const text = d.words.join(' ').replace(/(\d),(\d{4})\b/g, '$1, $2').replace(/\s+/g, ' ').trim().replace(/(\s+[^\w\s"“”'’()[\]]{1,2})+$/u, '').replace(/^([^\w\s"“”'‘(]{1,2}\s+)+/u, '');
    const date = d.dateWords.length > 0 ? [d.date ?? '', ...d.dateWords].join(' ').trim() : (d.date ?? findDate(text));
    const item: IndexItem = {
      ordinal: i + 1,
      label: pathLabel(d.path),
      type: d.keyword ?? fallback,
      text,
      page: d.page,
      bbox: d.bbox.map((v) => Math.round(v * 100) / 100) as BBox,
    };
    if (d.pageRef) item.pageRef = d.pageRef;
    if (date) item.date = date;
    return item;
  }));
}

/** The label between two others in a plain sequence: 4 and 6 give 5, D and F give E; null otherwise. */
function labelBetween(prev: string, next: string): string | null {
  if (/^\d{1,3}$/.test(prev) && /^\d{1,3}$/.test(next)) {
    return Number(next) - Number(prev) === 2 ? String(Number(prev) + 1) : null;
  }
  if (/^[A-Z]$/.test(prev) && /^[A-Z]$/.test(next) && next.charCodeAt(0) - prev.charCodeAt(0) === 2) {
    return String.fromCharCode(prev.charCodeAt(0) + 1);
  }
  return null;
}

/**
 * A row that starts with its keyword but whose label OCR lost (`Tab Factum of …` between Tab 4 and
 * Tab 6) is the item the gap in the sequence names: it takes that label and the keyword's type.
 */
function fillLostLabels(items: IndexItem[]): IndexItem[] {
  for (let i = 1; i + 1 < items.length; i++) {
    const [prev, item, next] = [items[i - 1]!, items[i]!, items[i + 1]!];
    if (item.label !== '' || prev.type !== next.type) continue;
    const m = /^(\S+)\s+(.*)$/.exec(item.text);
    const type = m ? keywordType(m[1]!) : null;
    const label = labelBetween(prev.label, next.label);
    if (!m || type !== prev.type || label === null) continue;
    item.label = label;
    item.type = type;
    item.text = m[2]!;
  }
  return items;
}
