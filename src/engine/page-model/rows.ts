import type { BBox, PageText, Word } from '../types.ts';
import { REDACTED } from './redactions.ts';

/**
 * A visual row of a page: every line whose vertical extent overlaps, words sorted left to right.
 * Text layers often split one visual row into several lines (a label `I.` and its title, a page number
 * at the right margin); index rows must be read as whole rows.
 */
export interface Row {
  page: number;
  /** Words left to right; dot leaders are removed and marked on the following word. */
  words: Token[];
  /** Words joined by single spaces (leaders removed). */
  text: string;
  bbox: BBox;
  /** Typical glyph height of the row (points). */
  size: number;
  /** True when the row contained a dot leader (`....`, `. . .`, `___`). */
  leader: boolean;
  /** True when nothing follows the row's leader (the page number after it was not read). */
  endsInLeader?: boolean;
}

export interface Token extends Word {
  /**
   * True when a dot leader or a wide gap (a column break) stands just before this token. Absent on a word
   * of the page taken as it is (a token is the page's own word object where nothing about it changed: a big
   * brief's rows would otherwise copy every word once more). Tokens are never changed in place.
   */
  breakBefore?: boolean;
}

const LEADER_RUN = /(?:\.\s?){3,}|…+|_{3,}|·{3,}|-{4,}/g;

function isLeaderMarks(t: string): boolean {
  return t.length > 0 && /^[.…_·\-]+$/.test(t);
}

/** A dot leader as OCR reads it: garbage of dots, commas and small letters with a very low confidence. */
function isOcrLeader(w: Word): boolean {
  return w.confidence < 25 && /^[.,:;·•«»'"`~_\-ecoanusvi0-9]+$/i.test(w.text);
}

/** A month's name, in full or shortened (`Jan.`, `Sept`), as a regular expression source. */
export const MONTH = '(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\\.?';
/** A word that is a month's name (`JAN`, `March,`). */
export const MONTH_NAME = new RegExp(`^${MONTH},?$`, 'i');
/** The day and year of a date run together as OCR reads them (`16,2019`, `18.2023`). */
const DAY_YEAR = /^(\d{1,2})[,.]\s?((?:19|20)\d\d)([,.;]?)$/;

/** A day of the month whose superscript ordinal OCR read as a mark: `25%`, `6°`, `1*`, `25'"`, `6"`, `6”`. */
const RAISED_ORDINAL = /^([1-9]|[12]\d|3[01])(?:[%°*]|['’]?["”]|['’]{2})(?:th|st|nd|rd)?([,.;]?)$/;

/** The English ordinal suffix of a day: 1st, 2nd, 3rd, 11th, 21st … */
function ordinal(n: number): string {
  if (n % 100 >= 11 && n % 100 <= 13) return 'th';
  return ['th', 'st', 'nd', 'rd'][n % 10] ?? 'th';
}

/** Width of a word per character, in units of the row's glyph height. */
function widthPerChar(w: Word, size: number): number {
  return size > 0 ? (w.bbox[2] - w.bbox[0]) / Math.max(1, [...w.text].length) / size : 0;
}

/**
 * True when token k of an OCR'd row is part of a date (`October`, `16,`, `2019`, `16,2019`) set at the
 * width of ordinary text: a date closing a description often comes back at a low confidence next to
 * the leader, but it is text, not leader junk.
 */
function isDatePart(tokens: Word[], k: number, size: number): boolean {
  const t = tokens[k]!;
  if (widthPerChar(t, size) > 1.2) return false;
  if (MONTH_NAME.test(t.text)) return k > 0;
  const prev = tokens[k - 1]?.text ?? '';
  if (MONTH_NAME.test(prev)) return /^\d{1,2}[,.]?$/.test(t.text) || DAY_YEAR.test(t.text) || /^(?:19|20)\d\d[,.;]?$/.test(t.text);
  return /^\d{1,2},$/.test(prev) && MONTH_NAME.test(tokens[k - 2]?.text ?? '') && /^(?:19|20)\d\d[,.;]?$/.test(t.text);
}

/** Whether word i is one of a run of words of leader marks long enough to be a leader (`. . . .`). */
function inLeaderRun(words: Word[], i: number): boolean {
  if (!isLeaderMarks(words[i]!.text)) return false;
  let from = i;
  let to = i;
  while (from > 0 && isLeaderMarks(words[from - 1]!.text)) from--;
  while (to + 1 < words.length && isLeaderMarks(words[to + 1]!.text)) to++;
  let chars = 0;
  for (let k = from; k <= to; k++) chars += words[k]!.text.length;
  return to > from && chars >= 3;
}

/** True when a word may hold a leader run (three dots, underscores, middle dots or dashes, or an ellipsis). */
function mayHoldLeader(t: string): boolean {
  let run = 0;
  for (let i = 0; i < t.length; i++) {
    const c = t.charCodeAt(i);
    if (c === 0x2026) return true; // …
    if (c === 46 || c === 95 || c === 0xb7 || c === 45) {
      if (++run >= 3) return true;
    } else if (!(c === 32 && run > 0)) run = 0;
  }
  return false;
}

/** Splits a word around dot-leader runs; returns the parts and whether a leader was met. */
function splitLeaders(w: Word): Array<Word & { leader: boolean }> {
  const t = w.text;
  const out: Array<Word & { leader: boolean }> = [];
  const [x0, y0, x1, y1] = w.bbox;
  const perChar = t.length > 0 ? (x1 - x0) / t.length : 0;
  let last = 0;
  let leaderPending = false;
  for (const m of t.matchAll(LEADER_RUN)) {
    const start = m.index;
    if (start > last) {
      out.push({ text: t.slice(last, start), bbox: [x0 + last * perChar, y0, x0 + start * perChar, y1], confidence: w.confidence, leader: leaderPending });
    }
    leaderPending = true;
    last = start + m[0].length;
  }
  if (last < t.length) {
    out.push({ text: t.slice(last), bbox: [x0 + last * perChar, y0, x1, y1], confidence: w.confidence, leader: leaderPending });
    leaderPending = false;
  }
  if (leaderPending) out.push({ text: '', bbox: [x1, y0, x1, y1], confidence: w.confidence, leader: true });
  return out;
}

function height(b: BBox): number {
  return Math.max(0, b[3] - b[1]);
}

function overlap(a: BBox, b: BBox): number {
  return Math.max(0, Math.min(a[3], b[3]) - Math.max(a[1], b[1]));
}

/** Words with boxes spread in proportion to their characters, for a line reported without words. */
function wordsOfLine(text: string, bbox: BBox, confidence: number): Word[] {
  const perChar = text.length > 0 ? (bbox[2] - bbox[0]) / text.length : 0;
  const out: Word[] = [];
  for (const m of text.matchAll(/\S+/g)) {
    const x0 = bbox[0] + m.index * perChar;
    out.push({ text: m[0], bbox: [x0, bbox[1], x0 + m[0].length * perChar, bbox[3]], confidence });
  }
  return out;
}

const cache = new WeakMap<PageText, Row[]>();

/** Groups a page's lines into visual rows, top to bottom (cached per page object). */
export function pageRows(page: PageText): Row[] {
  let rows = cache.get(page);
  if (!rows) {
    rows = groupRows(page);
    cache.set(page, rows);
  }
  return rows;
}

/** Below this slope (about 0.3°) a scan is taken as straight. */
const MIN_SKEW = 0.005;

/**
 * The slope (dy/dx) of a scanned page's text rows, from its OCR'd lines: the median over lines of
 * three words or more, fitted through the centres of their words. 0 for a straight page.
 */
export function pageSkew(lines: Array<{ words: Word[] }>): number {
  const slopes: number[] = [];
  for (const l of lines) {
    if (l.words.length < 3) continue;
    const xs = l.words.map((w) => (w.bbox[0] + w.bbox[2]) / 2);
    const ys = l.words.map((w) => (w.bbox[1] + w.bbox[3]) / 2);
    if (xs[xs.length - 1]! - xs[0]! < 120) continue;
    const mx = xs.reduce((a, b) => a + b, 0) / xs.length;
    const my = ys.reduce((a, b) => a + b, 0) / ys.length;
    let num = 0;
    let den = 0;
    xs.forEach((x, i) => {
      num += (x - mx) * (ys[i]! - my);
      den += (x - mx) ** 2;
    });
    if (den > 0) slopes.push(num / den);
  }
  if (slopes.length < 3) return 0;
  slopes.sort((a, b) => a - b);
  const median = slopes[Math.floor(slopes.length / 2)]!;
  return Math.abs(median) < MIN_SKEW ? 0 : median;
}

/**
 * Text set diagonally across the page (a CONFIDENTIAL or DRAFT watermark): its box is about as tall as it is
 * wide and far taller than its letters, so it would overlap, and join, every row it crosses. It is no row.
 */
export function isDiagonal(bbox: BBox, text: string): boolean {
  const w = bbox[2] - bbox[0];
  const h = bbox[3] - bbox[1];
  // (the box's shape first: most lines are far wider than tall, and counting characters costs more)
  // (and a watermark is large: a short narrow label such as `ii.` has a box of much the same shape)
  if (h < 40 || w / h < 0.6 || w / h > 3) return false;
  const chars = text.replace(/\s+/g, '').length;
  return chars >= 3 && h > 4.5 * (w / chars);
}

/** Slope (dy/dx) through the centres of a line's words, for a line of three words or more spanning 80 pt; else null. */
function wordSlope(words: Word[]): number | null {
  const n = words.length;
  if (n < 3) return null;
  // one pass, no arrays: this runs on every line of every page
  let sx = 0;
  let sy = 0;
  let sxx = 0;
  let sxy = 0;
  let lo = Infinity;
  let hi = -Infinity;
  for (const w of words) {
    const x = (w.bbox[0] + w.bbox[2]) / 2;
    const y = (w.bbox[1] + w.bbox[3]) / 2;
    sx += x;
    sy += y;
    sxx += x * x;
    sxy += x * y;
    if (x < lo) lo = x;
    if (x > hi) hi = x;
  }
  if (hi - lo < 80) return null;
  const den = sxx - (sx * sx) / n;
  return den > 0 ? (sxy - (sx * sy) / n) / den : null;
}

/**
 * A line set askew on a straight page (a registry stamp `RECEIVED MAR 14 2024` turned a few degrees): its
 * words climb or fall along it (more than 3° off the page's own slant), and its box would join the rows it crosses.
 */
export function isAskew(words: Word[], skew: number): boolean {
  const s = wordSlope(words);
  if (s === null || Math.abs(s - skew) <= 0.055) return false;
  // Every word steps the same way (a superscript or a jittery box does not make a line askew).
  const sorted = [...words].sort((a, b) => a.bbox[0] - b.bbox[0]);
  const centre = (w: Word) => [(w.bbox[0] + w.bbox[2]) / 2, (w.bbox[1] + w.bbox[3]) / 2] as const;
  for (let i = 1; i < sorted.length; i++) {
    const [x0, y0] = centre(sorted[i - 1]!);
    const [x1, y1] = centre(sorted[i]!);
    if (x1 <= x0 || ((y1 - y0) / (x1 - x0) - skew) * Math.sign(s - skew) < 0.02) return false;
  }
  return true;
}

/** Text running up or down the page (turned 90°, `TAB 3` on a tab strip): a box several times taller than wide. */
export function isUpright(bbox: BBox, text: string): boolean {
  const w = bbox[2] - bbox[0];
  const h = bbox[3] - bbox[1];
  return w > 0 && h > 2 * w && text.replace(/\s+/g, '').length >= 3;
}

function groupRows(page: PageText): Row[] {
  const lines = page.lines
    .filter((l) => l.words.length > 0 || l.text.trim() !== '')
    .filter((l) => !isDiagonal(l.bbox, l.text))
    .map((l) => ({
      bbox: l.bbox,
      text: l.text,
      words: l.words.length > 0 ? l.words : wordsOfLine(l.text, l.bbox, page.source === 'ocr' ? page.confidence : 100),
    }));
  // On a skewed scan a line's box is as tall as its slant, and a short label at the left overlaps the
  // boxes of two lines: lines are compared by the band of their words with the slant taken out (the
  // median word centre and height, so that a leader read as one tall word does not widen it). So on a
  // straight scan too: one word boxed with a speck below it reaches into the next line.
  const skew = page.source === 'ocr' ? pageSkew(lines) : 0;
  const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const band = (l: { bbox: BBox; words: Word[] }): BBox => {
    if (page.source !== 'ocr' || l.words.length === 0) return l.bbox;
    const centre = median(l.words.map((w) => (w.bbox[1] + w.bbox[3]) / 2 - skew * ((w.bbox[0] + w.bbox[2]) / 2)));
    const half = median(l.words.map((w) => height(w.bbox))) / 2;
    return [l.bbox[0], centre - half, l.bbox[2], centre + half];
  };
  const sorted = lines.filter((l) => page.source === 'ocr' || !isAskew(l.words, skew)).map((l) => ({ bbox: l.bbox, text: l.text, words: l.words, band: band(l) }))
    .sort((a, b) => a.band[1] + a.band[3] - (b.band[1] + b.band[3]));

  const groups: Array<{ bbox: BBox; band: BBox; words: Word[]; upright?: boolean }> = [];
  for (const l of sorted) {
    const g = groups[groups.length - 1];
    // Text turned 90° (a tab strip at the page edge) overlaps the rows beside it but is a row of its own.
    if (isUpright(l.bbox, l.text)) {
      groups.push({ bbox: [...l.bbox], band: [...l.band], words: [...l.words], upright: true });
      continue;
    }
    if (g && !g.upright && overlap(g.band, l.band) >= 0.5 * Math.min(height(g.band), height(l.band)) && height(l.band) > 0) {
      if (page.source === 'ocr') {
        // (whichever of the two lines holds the pieces)
        const kept = g.words.filter((w) => !readTwice(w, l.words));
        g.words = [...kept, ...l.words.filter((w) => !readTwice(w, kept))];
      } else g.words.push(...l.words);
      g.bbox = [Math.min(g.bbox[0], l.bbox[0]), Math.min(g.bbox[1], l.bbox[1]), Math.max(g.bbox[2], l.bbox[2]), Math.max(g.bbox[3], l.bbox[3])];
      g.band = [g.bbox[0], Math.min(g.band[1], l.band[1]), g.bbox[2], Math.max(g.band[3], l.band[3])];
    } else {
      groups.push({ bbox: [...l.bbox], band: [...l.band], words: [...l.words] });
    }
  }

  return groups.map((g) => buildRow(page.page, g.bbox, g.words, page.scan === true, page.width));
}

/**
 * A piece of a word OCR read again on a line of its own over the same row (`Party liability` with `y` and
 * `liabil` on a second line): its text is part of a word of the row that its box lies in, or ends right where
 * that word ends.
 */
export function readTwice(w: Word, row: readonly Word[]): boolean {
  const text = w.text.trim();
  if (!/\p{L}/u.test(text)) return false;
  return row.some((o) => {
    if (o.text.length <= text.length || !o.text.includes(text)) return false;
    const inside = Math.min(w.bbox[2], o.bbox[2]) - Math.max(w.bbox[0], o.bbox[0]) >= 0.5 * (w.bbox[2] - w.bbox[0]);
    const atEnd = o.text.endsWith(text) && Math.abs(w.bbox[0] - o.bbox[2]) <= 2;
    return inside || atEnd;
  });
}

/** `scan`: the page is an image whose text layer another program's OCR made (its words read as OCR's are). */
function buildRow(page: number, bbox: BBox, words: Word[], scan = false, pageWidth = 0): Row {
  let inOrder = true;
  for (let i = 1; i < words.length && inOrder; i++) inOrder = words[i - 1]!.bbox[0] <= words[i]!.bbox[0];
  const sorted = inOrder ? words : [...words].sort((a, b) => a.bbox[0] - b.bbox[0]);
  let sum = 0;
  for (const w of sorted) sum += height(w.bbox);
  const size = (sorted.length > 0 ? sum / sorted.length : 0) || height(bbox);
  const tokens: Token[] = [];
  let leader = false;
  let pendingBreak = false;
  let prevRight: number | null = null;
  // where leaders of real marks (dots, dashes) stood: the number of tokens before each
  const marksAt: number[] = [];
  // the left and right edge of the last word that is all leader marks
  let leaderSpan: [number, number] | null = null;
  const push = (text: string, bbox: BBox, confidence: number, isLeader: boolean, marks = false, word?: Word): void => {
    if (isLeader) {
      leader = true;
      pendingBreak = true;
      if (marks) marksAt.push(tokens.length);
    }
    const trimmed = text.trim();
    if (trimmed === '') return;
    const gap = prevRight === null ? 0 : bbox[0] - prevRight;
    // (a black box of a redacted filing stands apart from what follows it, like a gap)
    const breakBefore = pendingBreak || gap > 0.9 * size || tokens[tokens.length - 1]?.text === REDACTED;
    tokens.push(!breakBefore && word && word.text === trimmed ? word : { text: trimmed, bbox, confidence, breakBefore });
    pendingBreak = false;
    prevRight = bbox[2];
  };
  for (let i = 0; i < sorted.length; i++) {
    const w = sorted[i]!;
    // a speck OCR read as a mark or two of punctuation, unsure, is no word (`.`, `-`, `’` beside a row)
    // (a dot among other dots is part of a leader)
    // (a bar stays: `26 | COMPLAINT …` is a footer's page number and title)
    if (w.confidence < 60 && [...w.text].length <= 2 && !/[\p{L}\p{N}&§|]/u.test(w.text) && !inLeaderRun(sorted, i)) continue;
    // a stop standing alone between two words read by OCR (`trial . by jury`, or black boxes: `[redacted] . [redacted]`): a speck
    if (w.confidence < 100 && w.text === '.' && i > 0 && i + 1 < sorted.length && /\p{L}/u.test(sorted[i - 1]!.text) &&
        /^[\p{L}[]/u.test(sorted[i + 1]!.text) && !inLeaderRun(sorted, i)) continue;
    // a speck read as a letter, unsure: one character no wider than a hairline
    if (w.confidence < 60 && [...w.text].length === 1 && w.bbox[2] - w.bbox[0] < 0.2 * size) continue;
    // a speck read by OCR as a word or two of marks (`0`, `s.`, `-`), however sure: a box a third of a letter
    // high and wide, smaller than any word of the row's type (or, on a row of nothing but specks, of 6 pt type)
    const tiny = 0.35 * Math.max(size, 6);
    if (w.confidence < 100 && [...w.text].length <= 2 && height(w.bbox) < tiny && w.bbox[2] - w.bbox[0] < tiny && !inLeaderRun(sorted, i)) continue;
    // a mark or two read unsure over a word read sure (a speck on the line above, boxed into this row's words)
    if (w.confidence < 40 && [...w.text].length <= 2 && sorted.some((o) => o !== w && o.confidence >= 80 && /\p{L}/u.test(o.text) &&
        Math.min(o.bbox[2], w.bbox[2]) - Math.max(o.bbox[0], w.bbox[0]) > 0.5 * (w.bbox[2] - w.bbox[0]))) continue;
    // a piece of a ruled line read as a bar, unsure: taller than the row's letters (`Detail | Report`)
    if (w.confidence < 60 && w.text === '|' && height(w.bbox) > 1.3 * size) continue;
    // a letter or two OCR was unsure of, read over a leader's span (`CONCLUSION ..... i 25`): a mark of it
    if (w.confidence < 60 && [...w.text].length <= 2 && leaderSpan && w.bbox[0] >= leaderSpan[0] - 2 && w.bbox[2] <= leaderSpan[1] + 2) continue;
    if (mayHoldLeader(w.text) && w.text.replace(/[.…_·\-\s]/g, '') === '') leaderSpan = [w.bbox[0], w.bbox[2]];
    // A day after its month with its ordinal set superscript, which OCR reads as a mark (`JAN 25%`, `March 6°`):
    // the day and its ordinal (`25th`, `6th`).
    // (the month in capitals or capitalised: `may 25%` is a verb and a percentage)
    const month = tokens[tokens.length - 1]?.text ?? '';
    const raised = (w.confidence < 100 || scan) && MONTH_NAME.test(month) && /^[A-Z]/.test(month) ? RAISED_ORDINAL.exec(w.text) : null;
    if (raised) {
      push(`${raised[1]}${ordinal(Number(raised[1]))}${raised[2]}`, w.bbox, w.confidence, false);
      continue;
    }
    // A possessive whose apostrophe OCR lost, its s boxed over the end of the word (`COPA` `s` for COPA’s).
    const before = tokens[tokens.length - 1];
    if (w.confidence < 100 && w.text === 's' && before && !pendingBreak && /\p{L}{2}$/u.test(before.text) && w.bbox[0] > before.bbox[0] && w.bbox[0] < before.bbox[2]) {
      tokens[tokens.length - 1] = { ...before, text: `${before.text}’s`, bbox: [before.bbox[0], before.bbox[1], Math.max(before.bbox[2], w.bbox[2]), before.bbox[3]] };
      prevRight = Math.max(prevRight ?? w.bbox[2], w.bbox[2]);
      continue;
    }
    // The end of a date after its month, however low its confidence, is text; `18.2023` is `18, 2023`.
    if (w.confidence < 100 && tokens.length > 0 && !pendingBreak && isDatePart([...tokens, w], tokens.length, size)) {
      const m = DAY_YEAR.exec(w.text);
      push(m && MONTH_NAME.test(tokens[tokens.length - 1]!.text) ? `${m[1]}, ${m[2]}${m[3]}` : w.text, w.bbox, w.confidence, false);
      continue;
    }
    // A leader read as a few letters stretched over its length (`vrei`, `TT`) is no word; nor is one
    // opening a line whose box runs over the next word (`020` spread over a whole line before `TT 93`).
    // (a word alone on its row is no leader: `o1-`, a footer's `- 1 -` as OCR reads it)
    const alone = sorted.length === 1;
    if (!alone && w.confidence < 60 && w.text.length <= 12 && widthPerChar(w, size) > 1.5) {
      const next = sorted[i + 1];
      if (i > 0 || (next && w.bbox[2] > (next.bbox[0] + next.bbox[2]) / 2)) {
        push('', w.bbox, w.confidence, true);
        // Digits closing the last such word of a row are the page number the leader ran into (`03` spread
        // over the leader for 3): kept at its right end, where the page column is, as a number read fairly.
        const digits = /\d{1,4}$/.exec(w.text)?.[0]?.replace(/^0+(?=\d)/, '');
        if (digits && digits !== '0' && !sorted.slice(i + 1).some((x) => /\d/.test(x.text))) {
          push(digits, [Math.max(w.bbox[0], w.bbox[2] - digits.length * 0.6 * size), w.bbox[1], w.bbox[2], w.bbox[3]], Math.max(w.confidence, 60), false);
        }
        continue;
      }
    }
    // A leader written as separate dots (`. . . .`): a run of three or more words made of leader marks.
    // (not a row's first word when it reads as a label, `4.`, `C2.`, `iv.`, however unsure OCR was of it)
    // (nor a number closing the row glued to the title before it, `CONCLUSION.94` read as `CONCLUSION.` and
    // `94` boxed over its end: its page number, however unsure OCR was of both)
    const glued = i === sorted.length - 1 && gluedNumber(w, tokens[tokens.length - 1], size);
    if (!alone && !glued && isOcrLeader(w) && !(tokens.length === 0 && /^[(["']?[A-Za-z]?\d{1,3}[.)]$|^[(["']?[A-Za-z]{1,4}[.)]$/.test(w.text))) {
      // (a leader runs from a title to its page number: opening a row before words, `oo  INDEX`, it is a speck)
      if (tokens.length === 0 && /\p{L}{2}/u.test(sorted[i + 1]?.text ?? '')) continue;
      push('', w.bbox, w.confidence, true);
      continue;
    }
    if (isLeaderMarks(w.text)) {
      let j = i;
      let chars = 0;
      while (j < sorted.length && isLeaderMarks(sorted[j]!.text)) chars += sorted[j++]!.text.length;
      if (chars >= 3 && j - i >= 2) {
        push('', w.bbox, w.confidence, true, true);
        i = j - 1;
        continue;
      }
    }
    if (!mayHoldLeader(w.text)) push(w.text, w.bbox, w.confidence, false, false, w);
    else for (const part of splitLeaders(w)) push(part.text, part.bbox, part.confidence, part.leader, part.leader);
  }
  // a number right after a leader of real marks is the page number, however low OCR's confidence in it
  const lastMarks = marksAt.length > 0 ? marksAt[marksAt.length - 1]! : -1;
  const numberAfterMarks = lastMarks === tokens.length - 1 && lastMarks >= 1;
  leader = dropOcrLeaderTail(tokens, size, numberAfterMarks, pageWidth) || leader;
  // nothing kept after the last leader of real marks: the page number after it was not read
  const endsInLeader = lastMarks >= 1 && lastMarks >= tokens.length;
  // A row read by OCR starts where its first word kept does: specks set aside before it do not move it.
  const start = tokens[0]?.confidence !== undefined && tokens[0].confidence < 100 ? tokens[0].bbox[0] : bbox[0];
  const box: BBox = start > bbox[0] ? [start, bbox[1], bbox[2], bbox[3]] : bbox;
  return { page, words: tokens, text: tokens.map((t) => t.text).join(' '), bbox: box, size, leader, ...(endsInLeader ? { endsInLeader } : {}) };
}

/** A number glued to the word before it (`CONCLUSION.94`, the number boxed over the word's end): a page number. */
function gluedNumber(w: Word, before: Word | undefined, size: number): boolean {
  return before !== undefined && /^[1-9]\d{0,3}$/.test(w.text) && /\p{L}{2}/u.test(before.text) && w.bbox[0] <= before.bbox[2] + 0.2 * size;
}

/**
 * OCR reads a dot leader as low-confidence garbage (`eee ete`, `Lee eebneae`) before the page number:
 * drop such a run before a final number (confidence < 40) or at the very end (confidence < 20).
 * Returns true when a run was dropped (the row then has a leader).
 */
function dropOcrLeaderTail(tokens: Token[], size: number, numberAfterMarks = false, pageWidth = 0): boolean {
  const n = tokens.length;
  if (n < 3) return false;
  // a leader of real marks before the number: what stands before it is the title, however unsure OCR was
  if (numberAfterMarks) return false;
  const numberLast = /^[\dIlO]{1,4}$/.test(tokens[n - 1]!.text) && (tokens[n - 1]!.confidence >= 60 || gluedNumber(tokens[n - 1]!, tokens[n - 2], size));
  // (with no number after it, a leader still runs to the page column: a word unsure of, ending a short line of
  // a wrapped title, `regarding Jodi O'Malley).`, is the title's)
  if (!numberLast && pageWidth > 0 && tokens[n - 1]!.bbox[2] < 0.6 * pageWidth) return false;
  const limit = numberLast ? 40 : 20;
  let j = numberLast ? n - 2 : n - 1;
  const end = j;
  // The word after the first is kept: it opens the description (small capitals read at a low confidence)
  // or the row holds nothing else.
  while (j >= 2 && tokens[j]!.confidence < limit && tokens[j]!.text.length <= 12 && !isDatePart(tokens, j, size)) j--;
  if (j === end) return false;
  tokens.splice(j + 1, end - j);
  if (numberLast) tokens[j + 1] = { ...tokens[j + 1]!, breakBefore: true };
  return true;
}

/** Cells of a row: runs of tokens separated by a leader or a wide gap. */
export function rowCells(row: Row): Token[][] {
  const cells: Token[][] = [];
  for (const t of row.words) {
    if (cells.length === 0 || t.breakBefore) cells.push([t]);
    else cells[cells.length - 1]!.push(t);
  }
  return cells;
}

/** A row made of some of another row's words (a column of it, or words moved between rows). */
export function rowFromTokens(page: number, words: Token[], size: number, leader: boolean): Row {
  const ws = words.map((w, i) => (i === 0 && w.breakBefore ? { ...w, breakBefore: false } : w));
  let bbox: BBox = [...ws[0]!.bbox];
  for (const w of ws) bbox = unionBox(bbox, w.bbox);
  return { page, words: ws, text: ws.map((w) => w.text).join(' '), bbox, size, leader };
}

export function unionBox(a: BBox, b: BBox): BBox {
  return [Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[2], b[2]), Math.max(a[3], b[3])];
}

/**
 * Lower-case words of a text, letters and digits only (for matching descriptions and headings). (One pass
 * over the words, each rule only where it can apply: this runs on every short row of every page.)
 */
export function normWords(text: string): string[] {
  const lower = text.toLowerCase();
  const ascii = /^[\x00-\x7f]*$/.test(lower);
  const out: string[] = [];
  for (let w of (ascii ? lower : lower.normalize('NFKD').replace(/[\u0300-\u036f]/g, '')).replace(/[’‘`]/g, "'").split(/[^a-z0-9']+/)) {
    // (a possessive is the word itself: OCR drops or misreads its 's, `COPA application` for `COPA’s application`)
    if (w.includes("'")) w = w.replace(/^'+|'+$/g, '').replace(/'s$/, '');
    if (w.length === 0) continue;
    if (/\d/.test(w)) {
      // OCR reads digits as letters inside numbers (2O21, l9): read such words back as digits.
      if (/^[0-9lo]+$/.test(w)) w = w.replace(/l/g, '1').replace(/o/g, '0');
      // (an ordinal is its number: `March 6th` heads a page as `March 6`, its superscript lost or read as a mark)
      w = w.replace(/^(\d{1,4})(?:st|nd|rd|th)$/, '$1');
    }
    out.push(w);
  }
  return out;
}
