import { MONTH_NAME, type Row, type Token } from '../../page-model/rows.ts';
import { TRAILING_SPECK } from './glued-page-numbers.ts';

/**
 * The page reference that ends a row: its last cell when it is a number set apart by a leader or a column gap
 * (`…… 12`, `p. 12`, `12 – 15`, `7, 114`, `A-3`, `1a`, roman `iv`), and not a date's year nor a number ending a
 * line of prose.
 */

export interface PageReference {
  /** The page the entry starts on as printed; '' when OCR lost the number after the leader. */
  pageRef?: string;
  /** Words that make up the reference (`p.`, `12`). */
  refTokens: Token[];
}

/**
 * Whether a row's last word stands apart from the words before it as a page column does. On a page read by
 * OCR, typewriter text (a transcript's Courier) comes back with every word set wide apart: there a number
 * ending a line of prose (`… through page 130, line 1`) is set no wider from the word before it than the
 * row's other words are from each other, while a page number stands well beyond them.
 */
export function apartFromWords(rest: Token[], ocr: boolean): boolean {
  const n = rest.length;
  if (!ocr || n < 4) return true;
  const gaps: number[] = [];
  for (let k = 1; k < n - 1; k++) gaps.push(rest[k]!.bbox[0] - rest[k - 1]!.bbox[2]);
  gaps.sort((a, b) => a - b);
  return rest[n - 1]!.bbox[0] - rest[n - 2]!.bbox[2] > 1.5 * gaps[gaps.length >> 1]!;
}

/**
 * Takes the page reference off the end of `rest` (the row's words after its label; at least one), and the specks
 * OCR read after it. `labelled`: the row has a label, so a lone word after it is its title, not a page.
 */
export function takePageReference(rest: Token[], row: Row, labelled: boolean, ocr: boolean): PageReference {
  // A speck after the page number (`… 3 .`) hides it.
  // (or a bar, the edge of a rule: `… 12 |`, `… 10 }`)
  if (ocr) while (rest.length > 2 && TRAILING_SPECK.test(rest[rest.length - 1]!.text)) rest.pop();
  // (or a speck out beyond it read as a letter or two, unsure: `… 1 i`)
  if (ocr && rest.length > 2 && rest[rest.length - 1]!.confidence < 40 && [...rest[rest.length - 1]!.text].length <= 2 &&
      /^\d{1,4}$/.test(rest[rest.length - 2]!.text)) rest.pop();
  let pageRef: string | undefined;
  const refTokens: Token[] = [];
  const last = rest[rest.length - 1]!;
  // (a mark OCR read after the number, `31'`, is no part of it)
  // (nor a stop OCR read after it, `14.`)
  let refText = last.text.replace(/[,;]$/, '').replace(/(?<=\d)['’"`]+$/, '');
  if (ocr) refText = refText.replace(/(?<=\d)\.$/, '');
  // OCR reads the digits of a page number after a leader as letters shaped like them (`ST` for 57).
  if (ocr && row.leader && last.breakBefore && /^[\dIlOSZBT]{2,4}$/.test(refText) && /[SZBT]/.test(refText)) {
    refText = refText.replace(/S/g, '5').replace(/Z/g, '2').replace(/B/g, '8').replace(/T/g, '7');
  }
  // (and an appendix page's 1 as l or I: `la` for 1a, `Ila` for 11a)
  if (ocr && /^[\dIl|]{1,3}a$/.test(refText) && /[Il|]/.test(refText)) refText = refText.replace(/[Il|]/g, '1');
  // (an addendum's, `Al` for A1, `A1l` for A11)
  if (ocr && /^[A-Z]-?[\dIl|]{1,3}$/.test(refText) && /[Il|]/.test(refText.slice(1))) refText = refText[0] + refText.slice(1).replace(/[Il|]/g, '1');
  const lastIsRef = /^\d{1,4}(?:\s*[-–]\s*\d{1,4})?$/.test(refText) || /^[A-Z]{1,2}-?\d{1,4}$/.test(refText) || /^\d{1,4}a$/.test(refText) || (ocr && /^[\dIlLO|]{1,4}$/.test(refText) && (/\d/.test(refText) || row.leader)) || /^[ivxlc]{1,6}$/.test(refText);
  // The year of a date (`March 6, 2020`, `6 March 2020`, `March 2020`) is no page number, even after a leader.
  const before = (k: number) => rest[rest.length - 1 - k]?.text ?? '';
  const yearOfDate = /^(19|20)\d\d$/.test(refText) && !last.breakBefore &&
    (MONTH_NAME.test(before(1)) || (/^\d{1,2}(st|nd|rd|th)?,?$/.test(before(1)) && MONTH_NAME.test(before(2))));
  // `pp. 12–15` in its own column: the gap stands before the `pp.`, not before the number.
  const lead = rest.length >= 3 && /^(p|pp|pg|page|pages)\.?$/i.test(rest[rest.length - 2]!.text) ? rest[rest.length - 2]! : null;
  // A list of pages in the page column (`7, 114`): set apart before its first number.
  let listAt = rest.length - 1;
  while (listAt > 0 && /^\d{1,4},$/.test(rest[listAt - 1]!.text)) listAt--;
  // (OCR sets the words of typewriter text wide apart: the list's numbers are still nearer each other than
  // to the title)
  const gapAt = (k: number) => (k > 0 ? rest[k]!.bbox[0] - rest[k - 1]!.bbox[2] : 0);
  const tight = !last.breakBefore || (ocr && gapAt(rest.length - 1) < 0.5 * gapAt(listAt));
  // (never a date: `September 19, 2017` set wide in a justified column)
  const listed = listAt < rest.length - 1 && /^\d{1,4}$/.test(refText) && rest[listAt]!.breakBefore && tight &&
    !MONTH_NAME.test(rest[listAt - 1]?.text ?? '') && !/^(19|20)\d\d$/.test(refText);
  if (rest.length >= (labelled ? 2 : 1) && lastIsRef && !yearOfDate && ((last.breakBefore && apartFromWords(rest, ocr)) || row.leader || (lead?.breakBefore ?? false) || listed)) {
    pageRef = /^[A-Z]{1,2}-?\d/.test(refText) ? refText : refText.replace(/[IlL|]/g, '1').replace(/O/g, '0').split(/[-–]/)[0]!.trim();
    refTokens.push(rest.pop()!);
    // A range written with spaces (`12 – 15`): the reference is where it starts.
    const n = rest.length;
    if (n >= 3 && /^[-–—]$/.test(rest[n - 1]!.text) && /^\d{1,4}$/.test(rest[n - 2]!.text) && /^\d/.test(pageRef)) {
      pageRef = rest[n - 2]!.text;
      refTokens.push(rest.pop()!, rest.pop()!);
    }
    // Several pages (`7, 114`: an examination resumed later): the entry starts at the first.
    // (not a date's day before a leader: `sworn May 3, ..... 4`, where the number itself stands apart)
    while (rest.length >= 2 && /^\d{1,4},$/.test(rest[rest.length - 1]!.text) && /^\d/.test(pageRef) && (listed || !refTokens[refTokens.length - 1]!.breakBefore)) {
      const t = rest.pop()!;
      pageRef = t.text.slice(0, -1);
      refTokens.push(t);
    }
    // `p. 12`, `page 12`: the word before the number belongs to the reference.
    if (rest.length >= 2 && /^(p|pp|pg|page)\.?$/i.test(rest[rest.length - 1]!.text)) refTokens.push(rest.pop()!);
  } else if (ocr && ((row.leader && last.breakBefore && rest.length >= 2 && [...refText].length <= 3) || (row.endsInLeader && rest.length >= 1))) {
    // OCR lost the number after the leader (`..... Cn` for 11): the row still ends its entry there, at a
    // page the index does not tell (an empty reference: the heading places the entry)
    pageRef = '';
    if (!row.endsInLeader) refTokens.push(rest.pop()!);
  }
  return { ...(pageRef !== undefined ? { pageRef } : {}), refTokens };
}
