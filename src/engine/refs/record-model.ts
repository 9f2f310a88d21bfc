import { layoutPages } from '../page-model/page-layout.ts';
import { printedPageLabels } from '../page-model/printed-labels.ts';
import { pageEvidence } from '../resolve/page-evidence.ts';
import type { PageText } from '../types.ts';
import { designatorKey } from './designators.ts';

/**
 * What a record document shows that references resolve by, read once from the page model: the page
 * numbers printed on its pages and its record stamps (`1-ER-123`, `JA 45`, `ROA.123`, `Appx45`), its tab
 * dividers, its exhibits (slip sheets and commissioner's covers), the pages where its numbered paragraphs
 * stand, and the pages where a transcript's numbered questions stand.
 */
export interface RecordModel {
  pageCount: number;
  /** Per page (index 0 = page 1): the labels it is known by (`123`, `3a`, `A12`), printed number and stamp alike. */
  labels: string[][];
  /** Label → pages carrying it, in order. */
  byLabel: Map<string, number[]>;
  /** A stamp's volume per page, where the stamp names one (`2-ER-345` → 2). */
  stampVolume: Array<string | null>;
  /** Tab label (upper case) → its first page (the divider). */
  tabs: Map<string, number>;
  /** Exhibit label (upper case) → the first page of each exhibit so labelled (the slip sheet or cover), in order: each tab or affidavit may have its own Exhibit C. */
  exhibits: Map<string, Array<{ page: number; slip: boolean }>>;
  /** Paragraph number → the page where it stands. */
  paragraphs: Map<string, number>;
  /** Question number → the page where it stands. */
  questions: Map<string, number>;
  /** Whether most pages carry a label (a numbered record). */
  numbered: boolean;
}

/** A record stamp alone at the end of a header or footer: `1-ER-123`, `JA 45`, `J.A. 45`, `ROA.123`, `Appx45`, `AB 12`. */
const STAMP = /(?:^|\s)(?:(\d{1,2})\s*-\s*)?([A-Z][A-Za-z]{0,3}(?:\.\s?[A-Z]\.?)?\.?)\s?[-.]?\s?(\d{1,6}[a-z]?)$/;
const PARAGRAPH = /^(\d{1,3})\.(?:\s|$)/;
const QUESTION = /^(\d{1,4})\.?\s+(?:Q[.:]|Q\s)/;

export function modelRecord(pages: PageText[]): RecordModel {
  const layouts = layoutPages(pages);
  const printed = printedPageLabels(layouts);
  const labels: string[][] = [];
  const stampVolume: Array<string | null> = [];
  const tabs = new Map<string, number>();
  const exhibits = new Map<string, Array<{ page: number; slip: boolean }>>();
  const paragraphs = new Map<string, number>();
  const questions = new Map<string, number>();
  let lastPara = 0;
  pages.forEach((p, i) => {
    const own = new Set<string>();
    if (printed[i]) own.add(normLabel(printed[i]!));
    const stamp = stampOf(p);
    if (stamp) own.add(normLabel(stamp.page));
    stampVolume.push(stamp?.volume ?? null);
    labels.push([...own]);
    const ev = pageEvidence(layouts[i]!, 'record');
    const div = ev.divider ?? ev.titled;
    if (div?.keyword === 'tab' && !tabs.has(div.label.toUpperCase())) tabs.set(div.label.toUpperCase(), p.page);
    for (const s of ev.stamps) if (s.keyword === 'tab' && s.sub === null && !tabs.has(s.label.toUpperCase())) tabs.set(s.label.toUpperCase(), p.page);
    const exLabel = ev.cover?.label ?? (div?.keyword === 'exhibit' ? div.label : null);
    if (exLabel) {
      const list = exhibits.get(exLabel.toUpperCase()) ?? [];
      list.push({ page: p.page, slip: layouts[i]!.rows.length <= 8 });
      exhibits.set(exLabel.toUpperCase(), list);
    }
    for (const r of layouts[i]!.rows) {
      const q = QUESTION.exec(r.text);
      if (q && !questions.has(q[1]!)) questions.set(q[1]!, p.page);
      const m = PARAGRAPH.exec(r.text);
      // numbered paragraphs go up one by one (a gap of a few where a number was misread); a list's `1.` inside a paragraph does not
      if (m) {
        const n = Number(m[1]);
        if (n > lastPara && n <= lastPara + 3 && !paragraphs.has(String(n))) {
          paragraphs.set(String(n), p.page);
          lastPara = n;
        }
      }
    }
  });
  const byLabel = new Map<string, number[]>();
  labels.forEach((ls, i) => {
    for (const l of ls) {
      const list = byLabel.get(l) ?? [];
      list.push(i + 1);
      byLabel.set(l, list);
    }
  });
  const numbered = labels.filter((l) => l.length > 0).length >= 0.5 * Math.max(1, pages.length);
  return { pageCount: pages.length, labels, byLabel, stampVolume, tabs, exhibits, paragraphs, questions, numbered };
}

/** `A-12` → `A12`, `12A` → `12a`: a page label as compared. */
export function normLabel(s: string): string {
  const t = s.trim().replace(/\s|-/g, '');
  return /^\d+[A-Za-z]$/.test(t) ? t.toLowerCase() : t.toUpperCase();
}

/** The record stamp of a page: its last row in the top or foot band that ends in a family's name and a number. */
function stampOf(p: PageText): { page: string; volume: string | null } | null {
  const h = p.height > 0 ? p.height : 792;
  for (const l of p.lines) {
    if (l.bbox[1] > 0.12 * h && l.bbox[3] < 0.85 * h) continue;
    // an appendix bound into a brief numbers its pages 1a, 2a …
    const bound = /^(\d{1,4}[a-z])$/.exec(l.text.trim());
    if (bound) return { page: bound[1]!, volume: null };
    const m = STAMP.exec(l.text.trim());
    if (!m) continue;
    const key = designatorKey(m[2]!.replace(/\s+/g, ' ').trim());
    if (!key || key === 'DKT' || key === 'EX') continue;
    return { page: m[3]!, volume: m[1] ?? null };
  }
  return null;
}
