import type { ItemType } from '../types.ts';
import { romanValue } from '../page-model/roman-numerals.ts';

/**
 * Item labels as printed in an index: 1, 12, A, AA, IV, 5A, 5(a), (a), (iv).
 * A printed token may be read several ways (`I` is roman one, the letter I, or an OCR'd `1`);
 * parseLabel returns every reading, the index parser keeps the one that continues the sequence.
 */
export type LabelKind = 'number' | 'letter' | 'roman' | 'lower-roman' | 'lower-letter' | 'number-letter' | 'paren-letter' | 'paren-roman' | 'paren-number' | 'compound';

export interface Label {
  kind: LabelKind;
  /** Normalised text: '12', 'A', 'IV', '5A', '5(a)', '(a)'. */
  text: string;
  /** Position in its sequence (1-based), for successor checks. */
  value: number;
  /** For number-letter and number(letter): the number and the sub position. */
  major?: number;
  /** True when reading the token this way assumes an OCR confusion (I→1, O→0). */
  ocrGuess?: boolean;
}

function letterValue(s: string): number | null {
  const u = s.toUpperCase();
  if (/^[A-Z]$/.test(u)) return u.charCodeAt(0) - 64;
  if (/^([A-Z])\1$/.test(u)) return 26 + u.charCodeAt(0) - 64; // AA, BB …
  return null;
}

/** OCR reading of a token that should be digits: I, l, |, ! → 1; O, o → 0; S → 5 … */
export function ocrDigits(s: string): string | null {
  const mapped = s.replace(/[Il|!\]]/g, '1').replace(/[Oo]/g, '0').replace(/S/g, '5').replace(/B/g, '8').replace(/Z/g, '2');
  return /^\d{1,3}$/.test(mapped) ? mapped : null;
}

const QUOTES = /^["“”'‘’«»]+|["“”'‘’«»]+$/g;

/** Characters OCR reads in place of a capital letter: `T` or `1` for I, `0` for O, `5` for S … */
const LETTER_LOOKALIKES: Record<string, string> = { T: 'I', '1': 'I', l: 'I', '|': 'I', '!': 'I', '0': 'O', '5': 'S', '8': 'B', '2': 'Z', '6': 'G' };

/**
 * Capital letters an OCR'd token may stand for, besides what it reads as: `Cc` (a round letter read
 * twice) is C; `"Jr` (a closing quote read as a letter) is J; `"EF"` (a quote read as a capital) is F
 * or E; a lone `T` or `1` may be I, `0` O, and a quoted lower-case letter its capital. The index parser only takes these when they continue a list.
 */
function ocrLetters(raw: string, t: string): string[] {
  const out: string[] = [];
  if (/^[A-Z][a-z]$/.test(t) && t[1]!.toUpperCase() === t[0]) out.push(t[0]!);
  if (/^["“”'‘’«»]/.test(raw) && /^[A-Z][r'’”`^*]$/.test(t)) out.push(t[0]!);
  // a quote read as a capital beside the letter (`"EF"` for “F”): either letter
  if (/^["“”'‘’«»]/.test(raw) && /^[A-Z]{2}$/.test(t) && t[0] !== t[1]) out.push(t[1]!, t[0]!);
  if (t.length === 1) {
    const look = LETTER_LOOKALIKES[t];
    if (look) out.push(look);
    if (/^[a-z]$/.test(t) && /^["“”'‘’«»]/.test(raw)) out.push(t.toUpperCase());
  }
  return out;
}

/**
 * Every reading of a printed label token. The token may carry a trailing '.', ')', ':' or '-'
 * and surrounding quotes (`"A"`). Returns [] when the token cannot be a label.
 */
export function parseLabel(raw: string, opts: { ocr?: boolean } = {}): Label[] {
  let core = raw.trim().replace(QUOTES, '').replace(/[.:\-–—]+$/, '');
  if (opts.ocr !== false) {
    // a speck OCR read after the label's stop (`VIIL.*`) is no part of it, nor a stop read as a comma (`4,`)
    core = core.replace(/(?<=\.)[*•·,'’"]+$/, '').replace(/[.:\-–—]+$/, '').replace(/(?<=^\d{1,3}),$/, '');
    // OCR confusions inside parentheses and after a series letter: `(l2)` → `(12)`, `B-l` → `B-1`.
    core = core
      .replace(/^\(([0-9IlO|]{1,2})\)$/, (_, d: string) => (/\d/.test(d) ? `(${d.replace(/[Il|]/g, '1').replace(/O/g, '0')})` : `(${d})`))
      .replace(/^([A-Za-z]{1,2})-([0-9IlO|]{1,3})$/, (_, a: string, d: string) => `${a}-${d.replace(/[Il|]/g, '1').replace(/O/g, '0')}`);
  }
  const t = core.replace(/\)+$/, '').replace(QUOTES, '');
  if (t === '' || core.length > 8) return [];
  const out: Label[] = [];
  let m: RegExpExecArray | null;
  if ((m = /^(\d{1,3})\(([a-z]{1,4}|\d{1,2})\)$/i.exec(core))) {
    const n = Number(m[1]);
    out.push({ kind: 'number-letter', text: `${n}(${m[2]!.toLowerCase()})`, value: n, major: n });
  } else if ((m = /^\(([a-z]{1,4}|\d{1,2})\)$/i.exec(core))) {
    const inner = m[1]!;
    if (/^\d+$/.test(inner)) {
      // `(3)` is tab 3 in a list of its own, or sub-item (3) under an entry.
      out.push({ kind: 'number', text: String(Number(inner)), value: Number(inner) });
      out.push({ kind: 'paren-number', text: `(${Number(inner)})`, value: Number(inner) });
    }
    else {
      const r = romanValue(inner);
      if (r !== null && inner === inner.toLowerCase()) out.push({ kind: 'paren-roman', text: `(${inner.toLowerCase()})`, value: r });
      const l = letterValue(inner);
      if (l !== null && inner.length <= 2) out.push({ kind: 'paren-letter', text: `(${inner.toLowerCase()})`, value: l });
      const d = opts.ocr !== false ? ocrDigits(inner) : null;
      if (d !== null) {
        out.push({ kind: 'number', text: String(Number(d)), value: Number(d), ocrGuess: true });
        out.push({ kind: 'paren-number', text: `(${Number(d)})`, value: Number(d), ocrGuess: true });
      }
    }
  } else if (t.includes('(') || t.includes(')')) {
    return [];
  } else if ((m = /^([A-Za-z]{1,2}|\d{1,3})-(\d{1,3})$/.exec(t))) {
    // Exhibit, B-1 …: a series and a number in it.
    const major = /^\d+$/.test(m[1]!) ? Number(m[1]) : (letterValue(m[1]!) ?? 0);
    out.push({ kind: 'compound', text: `${m[1]!.toUpperCase()}-${Number(m[2])}`, value: Number(m[2]), major });
  } else if ((m = /^([A-Z]{1,2})(\d{1,3})$/.exec(t)) && letterValue(m[1]!) !== null) {
    // Bundle tabs A1, A2, B1 … (England & Wales): a section letter and a number in it.
    out.push({ kind: 'compound', text: `${m[1]}${Number(m[2])}`, value: Number(m[2]), major: letterValue(m[1]!)! });
  } else if ((m = /^(\d{1,3})$/.exec(t))) {
    out.push({ kind: 'number', text: String(Number(m[1])), value: Number(m[1]) });
  } else if ((m = /^(\d{1,3})([A-Za-z])$/.exec(t))) {
    const n = Number(m[1]);
    out.push({ kind: 'number-letter', text: `${n}${m[2]!.toUpperCase()}`, value: n, major: n });
  } else {
    const r = romanValue(t);
    const l = letterValue(t);
    const upper = t === t.toUpperCase();
    if (r !== null && upper) out.push({ kind: 'roman', text: t, value: r });
    if (l !== null && upper) out.push({ kind: 'letter', text: t, value: l });
    // After Z: AA, AB, AC … (besides AA, BB, CC … read by letterValue).
    if (upper && /^[A-C][A-Z]$/.test(t)) {
      const v = (t.charCodeAt(0) - 64) * 26 + t.charCodeAt(1) - 64;
      if (v !== l) out.push({ kind: 'letter', text: t, value: v });
    }
    if (r !== null && !upper && t === t.toLowerCase()) out.push({ kind: 'lower-roman', text: t, value: r });
    if (l !== null && !upper && t === t.toLowerCase() && t.length === 1) out.push({ kind: 'lower-letter', text: t, value: l });
  }
  if (opts.ocr !== false) {
    for (const letter of ocrLetters(raw.trim(), t)) {
      if (!out.some((o) => o.kind === 'letter' && o.text === letter)) {
        out.push({ kind: 'letter', text: letter, value: letter.charCodeAt(0) - 64, ocrGuess: true });
      }
      // and I is also roman one
      if (letter === 'I' && !out.some((o) => o.kind === 'roman' && o.text === 'I')) {
        out.push({ kind: 'roman', text: 'I', value: 1, ocrGuess: true });
      }
    }
  }
  if (opts.ocr !== false) {
    // A roman numeral with its I's read as l, 1, | or T, or its last `I.` as L (`Il` II, `IT` II, `VIL` VII,
    // `1V` IV).
    const roman = /^[IVXl1|!T]{1,5}L?$/.test(t) && t.length >= 2 && /[l1|!T]|L$/.test(t) ? t.replace(/[l1|!T]|L$/g, 'I') : null;
    const r = roman ? romanValue(roman) : null;
    if (roman && r !== null && !out.some((o) => o.kind === 'roman' && o.text === roman)) {
      out.push({ kind: 'roman', text: roman, value: r, ocrGuess: true });
    }
    // A final L may also be II (`VIL.` for `VIII.`), or, with no stop after it, the stop itself (`VIL` for
    // `VI.`): the list decides.
    if (roman && /L$/.test(t)) {
      const more = [`${roman}I`, ...(/[.:]$/.test(raw.trim()) ? [] : [roman.slice(0, -1)])];
      for (const alt of more) {
        const v = romanValue(alt);
        if (v !== null && !out.some((o) => o.kind === 'roman' && o.text === alt)) out.push({ kind: 'roman', text: alt, value: v, ocrGuess: true });
      }
    }
    // `I.`, `II.`, `III.` read as digits (`1.`, `11.`, `111.`): roman, when the list has it next.
    if (/^[1l|]{1,3}$/.test(t)) {
      const up = 'I'.repeat(t.length);
      if (!out.some((o) => o.kind === 'roman' && o.text === up)) out.push({ kind: 'roman', text: up, value: t.length, ocrGuess: true });
    }
    // `I.` read as one letter L (the stop drawn into the stem): roman one, when the list has it next.
    if (t === 'L' && !/[.:]$/.test(raw.trim()) && !out.some((o) => o.kind === 'roman' && o.text === 'I')) {
      out.push({ kind: 'roman', text: 'I', value: 1, ocrGuess: true });
    }
    // A numeral whose last I OCR lost (`II.` for `III.`, `VI.` for `VII.`): one more I, when the list has it next.
    // (not a lone I: a list may restart at I, as a motion's two parts do)
    const lost = /^[IVX]*I$/.test(t) && t.length >= 2 ? `${t}I` : null;
    const lv = lost ? romanValue(lost) : null;
    if (lost && lv !== null && !out.some((o) => o.kind === 'roman' && o.text === lost)) out.push({ kind: 'roman', text: lost, value: lv, ocrGuess: true });
    // A mark OCR read inside a numeral (`I'v.`): the numeral without it, or, where a speck before the label was
    // read as a letter and the mark, the letters after it alone (`V.`). The list decides.
    const marked = /^([IVXivxl]{1,3})['’‘`]([IVXivx]{1,4})$/.exec(t);
    for (const alt of marked ? [marked[2]!.toUpperCase(), `${marked[1]}${marked[2]}`.toUpperCase()] : []) {
      const v = romanValue(alt);
      if (v !== null && !out.some((o) => o.kind === 'roman' && o.text === alt)) out.push({ kind: 'roman', text: alt, value: v, ocrGuess: true });
    }
    // A numeral with some letters read in lower case (`Iv.`, `Vi`).
    if (/^[IVX][ivx]+$/.test(t) || /^[ivx]+[IVX][IVXivx]*$/.test(t)) {
      const up = t.toUpperCase();
      const v = romanValue(up);
      if (v !== null && !out.some((o) => o.kind === 'roman' && o.text === up)) out.push({ kind: 'roman', text: up, value: v, ocrGuess: true });
    }
  }
  // a speck read as a capital before a numbered label's number (`C2.`): the number, when the list wants it
  if (opts.ocr !== false && /^[A-Z]\d{1,2}\.$/.test(raw.trim()) && !out.some((o) => o.kind === 'number')) {
    const n = Number(t.slice(1));
    if (n > 0) out.push({ kind: 'number', text: String(n), value: n, ocrGuess: true });
  }
  if (opts.ocr !== false && !/^\d+$/.test(t)) {
    const d = ocrDigits(t);
    if (d !== null && !out.some((o) => o.kind === 'number' && o.text === String(Number(d)))) {
      out.push({ kind: 'number', text: String(Number(d)), value: Number(d), ocrGuess: true });
    }
  }
  return out;
}

/** True when `next` can follow `prev` in the same list (1→2, 5→5A, 5A→5B, 5A→6, A→B, IV→V). */
export function isSuccessor(prev: Label, next: Label): boolean {
  const pm = prev.major ?? prev.value;
  if (prev.kind === 'number' || prev.kind === 'number-letter') {
    if (next.kind === 'number') return next.value === pm + 1;
    if (next.kind === 'number-letter') {
      if (next.major === pm + 1) return true;
      return next.major === pm && subOf(next) === (prev.kind === 'number' ? 1 : subOf(prev) + 1);
    }
    return false;
  }
  if (prev.kind === 'compound') {
    if (next.kind !== 'compound') return false;
    return (next.major === prev.major && next.value === prev.value + 1) || (next.major === (prev.major ?? 0) + 1 && next.value === 1);
  }
  return next.kind === prev.kind && next.value === prev.value + 1;
}

function subOf(l: Label): number {
  const m = /^\d+(?:\(?([a-z]+|\d+)\)?)?$/i.exec(l.text);
  const s = m?.[1];
  if (!s) return 0;
  if (/^\d+$/.test(s)) return Number(s);
  return romanValue(s) ?? letterValue(s) ?? 0;
}

/** True when a label can open a new list: 1, A, I, a, i, (a), (i), (1), and 5A/5(a) sub-items. */
export function isFirst(l: Label): boolean {
  if (l.kind === 'number-letter') return subOf(l) === 1;
  if (l.kind === 'compound') return l.value === 1;
  return l.value === 1;
}

/** Item type named by a keyword at the start of an index row or on a divider page. */
export function keywordType(word: string): ItemType | null {
  const w = word.toLowerCase().replace(/[.:#]+$/, '');
  if (/^tab[s]?$/.test(w)) return 'tab';
  if (/^(exhibit|exh|ex)$/.test(w)) return 'exhibit';
  if (/^(schedule|sched)$/.test(w)) return 'schedule';
  if (/^(appendix|app|annex|annexure|attachment)$/.test(w)) return 'appendix';
  if (/^(document|doc)$/.test(w)) return 'document';
  if (/^(part|section)$/.test(w)) return 'section';
  return null;
}

/** Splits a glued keyword and label as OCR and some layouts print them: `TAB7`, `TABl`, `Tab12A`. */
export function splitGluedKeyword(word: string): { keyword: ItemType; rest: string } | null {
  const m = /^(tab|exhibit|schedule|appendix)(["“”']?[0-9A-Za-z|!()]{1,6}["“”']?[.:]?)$/i.exec(word);
  if (!m) return null;
  const kw = keywordType(m[1]!);
  if (!kw) return null;
  // 'Tabs', 'Exhibits' are plurals, not glued labels.
  if (/^s$/i.test(m[2]!)) return null;
  return { keyword: kw, rest: m[2]! };
}

/**
 * Whether a label printed on a divider/marker matches an item's label, allowing OCR confusions.
 * Returns 1 for an exact match, 0.85 for a match through OCR confusions, 0 otherwise.
 */
export function labelMatch(itemLabel: string, printed: string, ocr = true): number {
  const a = itemLabel.toUpperCase().replace(/\s+/g, '');
  const b = printed.toUpperCase().replace(/\s+/g, '').replace(QUOTES, '').replace(/[.:]+$/, '');
  if (a === b) return 1;
  // Zero-padded numbers (`TAB 01` for tab 1) are the same label.
  const unpad = (s: string) => s.replace(/(^|[^0-9])0+(?=\d)/g, '$1');
  if (unpad(a) === unpad(b)) return 1;
  // a letter OCR read twice, the second small (`Vv.` for `V.`)
  if (ocr && /^[A-Z][a-z]$/.test(printed.trim().replace(/[.:]+$/, '')) && b[0] === b[1] && a === b[0]) return 0.85;
  if (!ocr || a.length !== b.length) return 0;
  for (let i = 0; i < a.length; i++) {
    if (!confusable(a[i]!, b[i]!)) return 0;
  }
  return 0.85;
}

/** Pairs OCR confuses beyond the classes below: a large bold 8 or 9 often comes back as S. */
const ALSO_CONFUSED = new Set(['S8', '8S', 'S9', '9S']);

function confusable(x: string, y: string): boolean {
  return confusionClass(x) === confusionClass(y) || ALSO_CONFUSED.has(x + y);
}

function confusionClass(c: string): string {
  if ('1IL|!]'.includes(c)) return '1';
  if ('0OQD'.includes(c)) return '0';
  if ('5S'.includes(c)) return '5';
  if ('8B'.includes(c)) return '8';
  if ('2Z'.includes(c)) return '2';
  if ('6G'.includes(c)) return '6';
  return c;
}
