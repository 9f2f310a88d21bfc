import type { Row, Token } from '../../page-model/rows.ts';

/** Marks OCR reads in a speck after a row's last word (`… 3 .`, `SERVICE.97 |`, the edge of a rule `… 12 }`). */
export const TRAILING_SPECK = /^[.,:;'‘’`•·|}\]]+$/;

/**
 * A page number glued to the end of its entry with a single dot and no leader (`INTRODUCTION.14`,
 * `(ECF 36).30`): the row read with the number as its own word after a leader.
 */
export function unglueRef(input: Row): Row {
  // (a speck OCR read after it, `SERVICE.97 |`, is nothing; so is one read as a stroke, `statements?1 i`, after
  // a word ending in a digit)
  let n = input.words.length;
  const speck = (w: Token, before: Token) => w.confidence < 100 && (TRAILING_SPECK.test(w.text) || (/^[il|!]$/.test(w.text) && /\d$/.test(before.text)));
  while (n > 2 && speck(input.words[n - 1]!, input.words[n - 2]!)) n--;
  const row = n < input.words.length ? { ...input, words: input.words.slice(0, n) } : input;
  const last = row.words[row.words.length - 1];
  // Two dots before a number set apart (`Merchantable.. 20`): a leader cut short. So is one dot glued to the
  // title with a space OCR read after it (`BACKGROUND. 16`, printed `BACKGROUND.16`), after a word of four
  // letters or more (`No. 12` is a title's number).
  const prev = row.words[row.words.length - 2];
  if (last && prev && !row.leader && /^\d{1,4}$/.test(last.text)) {
    const dots = /[A-Za-z)]\.{2}$/.test(prev.text) ? 2 : last.confidence < 100 && /(?:[A-Za-z]{4}|\))\.$/.test(prev.text) ? 1 : 0;
    // (or OCR lost the dot and boxed the number over the word's end: `COMPLIANCE 97`, printed `COMPLIANCE.97`)
    const touching = dots === 0 && last.confidence < 100 && last.bbox[0] < prev.bbox[2] && /[A-Za-z]{4}$/.test(prev.text);
    if (dots > 0 || touching) {
      const words: Token[] = [...row.words.slice(0, -2), { ...prev, text: dots > 0 ? prev.text.slice(0, -dots) : prev.text }, { ...last, breakBefore: true }];
      return { ...row, words, text: words.map((w) => w.text).join(' '), leader: true };
    }
    // A leader cut to two dots of its own after the title's full stop (`Poisonous Tree. .. 15`, the justified
    // line left no room for more).
    if (/^(?:\.{2}|…)$/.test(prev.text) && row.words.length >= 3) {
      const words: Token[] = [...row.words.slice(0, -2), { ...last, breakBefore: true }];
      return { ...row, words, text: words.map((w) => w.text).join(' '), leader: true };
    }
  }
  // A number typed straight after the title's last word with nothing between (`JURISDICTION AND VENUE4`,
  // `given to the county19`): a word of letters ending in one to three digits, as the text layer gives it (read
  // by OCR, `ASSIGNMENT5` is as likely `ASSIGNMENTS` misread).
  const bare = last && !row.leader && last.confidence === 100 ? /^([A-Za-z]*[A-Za-z]{3}[)"”’]?)([1-9]\d{0,2})$/.exec(last.text) : null;
  if (bare && !/\d/.test(bare[1]!)) {
    const [x0, y0, x1, y1] = last!.bbox;
    const split = x0 + ((x1 - x0) * bare[1]!.length) / last!.text.length;
    const words: Token[] = [...row.words.slice(0, -1), { ...last!, text: bare[1]!, bbox: [x0, y0, split, y1] },
      { ...last!, text: bare[2]!, bbox: [split, y0, x1, y1], breakBefore: true }];
    return { ...row, words, text: words.map((w) => w.text).join(' '), leader: true };
  }
  // (read by OCR, a speck read inside the number is nothing: `CONCLUSION.9%4`)
  // (or to a question's mark: `… their Garrity statements?1`)
  const m = last ? /^(.*(?:[A-Za-z]{2}|\)))([.?])(\d{1,4}|\d{1,3}[%'’*°^·:;]\d{1,3})$/.exec(last.text) : null;
  const digits = m?.[3]!.replace(/\D/g, '') ?? '';
  // (read by OCR, a leader read as garbage after it and dropped leaves the row marked as having one)
  if (!last || !m || (row.leader && last.confidence === 100) || digits.length > 4 || (digits !== m[3] && last.confidence === 100)) return input;
  const [x0, y0, x1, y1] = last.bbox;
  const split = x0 + ((x1 - x0) * (m[1]!.length + 1)) / last.text.length;
  const words: Token[] = [
    ...row.words.slice(0, -1),
    { ...last, text: m[2] === '?' ? `${m[1]!}?` : m[1]!, bbox: [x0, y0, split, y1] },
    { ...last, text: digits, bbox: [split, y0, x1, y1], breakBefore: true },
  ];
  return { ...row, words, text: words.map((w) => w.text).join(' '), leader: true };
}
