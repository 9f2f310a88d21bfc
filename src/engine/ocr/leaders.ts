import type { PixelLine, PixelWord } from './engine-types.ts';

const LEADER_THEN_TEXT = /^([.…·_]{2,})([^.…·_].*)$/;
const TEXT_THEN_LEADER = /^(.*[^.…·_])([.…·_]{3,})$/;

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

function split(word: PixelWord, at: number): PixelWord[] {
  const chars = [...word.text];
  return [
    { text: chars.slice(0, at).join(''), box: partBox(word, 0, at), confidence: word.confidence },
    { text: chars.slice(at).join(''), box: partBox(word, at, chars.length), confidence: word.confidence },
  ];
}

/**
 * Dot leaders often come back glued to a neighbour (`..........24`, `Lease.......`). Split such words
 * so that the page number and the last word of a description are words of their own, with their own boxes.
 */
export function splitLeaders(lines: PixelLine[]): PixelLine[] {
  return lines.map((line) => ({
    words: line.words.flatMap((w) => {
      const lead = LEADER_THEN_TEXT.exec(w.text);
      if (lead) return split(w, [...lead[1]!].length);
      const trail = TEXT_THEN_LEADER.exec(w.text);
      if (trail) return split(w, [...trail[1]!].length);
      return [w];
    }),
  }));
}
