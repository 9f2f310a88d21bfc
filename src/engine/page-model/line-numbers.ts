import type { PageText, Word } from '../types.ts';

/**
 * Line numbers printed down a margin: US pleading paper numbers its 28 lines on every page, a
 * transcript its 25. They are neither labels nor content, and a line that carries no number must read
 * the same as one that does. A margin column of small integers counts as line numbers when its numbers
 * run on (1, 2, 3 …), are set at an even pitch, and the same column stands on most pages of the
 * document (an index whose rows are numbered 1, 2, 3 stands on its own pages only).
 */
export interface NumberColumn {
  /** Right edge of the numbers (they are set flush right), in points. */
  right: number;
  /** Left edge of the leftmost number. */
  left: number;
  /** The first number (top of the page) and how many there are. */
  first: number;
  count: number;
  /** How many of the numbers have nothing beside them (a numbered line left blank). */
  blank: number;
}

interface Num { word: Word; value: number; y: number }

const MARGIN_SHARE = 0.25;
const MIN_NUMBERS = 8;
/** On a page read only in its top and footer bands (the quick reading), the few numbers those show. */
const MIN_NUMBERS_PARTIAL = 4;

/** Candidate columns of one page: numbers flush right within 3 pt of each other, running on at an even pitch. */
export function numberColumns(p: PageText): NumberColumn[] {
  const w = p.width > 0 ? p.width : 612;
  const nums: Num[] = [];
  for (const l of p.lines) {
    for (const word of l.words) {
      const t = word.text;
      // (every word of every page passes here: the cheap test first)
      if (t.length > 2 || t.charCodeAt(0) < 48 || t.charCodeAt(0) > 57 || !/^\d{1,2}$/.test(t)) continue;
      const value = Number(t);
      if (value < 1 || value > 40) continue;
      const inMargin = word.bbox[2] <= MARGIN_SHARE * w || word.bbox[0] >= (1 - MARGIN_SHARE) * w;
      if (inMargin) nums.push({ word, value, y: (word.bbox[1] + word.bbox[3]) / 2 });
    }
  }
  const min = p.partial ? MIN_NUMBERS_PARTIAL : MIN_NUMBERS;
  if (nums.length < min) return [];
  nums.sort((a, b) => a.word.bbox[2] - b.word.bbox[2]);
  const out: NumberColumn[] = [];
  let start = 0;
  for (let i = 1; i <= nums.length; i++) {
    if (i < nums.length && nums[i]!.word.bbox[2] - nums[i - 1]!.word.bbox[2] <= 3) continue;
    const group = nums.slice(start, i);
    start = i;
    // (read by OCR, some numbers come back misread: `5` for 2, `29` for 22)
    const run = group.length >= min ? runsOn(group, p.source === 'ocr' ? 0.65 : 0.8, min) : null;
    if (run) {
      const right = Math.max(...group.map((g) => g.word.bbox[2]));
      out.push({ right, left: Math.min(...group.map((g) => g.word.bbox[0])), ...run, blank: blankBeside(p, group, right) });
    }
  }
  return out;
}

/** How many of the numbers have no word beside them to their right (their line of the page left blank). */
function blankBeside(p: PageText, group: Num[], right: number): number {
  // (a speck OCR read as a mark, `.`, `:`, `)`, is nothing on the line)
  const words = p.lines.flatMap((l) => l.words).filter((w) => w.bbox[0] > right + 6 && /[\p{L}\p{N}]/u.test(w.text));
  return group.filter((g) => !words.some((w) => w.bbox[1] < g.word.bbox[3] && w.bbox[3] > g.word.bbox[1])).length;
}

/**
 * Numbers that, top to bottom, mostly count up by one at a nearly even pitch (or two or three pitches
 * apart): their first and count; else null.
 */
function runsOn(group: Num[], share: number, min = MIN_NUMBERS): { first: number; count: number } | null {
  // One number per height: a page drawn twice over (the same column repeated) counts once.
  const byY = new Map<number, Num>();
  for (const g of group) byY.set(Math.round(g.y), g);
  const seq = [...byY.values()].sort((a, b) => a.y - b.y);
  if (seq.length < min) return null;
  let next = 0;
  const gaps: number[] = [];
  for (let i = 1; i < seq.length; i++) {
    if (seq[i]!.value === seq[i - 1]!.value + 1) {
      next++;
      gaps.push(seq[i]!.y - seq[i - 1]!.y);
    }
  }
  if (next < share * (seq.length - 1) || gaps.length < min - 1) return null;
  gaps.sort((a, b) => a - b);
  const median = gaps[gaps.length >> 1]!;
  // (on the page's grid: a reporter's index sets a wrapped line between two numbered lines, two pitches apart)
  const onGrid = (g: number) => [1, 2, 3].some((k) => Math.abs(g - k * median) <= 0.15 * median);
  const even = gaps.filter(onGrid).length;
  return median > 0 && even >= 0.8 * gaps.length ? { first: seq[0]!.value, count: seq.length } : null;
}

/**
 * The line-number columns of a document: page columns that recur (same right edge within 4 pt) on at
 * least half of the pages with text, and on two pages or more; or that number a whole page from 1 (20
 * lines or more) on two pages or more, as the pleading pages of a declaration filed with its exhibits
 * do (an index numbered 1, 2, 3 runs on from page to page instead of starting again).
 */
export function documentNumberColumns(pages: PageText[]): NumberColumn[] {
  const perPage = pages.map(numberColumns);
  const withText = pages.filter((p) => p.lines.length > 0).length;
  const need = Math.max(2, Math.ceil(0.5 * withText));
  const out: NumberColumn[] = [];
  for (const cols of perPage) {
    for (const c of cols) {
      if (out.some((o) => Math.abs(o.right - c.right) <= 4)) continue;
      const same = perPage.flatMap((cs) => cs.filter((x) => Math.abs(x.right - c.right) <= 4));
      const fromOne = same.filter((x) => x.first <= 2 && x.count >= 20).length;
      // a page's full column with numbered lines left blank: line numbers, where a scan read the other
      // pages' margins too poorly to show them (an index numbered 1, 2, 3 has a row beside every number)
      const ruled = same.some((x) => x.count >= 20 && x.blank >= 2);
      if (same.length >= need || (same.length >= 2 && fromOne >= 2) || ruled) out.push(c);
    }
  }
  return out;
}

/**
 * The page without the words of its line-number columns (lines left empty are dropped). On a page read
 * by OCR a line number is often misread (`®` for 9, `is` for 15, `5s` for 25, `10°`): there every word
 * that stands wholly left of a left margin column's right edge is one of its numbers or margin specks,
 * whatever it reads.
 */
export function withoutLineNumbers(p: PageText, cols: NumberColumn[]): PageText {
  if (cols.length === 0) return p;
  const ocr = p.source === 'ocr';
  // (and what stands wholly left of the column, out in the margin: specks, a stamp up the edge)
  const inBand = (word: Word, c: NumberColumn) => word.bbox[2] <= c.right + 4 && c.left < 0.25 * (p.width || 612);
  // (a number OCR read with a speck beside it, `20.`, `8°` or `22` boxed wider than its digits, starts in the column)
  const startsIn = (word: Word, c: NumberColumn) => /^\d{1,2}[.,:;'’°"”*^]?$/.test(word.text) && word.bbox[0] >= c.left - 6 && word.bbox[0] <= c.right;
  const isNumber = (word: Word) =>
    (/^\d{1,2}$/.test(word.text) && cols.some((c) => Math.abs(word.bbox[2] - c.right) <= 4 && word.bbox[0] >= c.left - 6)) ||
    (ocr && cols.some((c) => inBand(word, c) || startsIn(word, c)));
  let changed = false;
  const lines = [];
  for (const l of p.lines) {
    if (!l.words.some(isNumber)) {
      lines.push(l);
      continue;
    }
    changed = true;
    const words = l.words.filter((word) => !isNumber(word));
    if (words.length === 0) continue;
    const bbox: Word['bbox'] = [
      Math.min(...words.map((x) => x.bbox[0])), Math.min(...words.map((x) => x.bbox[1])),
      Math.max(...words.map((x) => x.bbox[2])), Math.max(...words.map((x) => x.bbox[3])),
    ];
    lines.push({ text: words.map((x) => x.text).join(' '), bbox, words });
  }
  return changed ? { ...p, lines } : p;
}
