import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { englishDataPath } from './english-model.ts';
import { bundledModelDir, parseTesseractTsv } from './tesseract-cli-engine.ts';

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

describe('the model the tesseract program reads', () => {
  it('is the LSTM model tesseract.js reads, unpacked into a folder of the user\'s own', () => {
    const dir = bundledModelDir();
    expect(dir).not.toBeNull();
    const unpacked = readFileSync(join(dir!, 'eng.traineddata'));
    expect(unpacked.equals(gunzipSync(readFileSync(join(englishDataPath(), 'eng.traineddata.gz'))))).toBe(true);
    expect(statSync(dir!).mode & 0o077).toBe(0);
    expect(bundledModelDir()).toBe(dir);
  });
});
