import { labelValue } from '../util/page-numbers.ts';

/**
 * PDF page-label ranges (ISO 32000 §12.4.2) for the printed number of each page: a range runs while
 * the numbers count on in one style (decimal, lower roman); any other printed label, and a page with no
 * number, is a range of its own made of a prefix alone (`A5`, `[3]` for the third page in the file).
 */
export interface LabelRange {
  /** 0-based first page of the range. */
  index: number;
  /** 'D' decimal, 'r' lower roman, '' none (the prefix alone). */
  style: 'D' | 'r' | '';
  prefix: string;
  start: number;
}

export function pageLabelRanges(labels: Array<string | null>): LabelRange[] {
  const out: LabelRange[] = [];
  let prev: { style: 'D' | 'r'; value: number } | null = null;
  labels.forEach((label, index) => {
    const v = label === null ? null : labelValue(label);
    if (v && prev && v.style === prev.style && v.value === prev.value + 1) {
      prev = v;
      return;
    }
    prev = v;
    if (v) out.push({ index, style: v.style, prefix: '', start: v.value });
    else out.push({ index, style: '', prefix: label ?? `[${index + 1}]`, start: 1 });
  });
  return out;
}
