import { describe, expect, it } from 'vitest';
import { splitLeaders } from './leaders.ts';

describe('splitLeaders', () => {
  it('separates a page number and a last word from the dot leader glued to them', () => {
    const [line] = splitLeaders([
      {
        words: [
          { text: 'Lease.....', box: [100, 10, 200, 30], confidence: 80 },
          { text: '......24', box: [210, 10, 290, 30], confidence: 70 },
        ],
      },
    ]);
    expect(line!.words.map((w) => w.text)).toEqual(['Lease', '.....', '......', '24']);
    expect(line!.words[0]!.box).toEqual([100, 10, 150, 30]);
    expect(line!.words[3]!.box).toEqual([270, 10, 290, 30]);
  });

  it('cuts a leader out of the middle of a word, keeping dates and abbreviations whole', () => {
    const [line] = splitLeaders([
      {
        words: [
          { text: 'U.S.C.', box: [0, 0, 60, 20], confidence: 90 },
          { text: '2021........1', box: [100, 0, 230, 20], confidence: 90 },
        ],
      },
    ]);
    expect(line!.words.map((w) => w.text)).toEqual(['U.S.C.', '2021', '........', '1']);
    expect(line!.words.map((w) => w.box[0])).toEqual([0, 100, 140, 220]);
  });

  it('uses character boxes when the engine gives them, and leaves ordinary words alone', () => {
    const symbols = ['.', '.', '.', '7'].map((text, i) => ({ text, box: [i * 5, 0, i * 5 + (text === '7' ? 12 : 3), 20] as [number, number, number, number] }));
    const [line] = splitLeaders([
      { words: [{ text: '...7', box: [0, 0, 27, 20], confidence: 90, symbols }, { text: '*T3', box: [40, 0, 60, 20], confidence: 90 }] },
    ]);
    expect(line!.words.map((w) => [w.text, w.box[0], w.box[2]])).toEqual([
      ['...', 0, 13],
      ['7', 15, 27],
      ['*T3', 40, 60],
    ]);
  });
});
