import { keywordType } from '../index/labels.ts';
import type { PageLayout, TabStamp } from '../page-model/page-layout.ts';
import { parseRow } from '../index/parse-row.ts';
import { normWords, type Row } from '../page-model/rows.ts';
import type { ItemType } from '../types.ts';

/** What a page shows that can mark the start of an item. */
export interface PageEvidence {
  doc: 'source' | 'record';
  /** 1-based page within its document. */
  page: number;
  /** Text from OCR: labels may carry I/l/1 and O/0 confusions. */
  ocr: boolean;
  /** Divider: a keyword and a label standing alone (`TAB 7`, `Exhibit "C"`, OCR'd `TABl`). */
  divider: { keyword: ItemType; label: string; shown: string; alone: boolean } | null;
  /** Record start markers such as `*T3`. */
  markers: Array<{ label: string; shown: string }>;
  /** A short page opening with a keyword, label and title on one row (`TAB 7  Affidavit of …`). */
  titled: { keyword: ItemType; label: string; words: string[]; shown: string } | null;
  /** No readable text (an OCR'd page that came back empty, e.g. a divider in a huge font). */
  blank: boolean;
  /** Commissioner's exhibit cover page: `This is Exhibit "C" referred to in …`. */
  cover: { label: string; shown: string } | null;
  /** Numbers printed alone in the header or footer. */
  printed: number[];
  /** Section page numbers printed alone there (`A1`, `B-12`). */
  printedLabels: string[];
  /** Tab stamps on the page (`Tab 3, p. 2`). */
  stamps: TabStamp[];
}

/** A short row that may be a heading, for matching item descriptions. */
export interface HeadingRow {
  doc: 'source' | 'record';
  page: number;
  /** Row words, normalised, with a leading label (`C.`, `1.`, `IV`) taken off. */
  words: string[];
  /** The leading label, when the row had one. */
  label: string | null;
  text: string;
  /** Row index on the page among content rows (0 = first). */
  order: number;
}

const MARKER = /\*\s?T\s?([0-9IlO|]{1,4}[A-Za-z]?)\b/g;
const COVER = /\bthis\s+is\s+exhibit\s*(?:no\.?\s*)?["“”'‘’]*\s*([A-Za-z0-9]{1,4}(?:[-.][0-9IlO]{1,3})?)\b["“”'‘’]*/i;

export function pageEvidence(layout: PageLayout, doc: 'source' | 'record'): PageEvidence {
  const ocr = layout.source === 'ocr';
  const rows = layout.rows;
  let divider: PageEvidence['divider'] = null;
  let titled: PageEvidence['titled'] = null;
  const few = rows.length <= 6;
  const top = rows.slice(0, few ? rows.length : 3);
  for (let i = 0; i < top.length && !divider; i++) {
    const r = top[i]!;
    if (r.words.length > 4 && !/^(?:\S ){3,}\S$/.test(r.text)) {
      if (!titled && rows.length <= 8) {
        const pr = parseRow(r, { ocr });
        if (pr.keyword && pr.keyword !== 'section' && pr.labels.length > 0 && pr.desc.length > 0) {
          titled = { keyword: pr.keyword, label: labelToken({ ...r, words: r.words.slice(0, /^(tab|exhibit|schedule|appendix|document)./i.test(r.words[0]!.text) ? 1 : 2) }), words: normWords(pr.desc.map((t) => t.text).join(' ')), shown: r.text };
        }
      }
      continue;
    }
    // Letter-spaced: `T A B 1 2`.
    const spaced = /^(?:\S ){3,}\S$/.test(r.text) ? /^(tab|exhibit|schedule|appendix)([0-9A-Za-z|!]{1,4})$/i.exec(r.text.replace(/ /g, '')) : null;
    if (spaced) {
      divider = { keyword: keywordType(spaced[1]!)!, label: spaced[2]!, shown: r.text, alone: few };
      continue;
    }
    const pr = parseRow(r, { ocr, light: true });
    if (pr.keyword && pr.keyword !== 'section' && pr.bare) {
      divider = { keyword: pr.keyword, label: labelToken(r), shown: r.text, alone: few };
      continue;
    }
    // Keyword and label on separate rows ("TAB" above a large "7").
    const kw = r.words.length === 1 ? keywordType(r.words[0]!.text) : null;
    if (kw === 'section') continue;
    const next = top[i + 1];
    if (kw && next && next.words.length === 1 && /^["“]?[0-9A-Za-z|!]{1,4}["”]?\.?$/.test(next.words[0]!.text)) {
      divider = { keyword: kw, label: next.words[0]!.text, shown: `${r.text} ${next.text}`, alone: few };
    }
  }

  // OCR of a huge divider label often comes back as junk glued to the keyword (`TABS.` for TAB 5 or 9).
  if (!divider && ocr && rows.length <= 3) {
    const m = /^(tab|exhibit|schedule|appendix)([^\s]{0,4})$/i.exec(rows[0]?.text.replace(/\s+/g, '') ?? '');
    if (m) divider = { keyword: keywordType(m[1]!)!, label: m[2]!.replace(/[.:,]+$/, ''), shown: rows[0]!.text, alone: true };
  }

  const markers: PageEvidence['markers'] = [];
  for (const r of rows) {
    if (!r.text.includes('*')) continue;
    for (const m of r.text.matchAll(MARKER)) markers.push({ label: m[1]!, shown: m[0].replace(/\s+/g, '') });
  }

  let cover: PageEvidence['cover'] = null;
  const head = rows.slice(0, 15).map((r) => r.text).join(' ');
  if (/exhibit/i.test(head)) {
    const m = COVER.exec(head);
    if (m) cover = { label: m[1]!, shown: m[0] };
  }
  // (a page read only in its bands is not known to be blank: its middle, unread, may be a page of prose)
  const blank = (layout.source === 'ocr' || layout.source === 'none') && !layout.partial && rows.every((r) => r.text.replace(/[^A-Za-z0-9]/g, '').length <= 2);
  return { doc, page: layout.page, ocr, divider, titled, blank, markers, cover, printed: layout.printed, printedLabels: layout.printedLabels, stamps: layout.stamps };
}

/** The label part of a divider row (`TAB 7` → '7', `TABl` → 'l', `Exhibit "C"` → 'C'). */
function labelToken(r: Row): string {
  const words = r.words.map((w) => w.text);
  const first = words[0]!.replace(/^[‘’'"`´,.•·]+(?=[A-Za-z0-9])/, '');
  const glued = /^(tab|exhibit|schedule|appendix|document)(.+)$/i.exec(first);
  let rest = words.length === 1 && glued ? glued[2]! : words.slice(1).filter((w) => !/^(no\.?|#)$/i.test(w)).join('');
  rest = rest.replace(/^["“”'‘’]+|["“”'‘’.:]+$/g, '');
  return rest;
}

/**
 * Short rows that may be headings (at most 14 words; a row opening with a label, up to 20: the first line
 * of a long argument heading or question set full width), with any leading label set apart.
 */
export function headingRows(layout: PageLayout, doc: 'source' | 'record'): HeadingRow[] {
  const out: HeadingRow[] = [];
  layout.rows.forEach((r, order) => {
    if (r.words.length === 0 || r.words.length > 20) return;
    let label: string | null = null;
    let text = r.text;
    const m =
      /^(?:part|tab|schedule|appendix|exhibit|section)\s+["“]?([0-9]{1,3}[A-Za-z]?|[A-Za-z]{1,2}|[IVXLC]{1,6})["”]?(?:[.):]|\s+[-–—:])?\s+(.*)$/i.exec(text) ??
      /^(\(?[0-9]{1,3}[A-Za-z]?\)?|\(?[A-Za-z]{1,2}\)?|[IVXLC]{1,6})[.)]\s+(.*)$/.exec(text);
    if (r.words.length > 14 && !m) return;
    // a roman numeral with no stop before a heading in capitals (`IV ANALYSIS OF …`), as OCR may read it
    // too: an I as l (`Ill`), the stop drawn into the last I's stem (`VIL` for `VII.`)
    const bare = m ? null : /^([IVX]{1,4}L|[IVXl]{1,5})\s+([A-Z][A-Z’'-]{2,}(?:\s.*)?)$/.exec(text);
    if (m) {
      label = m[1]!.replace(/[()]/g, '');
      text = m[2]!;
    } else if (bare) {
      label = bare[1]!.replace(/l/g, 'I').replace(/L$/, 'I');
      text = bare[2]!;
    }
    const words = normWords(text);
    if (words.length > 0) out.push({ doc, page: layout.page, words, label, text: r.text, order });
  });
  return out;
}
