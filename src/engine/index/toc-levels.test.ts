import { describe, expect, it } from 'vitest';
import { detectIndex } from './detect-index.ts';
import { makePage } from './make-page-text.ts';

const body = (page: number) =>
  makePage(page, { rows: Array.from({ length: 10 }, () => 'The moving party bears the initial burden of showing there is no dispute') });

describe('tables of contents mixing unlabelled and labelled entries', () => {
  it('an unlabelled entry closes the lettered list above it, and the I. under it opens a list of its own', () => {
    const toc = makePage(2, {
      rows: [
        { text: 'TABLE OF CONTENTS', x: 260 },
        { text: 'INTRODUCTION ................................................ 1', x: 101 },
        { text: 'FACTUAL BACKGROUND .......................................... 2', x: 101 },
        { text: 'A. | The Company Built the Platform ........................ 2', x: 137, cols: [137, 173] },
        { text: 'B. | The Company Learned of the Defect ...................... 3', x: 137, cols: [137, 173] },
        { text: 'ARGUMENT .................................................... 5', x: 101 },
        { text: 'I. | THE PROPOSED CLASS MEETS RULE 23(a) ..................... 5', x: 101, cols: [101, 137] },
        { text: 'A. | Numerosity Is Met ....................................... 5', x: 137, cols: [137, 173] },
        { text: 'B. | Common Questions of Law and Fact ........................ 6', x: 137, cols: [137, 173] },
        { text: 'II. | A CLASS ACTION IS SUPERIOR ............................. 8', x: 101, cols: [101, 137] },
        { text: 'CONCLUSION .................................................. 9', x: 101 },
      ],
    });
    const det = detectIndex([body(1), toc, ...[3, 4, 5, 6, 7, 8, 9, 10].map(body)]);
    expect(det.items.map((i) => [i.label.split('.').pop() ?? '', i.text])).toEqual([
      ['', 'INTRODUCTION'], ['', 'FACTUAL BACKGROUND'], ['A', 'The Company Built the Platform'], ['B', 'The Company Learned of the Defect'],
      ['', 'ARGUMENT'], ['I', 'THE PROPOSED CLASS MEETS RULE 23(a)'], ['A', 'Numerosity Is Met'], ['B', 'Common Questions of Law and Fact'],
      ['II', 'A CLASS ACTION IS SUPERIOR'], ['', 'CONCLUSION'],
    ]);
  });
});
