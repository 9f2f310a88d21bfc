import type { PageLayout } from '../page-model/page-layout.ts';
import { type Row, type Token, rowFromTokens } from '../page-model/rows.ts';
import { romanValue } from '../page-model/roman-numerals.ts';

/** Letters of a word as the document's vocabulary keeps them: capitals, letters only. */
function lexeme(text: string): string {
  return text.toUpperCase().replace(/[^A-Z]/g, '');
}

/** The words of a document (three letters or more), each with how many times it was read. */
export function documentWords(layouts: readonly PageLayout[]): Map<string, number> {
  const seen = new Map<string, number>();
  for (const l of layouts) {
    for (const r of l.rows) {
      for (const w of r.words) {
        const x = lexeme(w.text);
        if (x.length >= 3) seen.set(x, (seen.get(x) ?? 0) + 1);
      }
    }
  }
  return seen;
}

/**
 * A roman label with no stop that OCR glued to a title in capitals (`IINTRODUCTION.14` for
 * `I INTRODUCTION.14`, `IIBACKGROUND`): its letters I, V and X look like the title's own first letter,
 * so where the label ends is read from the document's vocabulary. The row's first word is split where
 * what follows the label is a word the document prints elsewhere (the entry's heading on its page,
 * the running text), and the whole word is not; when no split, or more than one, does that, the row
 * stays as read.
 */
export function splitGluedRomanLabels(rows: Row[], words: () => Map<string, number>): Row[] {
  return rows.map((row) => {
    const first = row.words[0];
    const m = first ? /^([IVX]{1,4})([A-Z][A-Z’'-]{2,}.*)$/.exec(first.text) : null;
    if (!first || !m) return row;
    const vocabulary = words();
    const whole = lexeme(first.text);
    if ((vocabulary.get(whole) ?? 0) > 1) return row;
    const splits: number[] = [];
    for (let at = 1; at <= m[1]!.length; at++) {
      const label = first.text.slice(0, at);
      const rest = lexeme(first.text.slice(at).replace(/[.,:;]?\d*$/, ''));
      if (romanValue(label) !== null && rest.length >= 4 && (vocabulary.get(rest) ?? 0) > 0) splits.push(at);
    }
    if (splits.length !== 1) return row;
    const at = splits[0]!;
    const [x0, y0, x1, y1] = first.bbox;
    const cut = x0 + ((x1 - x0) * at) / first.text.length;
    const label: Token = { ...first, text: first.text.slice(0, at), bbox: [x0, y0, cut, y1] };
    const title: Token = { ...first, text: first.text.slice(at), bbox: [cut, y0, x1, y1], breakBefore: false };
    return rowFromTokens(row.page, [label, title, ...row.words.slice(1)], row.size, row.leader);
  });
}
