import { describe, expect, it } from 'vitest';
import { makePage } from '../page-model/make-page-text.ts';
import { layoutPages } from '../page-model/page-layout.ts';
import { headingRows } from './page-evidence.ts';

describe('headings a contents entry is looked for under', () => {
  const rows = (texts: string[]) => {
    const page = makePage(1, { rows: texts.map((text, k) => ({ text, x: 72, y: 100 + 40 * k })), source: 'ocr' });
    return headingRows(layoutPages([page])[0]!, 'source').map((h) => [h.label, h.words.join(' ')]);
  };

  it('sets apart a roman numeral with no stop before a heading in capitals, as printed or as OCR misreads it', () => {
    expect(rows(['IV ANALYSIS OF THE INDUSTRY', 'VIL ASSESSMENT OF THE OPINIONS', 'Ill LEGAL STANDARD', 'II. ARGUMENT'])).toEqual([
      ['IV', 'analysis of the industry'],
      ['VII', 'assessment of the opinions'],
      ['III', 'legal standard'],
      ['II', 'argument'],
    ]);
  });

  it('leaves a sentence that opens with I as it is', () => {
    expect(rows(['I declare that the facts are true', 'I AM THE PLAINTIFF'])).toEqual([
      [null, 'i declare that the facts are true'],
      [null, 'i am the plaintiff'],
    ]);
  });
});
