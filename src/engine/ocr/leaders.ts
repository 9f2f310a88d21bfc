import type { PixelLine, PixelWord } from './engine-types.ts';

/** A run of leader characters: three or more anywhere, or two or more at the start of a word. */
const LEADER_RUN = /^[.…·_]{2,}|[.…·_]{3,}/gu;

/** Box of the characters [from, to) of a word: from its symbols, or in proportion to the characters. */
function partBox(word: PixelWord, from: number, to: number): PixelWord['box'] {
  const chars = [...word.text];
  const symbols = word.symbols;
  if (symbols && symbols.length === chars.length) {
    const part = symbols.slice(from, to);
    return [
      Math.min(...part.map((s) => s.box[0])),
      word.box[1],
      Math.max(...part.map((s) => s.box[2])),
      word.box[3],
    ];
  }
  const [x0, y0, x1, y1] = word.box;
  const per = (x1 - x0) / chars.length;
  return [Math.round(x0 + per * from), y0, Math.round(x0 + per * to), y1];
}

/** Cut a word before and after every leader run; null when it has none or is only a leader. */
function split(word: PixelWord): PixelWord[] | null {
  const chars = [...word.text];
  const cuts = new Set<number>();
  for (const m of word.text.matchAll(LEADER_RUN)) {
    const from = [...word.text.slice(0, m.index)].length;
    cuts.add(from);
    cuts.add(from + [...m[0]].length);
  }
  const edges = [...cuts].filter((c) => c > 0 && c < chars.length).sort((a, b) => a - b);
  if (edges.length === 0) return null;
  const bounds = [0, ...edges, chars.length];
  const parts: PixelWord[] = [];
  for (let i = 0; i + 1 < bounds.length; i++) {
    const [from, to] = [bounds[i]!, bounds[i + 1]!];
    parts.push({ text: chars.slice(from, to).join(''), box: partBox(word, from, to), confidence: word.confidence });
  }
  return parts;
}

/**
 * Dot leaders often come back glued to their neighbours (`..........24`, `Lease.......`,
 * `2021........1`). Split such words so that the page number and the last word of a description
 * are words of their own, with their own boxes.
 */
export function splitLeaders(lines: PixelLine[]): PixelLine[] {
  return lines.map((line) => ({ words: line.words.flatMap((w) => split(w) ?? [w]) }));
}
