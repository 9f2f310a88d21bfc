import type { BBox, Line, PageText, Word } from '../types.ts';

/** What a blacked-out span of a line reads as. */
export const REDACTED = '[redacted]';

/** Boxes closer than this (points, about two spaces) on one line are one span blacked out. */
const JOIN_GAP = 12;

function overlapArea(a: BBox, b: BBox): number {
  const w = Math.min(a[2], b[2]) - Math.max(a[0], b[0]);
  const h = Math.min(a[3], b[3]) - Math.max(a[1], b[1]);
  return w > 0 && h > 0 ? w * h : 0;
}

const area = (b: BBox) => Math.max(0, b[2] - b[0]) * Math.max(0, b[3] - b[1]);

/**
 * A redacted filing's page with each black box read as a word `[redacted]` where it stands: the text
 * under the box is gone from the file, and a title with a span blacked out (`… received in ▇▇▇ in
 * connection with …`) reads as it is printed, `… received in [redacted] in connection with …`. A box
 * over words that are still there (a dark band behind text) is no redaction; boxes side by side on a line
 * are one span. Each span joins the line it stands on, or stands as a line of its own.
 */
export function withRedactions(page: PageText, boxes: BBox[]): PageText {
  const words = page.lines.flatMap((l) => l.words);
  const spans: BBox[] = [];
  for (const b of [...boxes].sort((x, y) => x[1] - y[1] || x[0] - y[0])) {
    if (words.some((w) => overlapArea(w.bbox, b) > 0.3 * Math.min(area(w.bbox), area(b)))) continue;
    const last = spans.find((s) => Math.abs((s[1] + s[3]) / 2 - (b[1] + b[3]) / 2) < 3 && b[0] - s[2] <= JOIN_GAP && s[0] - b[2] <= JOIN_GAP);
    if (last) {
      last[0] = Math.min(last[0], b[0]);
      last[1] = Math.min(last[1], b[1]);
      last[2] = Math.max(last[2], b[2]);
      last[3] = Math.max(last[3], b[3]);
    } else {
      spans.push([...b]);
    }
  }
  if (spans.length === 0) return page;
  const lines: Line[] = page.lines.map((l) => ({ ...l, words: [...l.words] }));
  let added = false;
  for (const s of spans) {
    const cy = (s[1] + s[3]) / 2;
    const word: Word = { text: REDACTED, bbox: s, confidence: 100 };
    // the line whose middle the span's middle is nearest, within half a line
    let best: Line | null = null;
    let bestDist = Infinity;
    for (const l of lines) {
      const h = l.bbox[3] - l.bbox[1];
      const d = Math.abs((l.bbox[1] + l.bbox[3]) / 2 - cy);
      if (d <= Math.max(3, 0.5 * h) && d < bestDist) {
        best = l;
        bestDist = d;
      }
    }
    if (!best) {
      lines.push({ text: REDACTED, bbox: [...s], words: [word] });
      added = true;
      continue;
    }
    const at = best.words.findIndex((w) => w.bbox[0] > s[0]);
    best.words.splice(at < 0 ? best.words.length : at, 0, word);
    best.text = best.words.map((w) => w.text).join(' ');
    best.bbox = [Math.min(best.bbox[0], s[0]), Math.min(best.bbox[1], s[1]), Math.max(best.bbox[2], s[2]), Math.max(best.bbox[3], s[3])];
  }
  if (added) lines.sort((a, b) => a.bbox[1] - b.bbox[1]);
  return { ...page, lines };
}
