// Index pages set by hand: free text such as `2,3,4` or `2-5` (spec §5) → sorted page numbers, read
// by the engine's parser. `checkIndexPages` refuses, as a 400 naming the field, what the parser
// refuses or a page past the document; jobs read stored text that was checked when it was set.
import { parsePageRanges } from '../../engine/index/parse-page-ranges.ts';
import { AppError } from '../errors.ts';

export function parseIndexPages(text: string | null | undefined): number[] | undefined {
  if (!text?.trim()) return undefined;
  try {
    return parsePageRanges(text);
  } catch {
    return undefined;
  }
}

export function checkIndexPages(text: string, pageCount: number | null): void {
  try {
    parsePageRanges(text, pageCount ?? undefined);
  } catch (err) {
    throw new AppError('validation', `indexPages: ${(err as Error).message}`, 'indexPages');
  }
}
