import { MONTH } from '../page-model/rows.ts';

/**
 * An index entry's title read by OCR, put back as printed where the misreading is one OCR is known to make
 * and the title itself, or the document's own words, show what was printed. A title read from a text layer
 * never comes here.
 */
export function ocrTitle(text: string, vocabulary?: () => ReadonlyMap<string, number>): string {
  let out = unpairedQuotes(text);
  // an en dash between two words read as two dashes (`supplier—-OEM`) is one
  out = out.replace(/(?<=\p{L})[-‐‑‒–—]{2,}(?=\p{L})/gu, '–');
  // a raised apostrophe before a number (`the ’434 application`, `’90s`) read as an asterisk; an asterisk
  // before a page number after `at` is a star page (`at *3`), as printed
  out = out.replace(/(?<!\bat\s)(^|[\s(])\*(?=\d{2,}\b)/g, '$1’');
  out = numeralPairs(out);
  // a year after its month (and day) read in two pieces (`February 11, 201 9`)
  out = out.replace(SPLIT_YEAR, (whole: string, date: string, a: string, b: string) => (a.length + b.length === 4 ? `${date}${a}${b}` : whole));
  // a statute's code read with its S as 8 or $ and its spaces lost (`42U.8.C.2111`, `10C.F.R.2.309`)
  out = out.replace(CODE_CITATION, (_: string, title: string, code: string, rest: string) =>
    `${title} ${code.startsWith('U') ? 'U.S.C.' : 'C.F.R.'} ${rest}`);
  // a public law's L read as I (`Pub. I. No. 107-347`)
  out = out.replace(/\bPub\.\s?[I1l|]\.\s?No\./g, 'Pub. L. No.');
  return vocabulary ? respell(out, vocabulary) : out;
}

/** A code's title number, its abbreviation (S perhaps read as 8, $ or 5) and the section after it. */
const CODE_CITATION = /\b(\d{1,3})\s*(U\.?\s?[S8$5]\.\s?C\.|C\.\s?F\.\s?R\.)\s*(§?\s*\d)/g;

/** A month, its day, and a year of four digits in two pieces. */
const SPLIT_YEAR = new RegExp(String.raw`\b(${MONTH}\s+(?:\d{1,2},?\s+)?)((?:1[89]|20)\d{0,2}) (\d{1,2})\b`, 'gi');

/**
 * Quote marks OCR read that pair with nothing in a title: a closing double quote glued to a word's end with no
 * opening one before it is an apostrophe (`The Developers” application`: OCR reads ’ and ” alike), and an
 * opening quote glued to a word's start with no closing one after it is a speck (`Acts of ‘Misappropriation by …`).
 */
export function unpairedQuotes(text: string): string {
  let out = text;
  if (!out.includes('“')) out = out.replace(/(?<=\p{L})”(?=\s|$)/gu, '’');
  if (!out.includes('”')) out = out.replace(/(^|\s)“(?=\p{L})/gu, '$1');
  // (a closing single quote ends a word before a space or the end; an apostrophe inside a word closes nothing)
  if (!/\p{L}’(?=[\s,.;:]|$)/u.test(out.slice(out.indexOf('‘') + 1))) out = out.replace(/(^|\s)‘(?=\p{L})/gu, '$1');
  return out;
}

const ROMAN = /^(?=[IVX])X{0,3}(?:IX|IV|V?I{0,3})$/;
/** A numeral as OCR reads roman ones: I as T, l, 1 or |, a final I as L. */
const ROMAN_MISREAD = /^[IVXTl1|]{1,5}L?$/;

/**
 * Roman numerals named together (`Counts I and TV`, `Counts II and IIT`, `Counts 11 and III`):
 * where one of two numerals joined by `and`, `or`, `through`, `to`, `&` or a dash is a roman numeral as printed and the
 * other is not but reads as one with OCR's misreadings of I (T, l, 1, |, a final L), the other is that
 * numeral: a list names its numbers in one numbering.
 */
export function numeralPairs(text: string): string {
  // (`IT` is the word: `COUNT V AND IT MUST FAIL`)
  const fix = (w: string) => (ROMAN.test(w) ? w : w !== 'IT' && ROMAN_MISREAD.test(w) && /[Tl1|]|L$/.test(w) ? w.replace(/[Tl1|]|L$/g, 'I') : null);
  const tokens = [...text.matchAll(/\S+/g)];
  const out = tokens.map((m) => m[0]);
  const strip = (w: string) => { const m = /^(.*?)([,;:.)]?)$/.exec(w)!; return { core: m[1]!, trail: m[2]! }; };
  for (let i = 0; i + 1 < out.length; i++) {
    // the next numeral: after a comma, or after a joining word
    const j = out[i]!.endsWith(',') ? i + 1 : /^(?:and|or|through|to|&|[-–])$/i.test(out[i + 1]!) ? i + 2 : -1;
    if (j < 0 || j >= out.length) continue;
    const a = strip(out[i]!);
    const b = strip(out[j]!);
    const fa = fix(a.core);
    const fb = fix(b.core);
    if (fa === null || fb === null || !ROMAN.test(fa) || !ROMAN.test(fb)) continue;
    // one side printed as a numeral, the other misread
    if (ROMAN.test(a.core) && !ROMAN.test(b.core)) out[j] = fb + b.trail;
    else if (ROMAN.test(b.core) && !ROMAN.test(a.core)) out[i] = fa + a.trail;
  }
  let k = 0;
  return text.replace(/\S+/g, () => out[k++]!);
}

/**
 * What the letter at `at` of an OCR'd word may have been printed as. The strokes only where the reading
 * shows it: a final L, or an l among capitals, for I (`PIL`, `PIl`); a T among capitals for I; a capital I
 * inside a word not in capitals for l (`Iimitations`). So `FALL` and `FAIL`, real words both, are never
 * taken for each other. In words of seven letters or more, also a lost descender or bowl: n for p or h,
 * c for e or o and back (no two real words that long differ so, in the words briefs use).
 */
function printedAs(word: string, at: number): string[] {
  const ch = word[at]!;
  const others = word.slice(0, at) + word.slice(at + 1);
  const capitals = others.length > 0 && others === others.toUpperCase();
  const out: string[] = [];
  if ((ch === 'L' && at === word.length - 1) || (ch === 'l' && capitals)) out.push('I');
  if (ch === 'T' && capitals) out.push('I');
  if (ch === 'I' && word !== word.toUpperCase()) out.push('L');
  if (word.length >= 7) out.push(...({ n: ['P', 'H'], c: ['E', 'O'], e: ['C'], o: ['C'] } as Record<string, string[]>)[ch.toLowerCase()] ?? []);
  return out;
}

/**
 * A word of an OCR'd title that the document hardly prints, one misread letter away from a word it prints
 * far more often (`nrosecution` where the document prints `prosecution` sixty times, `PIL` beside `PII`):
 * that word, in the title's own case. Only the misreadings `printedAs` knows count, and only where the
 * document prints the other word at least three times and four times as often.
 */
function respell(text: string, vocabulary: () => ReadonlyMap<string, number>): string {
  return text.replace(/(?<![\p{L}\d])\p{L}{3,}(?![\p{L}\d])/gu, (word) => {
    const upper = word.toUpperCase();
    if (!/^[A-Z]+$/.test(upper)) return word;
    const words = vocabulary();
    const own = words.get(upper) ?? 0;
    let best: { at: number; to: string; n: number } | null = null;
    let ties = 0;
    for (let at = 0; at < upper.length; at++) {
      for (const to of printedAs(word, at)) {
        const other = upper.slice(0, at) + to + upper.slice(at + 1);
        const n = words.get(other) ?? 0;
        if (n < 3 || n < 4 * own) continue;
        if (best && n === best.n) ties++;
        if (!best || n > best.n) { best = { at, to, n }; ties = 0; }
      }
    }
    if (!best || ties > 0) return word;
    // in capitals where the rest of the word is (`PIl`), or as the first letter was printed
    const others = word.slice(0, best.at) + word.slice(best.at + 1);
    const caps = others === others.toUpperCase() || (best.at === 0 && word[0] === upper[0]);
    const ch = caps ? best.to : best.to.toLowerCase();
    return word.slice(0, best.at) + ch + word.slice(best.at + 1);
  });
}
