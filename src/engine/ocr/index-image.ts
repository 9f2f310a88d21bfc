import type { PixelLine, PixelWord } from './engine-types.ts';
import type { GrayImage } from './narrow-image.ts';

/**
 * What an index page draws that OCR reads as letters. Tesseract reads a row of leader dots as a run
 * of letters (`couiiiiiiiiectieee`, `cccoeveveveeerenrsienenane.`) that swallows the page number after
 * it, and the ruled lines of pleading paper or of a table (the double rule down the left margin, the
 * rule at the right edge next to the page numbers, a heading's underline) as `|`, `[`, `I` or
 * `L` glued to the letters beside them. None of it is text: an index page's image is read with the
 * leaders and the rules taken out (`cleanIndexImage`), and each leader is put back afterwards as a
 * word `.....` with its own box (`restoreLeaders`), so the row reads as its text layer would.
 */

/** Ink: darker than this (a scan's faded black stays well under it; its grey veil well over). */
const INK = 150;
/**
 * Ink of a rule: darker than this. A hairline rule scanned askew comes back in greys on either side of
 * INK, alternating along its length (the left double rule of pleading paper: 120–190), so its runs of
 * INK alone break every few lines and OCR reads the pieces as `|`. The page's white stays well over it.
 */
const RULE_INK = 200;
/** A rule is a straight run of ink at least this long, in inches: vertical, horizontal. */
const RULE_V_IN = 0.6;
const RULE_H_IN = 1.2;
/** Pixels cleared around a leader dot or a black box: the grey fringe a scan leaves. */
const FRINGE = 2;
/** Pixels cleared either side of a rule: less, as the digits of a page number can touch it. */
const RULE_FRINGE = 1;
/** A rule is at most this thick, in inches: a run of ink with ink this far on both sides is a solid block. */
const RULE_MAX_IN = 0.02;
/** A leader mark is at most this wide and tall, in inches (a dot; a dash of a hyphen leader is wider). */
const DOT_IN = 0.035;
const DASH_W_IN = 0.09;
const DASH_H_IN = 0.025;
/** Marks of one leader stand on one line and at most this far apart, in inches. */
const LEADER_GAP_IN = 0.09;
const LEADER_DY_IN = 0.02;
/** A leader has at least this many marks (a period or an ellipsis has fewer). */
const LEADER_MIN_MARKS = 5;
/**
 * A black box: this high, in inches (a label or a line of text blacked out, up to a few lines at once;
 * taller than a bullet), and this much of it ink.
 */
const BOX_MIN_IN = 0.1;
const BOX_MAX_IN = 1;
const BOX_FILL = 0.7;

type Box = [number, number, number, number];

export interface CleanedIndexImage {
  /** A copy of the image with the rules, leaders and black boxes painted white. */
  image: GrayImage;
  /** Where each leader stood, in pixels [x0, y0, x1, y1]. */
  leaders: Box[];
  /** Where each black box of a redacted filing stood, in pixels. */
  redactions: Box[];
  /** How many pixel columns and rows of rules were cleared. */
  rules: number;
}

interface Component {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  n: number;
}

/** Connected groups of ink pixels (8-neighbours) that `skip` leaves, with their boxes and sizes. */
function components(image: GrayImage, skip: Uint8Array): Component[] {
  const { width: w, height: h, pixels } = image;
  const seen = new Uint8Array(w * h);
  const stack = new Int32Array(w * h);
  const out: Component[] = [];
  for (let start = 0; start < w * h; start++) {
    if (seen[start] || skip[start] || pixels[start]! >= INK) continue;
    const c: Component = { x0: w, y0: h, x1: -1, y1: -1, n: 0 };
    let top = 0;
    stack[top++] = start;
    seen[start] = 1;
    while (top > 0) {
      const i = stack[--top]!;
      const x = i % w;
      const y = (i - x) / w;
      c.n++;
      if (x < c.x0) c.x0 = x;
      if (x > c.x1) c.x1 = x;
      if (y < c.y0) c.y0 = y;
      if (y > c.y1) c.y1 = y;
      for (let dy = -1; dy <= 1; dy++) {
        const yy = y + dy;
        if (yy < 0 || yy >= h) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const xx = x + dx;
          if (xx < 0 || xx >= w) continue;
          const j = yy * w + xx;
          if (!seen[j] && !skip[j] && pixels[j]! < INK) {
            seen[j] = 1;
            stack[top++] = j;
          }
        }
      }
    }
    out.push(c);
  }
  return out;
}

/** Marks the long straight runs of ink (rules) in `rule`, with their fringe; returns how many runs. */
function findRules(image: GrayImage, dpi: number, rule: Uint8Array): number {
  const { width: w, height: h, pixels } = image;
  const minV = Math.round(dpi * RULE_V_IN);
  const minH = Math.round(dpi * RULE_H_IN);
  const thick = Math.max(4, Math.round(dpi * RULE_MAX_IN));
  const half = thick >> 1;
  // ink along most of a run, half of `thick` and `thick` pixels off it on one side: the run is part of a
  // solid block (a black box), not a rule (nor one of a double rule, white between the two)
  const inkShare = (from: number, to: number, at: (k: number) => number) => {
    let n = 0;
    for (let k = from; k < to; k++) if (pixels[at(k)]! < RULE_INK) n++;
    return n / Math.max(1, to - from);
  };
  let runs = 0;
  for (let x = 0; x < w; x++) {
    let s = -1;
    for (let y = 0; y <= h; y++) {
      const ink = y < h && pixels[y * w + x]! < RULE_INK;
      if (ink && s < 0) s = y;
      if (!ink && s >= 0) {
        const solid = [-1, 1].some((side) => [half, thick].every((d) => {
          const xx = x + side * d;
          return xx >= 0 && xx < w && inkShare(s, y, (k) => k * w + xx) > 0.8;
        }));
        if (y - s >= minV && !solid) {
          runs++;
          for (let k = s; k < y; k++) for (let d = -RULE_FRINGE; d <= RULE_FRINGE; d++) if (x + d >= 0 && x + d < w) rule[k * w + x + d] = 1;
        }
        s = -1;
      }
    }
  }
  for (let y = 0; y < h; y++) {
    let s = -1;
    for (let x = 0; x <= w; x++) {
      const ink = x < w && pixels[y * w + x]! < RULE_INK;
      if (ink && s < 0) s = x;
      if (!ink && s >= 0) {
        const solid = [-1, 1].some((side) => [half, thick].every((d) => {
          const yy = y + side * d;
          return yy >= 0 && yy < h && inkShare(s, x, (k) => yy * w + k) > 0.8;
        }));
        if (x - s >= minH && !solid) {
          runs++;
          for (let k = s; k < x; k++) for (let d = -RULE_FRINGE; d <= RULE_FRINGE; d++) if (y + d >= 0 && y + d < h) rule[(y + d) * w + k] = 1;
        }
        s = -1;
      }
    }
  }
  return runs;
}

/** Runs of small marks (dots or dashes) evenly along one line: the leaders. */
function findLeaders(marks: Component[], dpi: number): Component[][] {
  const gap = dpi * LEADER_GAP_IN;
  const dy = dpi * LEADER_DY_IN;
  const sorted = [...marks].sort((a, b) => a.x0 - b.x0);
  const used = new Set<Component>();
  const runs: Component[][] = [];
  const cy = (m: Component) => (m.y0 + m.y1) / 2;
  for (const first of sorted) {
    if (used.has(first)) continue;
    const run = [first];
    let last = first;
    for (const m of sorted) {
      if (m.x0 <= last.x1 || used.has(m)) continue;
      if (m.x0 - last.x1 > gap) break;
      // (mark to mark: a page scanned askew carries its leaders askew)
      if (Math.abs(cy(m) - cy(last)) > dy) continue;
      run.push(m);
      last = m;
    }
    if (run.length >= LEADER_MIN_MARKS) {
      for (const m of run) used.add(m);
      runs.push(run);
    }
  }
  return runs;
}

/**
 * Black boxes drawn on lines one under the other that touch (the end of a title blacked out, and the whole
 * line under it): one blot of ink in the shape of an L or a step. Each run of its rows whose longest
 * stretch of ink starts and ends at the same place (within a few pixels) is a box of its own; the
 * candidates, as components, still to be checked as boxes.
 */
function stackedBoxes(image: GrayImage, c: Component, dpi: number): Component[] {
  const cw = c.x1 - c.x0 + 1;
  const ch = c.y1 - c.y0 + 1;
  // (two or three lines of boxes at most, and at least half ink: no paragraph of text is)
  if (ch < 2 * dpi * BOX_MIN_IN || ch > dpi * BOX_MAX_IN || c.n < 0.4 * cw * ch) return [];
  const { width: w, pixels } = image;
  const slack = Math.max(2, Math.round(dpi / 50));
  const out: Component[] = [];
  let cur: Component | null = null;
  for (let y = c.y0; y <= c.y1 + 1; y++) {
    // the row's longest run of ink within the blot's box
    let best: [number, number] | null = null;
    if (y <= c.y1) {
      let start = -1;
      for (let x = c.x0; x <= c.x1 + 1; x++) {
        const ink = x <= c.x1 && pixels[y * w + x]! < INK;
        if (ink && start < 0) start = x;
        if (!ink && start >= 0) {
          if (!best || x - start > best[1] - best[0]) best = [start, x - 1];
          start = -1;
        }
      }
    }
    const long = best !== null && best[1] - best[0] + 1 >= dpi * BOX_MIN_IN;
    if (cur && long && Math.abs(best![0] - cur.x0) <= slack && Math.abs(best![1] - cur.x1) <= slack) {
      cur.y1 = y;
      cur.n += best![1] - best![0] + 1;
      continue;
    }
    if (cur) out.push(cur);
    cur = long ? { x0: best![0], x1: best![1], y0: y, y1: y, n: best![1] - best![0] + 1 } : null;
  }
  return out;
}

/**
 * The image of an index page with its rules and leaders painted white (a copy; `image` is left as it
 * is), and the boxes of the leaders taken out.
 */
export function cleanIndexImage(image: GrayImage, dpi: number): CleanedIndexImage {
  const { width: w, height: h } = image;
  const rule = new Uint8Array(w * h);
  const rules = findRules(image, dpi, rule);
  const dot = dpi * DOT_IN;
  const dashW = dpi * DASH_W_IN;
  const dashH = dpi * DASH_H_IN;
  const all = components(image, rule);
  const marks = all.filter((c) => {
    const cw = c.x1 - c.x0 + 1;
    const ch = c.y1 - c.y0 + 1;
    return (cw <= dot && ch <= dot) || (cw <= dashW && ch <= dashH && cw >= ch);
  });
  // a redacted filing's black boxes: solid ink a line high or more, taller than a bullet
  const isBox = (c: Component) => {
    const cw = c.x1 - c.x0 + 1;
    const ch = c.y1 - c.y0 + 1;
    return ch >= dpi * BOX_MIN_IN && ch <= dpi * BOX_MAX_IN && cw >= 0.5 * ch && c.n >= BOX_FILL * cw * ch;
  };
  // (boxes on lines one under the other that touch make one blot: each is a box of its own)
  const boxes = all.flatMap((c) => {
    const parts = stackedBoxes(image, c, dpi).filter(isBox);
    return parts.length >= 2 || !isBox(c) ? parts : [c];
  });
  const pixels = Uint8Array.from(image.pixels);
  for (let i = 0; i < w * h; i++) if (rule[i]) pixels[i] = 255;
  const leaders: Box[] = [];
  for (const run of findLeaders(marks, dpi)) {
    for (const m of run) {
      for (let y = Math.max(0, m.y0 - FRINGE); y <= Math.min(h - 1, m.y1 + FRINGE); y++) {
        pixels.fill(255, y * w + Math.max(0, m.x0 - FRINGE), y * w + Math.min(w - 1, m.x1 + FRINGE) + 1);
      }
    }
    leaders.push([run[0]!.x0, Math.min(...run.map((m) => m.y0)), run.at(-1)!.x1 + 1, Math.max(...run.map((m) => m.y1)) + 1]);
  }
  const redactions: Box[] = boxes.map((b) => [b.x0, b.y0, b.x1 + 1, b.y1 + 1]);
  for (const [x0, y0, x1, y1] of redactions) {
    for (let y = Math.max(0, y0 - FRINGE); y < Math.min(h, y1 + FRINGE); y++) pixels.fill(255, y * w + Math.max(0, x0 - FRINGE), y * w + Math.min(w, x1 + FRINGE));
  }
  return { image: { width: w, height: h, pixels }, leaders, redactions, rules };
}

/** Three times the median height of the lines read: a line taller than that is text read up the margin. */
function tallLine(lines: PixelLine[]): number {
  const heights = lines.filter((l) => l.words.length > 0)
    .map((l) => Math.max(...l.words.map((w) => w.box[3])) - Math.min(...l.words.map((w) => w.box[1]))).sort((a, b) => a - b);
  return heights.length > 0 ? 3 * heights[heights.length >> 1]! : Infinity;
}

/**
 * The line read across a box (its middle within the line's height, or a little below), nearest first; null
 * when none. (Never text read up the margin, `Verified Correct Copy of Original` stamped sideways: its line
 * spans the rows it runs beside, and a leader put into it would make it a row across all of them.)
 */
function lineAcross(lines: PixelLine[], box: Box, tall: number): PixelLine | null {
  const cy = (box[1] + box[3]) / 2;
  let best: PixelLine | null = null;
  let bestDist = Infinity;
  for (const line of lines) {
    if (line.words.length === 0) continue;
    const top = Math.min(...line.words.map((w) => w.box[1]));
    const bottom = Math.max(...line.words.map((w) => w.box[3]));
    if (bottom - top > tall) continue;
    if (cy < top || cy > bottom + (bottom - top) * 0.25) continue;
    const dist = Math.abs((top + bottom) / 2 - cy);
    if (dist < bestDist) {
      best = line;
      bestDist = dist;
    }
  }
  return best;
}

/** `word` put into `line` in its place by x, in place of the words within its span that `stray` says are marks of it. */
function insertWord(line: PixelLine, word: PixelWord, stray: (w: PixelWord) => boolean): void {
  const [x0, , x1] = word.box;
  const kept = line.words.filter((w) => !(w.box[0] >= x0 - 2 && w.box[2] <= x1 + 2 && stray(w)));
  const at = kept.findIndex((w) => (w.box[0] + w.box[2]) / 2 > (x0 + x1) / 2);
  kept.splice(at < 0 ? kept.length : at, 0, word);
  line.words = kept;
}

/**
 * Each leader taken out of the image put back into the line read across it, as a word `.....` in its
 * place among the line's words (the gap it leaves would otherwise join the title to the page number
 * only by distance); a leader no line crosses is left out. Each black box of a redacted filing is put
 * back as a word `[redacted]` (as the text layer of a redacted filing reads, page-model/redactions.ts), on
 * the line across it or as a line of its own.
 */
export function restoreLeaders(lines: PixelLine[], leaders: Box[], redactions: Box[] = []): PixelLine[] {
  const out = lines.map((l) => ({ words: [...l.words] }));
  const tall = tallLine(out);
  for (const box of redactions) {
    const word: PixelWord = { text: '[redacted]', box, confidence: 90 };
    const line = lineAcross(out, box, tall);
    // (what OCR made of the box's edge, unsure, is gone with it)
    if (line) insertWord(line, word, (w) => w.confidence < 60);
    else out.push({ words: [word] });
  }
  for (const box of leaders) {
    const line = lineAcross(out, box, tall);
    if (!line) continue;
    // the line's height for the leader's box, so that it sits on the row like the words beside it
    const top = Math.min(...line.words.map((w) => w.box[1]));
    const bottom = Math.max(...line.words.map((w) => w.box[3]));
    // (a stray mark of the leader read as a word of its own, `.`, `:`, `·`, goes with it)
    insertWord(line, { text: '.....', box: [box[0], top, box[2], bottom], confidence: 90 }, (w) => !/[A-Za-z0-9]/.test(w.text));
  }
  return out;
}
