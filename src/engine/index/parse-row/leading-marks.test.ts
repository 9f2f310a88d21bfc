import { describe, expect, it } from 'vitest';
import { rowOf } from '../make-parsed-rows.ts';
import { leadingMarks } from './leading-marks.ts';

const texts = (m: { words: Array<{ text: string }> }) => m.words.map((w) => w.text);

describe('marks before a row\'s first word (leadingMarks)', () => {
  it('read by OCR, drops a table rule or speck before the label', () => {
    expect(texts(leadingMarks(rowOf('[ 3. Affidavit of Jane', { source: 'ocr' }).words, true))).toEqual(['3.', 'Affidavit', 'of', 'Jane']);
  });

  it('keeps them on a text layer, which has no specks', () => {
    expect(texts(leadingMarks(rowOf('[ 3. Affidavit of Jane').words, false))[0]).toBe('[');
  });

  it('read by OCR, a quote glued before the first word goes and is remembered', () => {
    const m = leadingMarks(rowOf('‘TAB4 Affidavit of Jane', { source: 'ocr' }).words, true);
    expect(texts(m)[0]).toBe('TAB4');
    expect(m.quotedFirst).toBe(true);
  });

  it('drops a bullet and keeps where it stood as the item\'s left edge', () => {
    const row = rowOf('• Exhibit "A" – Letter');
    const m = leadingMarks(row.words, false);
    expect(texts(m)).toEqual(['Exhibit', '"A"', '–', 'Letter']);
    expect(m.bulletX).toBe(row.words[0]!.bbox[0]);
  });

  it('no bullet, no bullet position', () => {
    expect(leadingMarks(rowOf('Exhibit "A" – Letter').words, false).bulletX).toBeUndefined();
  });

  it('read by OCR, a speck before a separator (`a —-—00o0——`) leaves the separator alone', () => {
    expect(leadingMarks(rowOf('a —-—00o0——', { source: 'ocr' }).words, true).separator?.text).toBe('—-—00o0——');
  });
});
