import { describe, expect, it } from 'vitest';
import { parseTesseractTsv } from './tesseract-cli-engine.ts';

describe('parseTesseractTsv', () => {
  it('groups word rows into lines by block, paragraph and line', () => {
    const tsv = [
      'level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext',
      '1\t1\t0\t0\t0\t0\t0\t0\t2550\t3300\t-1\t',
      '4\t1\t1\t1\t1\t0\t300\t200\t500\t40\t-1\t',
      '5\t1\t1\t1\t1\t1\t300\t200\t120\t40\t95.5\tTab',
      '5\t1\t1\t1\t1\t2\t440\t200\t30\t40\t91\t12',
      '5\t1\t1\t1\t2\t1\t300\t260\t90\t40\t88\t*T3',
      '5\t1\t2\t1\t1\t1\t300\t400\t90\t40\t-1\t ',
    ].join('\n');
    const lines = parseTesseractTsv(tsv);
    expect(lines.map((l) => l.words.map((w) => w.text))).toEqual([['Tab', '12'], ['*T3'], [' ']]);
    expect(lines[0]!.words[1]).toEqual({ text: '12', box: [440, 200, 470, 240], confidence: 91 });
    expect(lines[2]!.words[0]!.confidence).toBe(0);
  });
});
