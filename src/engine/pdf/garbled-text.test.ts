import { describe, expect, it } from 'vitest';
import type { Line } from '../types.ts';
import { looksGarbled } from './garbled-text.ts';

const line = (text: string): Line => ({
  text, bbox: [72, 100, 540, 112], words: text.split(' ').map((t) => ({ text: t, bbox: [72, 100, 80, 112], confidence: 100 })),
});

/** The codes of a font whose character map is shifted: `Dated:` drawn, `6DPHW([` read. */
const shift = (s: string) => [...s].map((c) => (/[A-Za-z]/.test(c) ? String.fromCharCode(c.charCodeAt(0) - 29) : c)).join('');

const toc = [
  'I. INTRODUCTION ........................ 1',
  'II. STATEMENT OF FACTS .................. 2',
  'A. The Damages Theory Is Not Preempted by the Federal Statute ...... 3',
  'B. The Fraud Claim Turns on Credibility Questions Reserved for the Jury ...... 5',
  'III. LEGAL STANDARD .................... 7',
  'IV. ARGUMENT .......................... 8',
  'A. The Declaration of the Former Plant Manager Does Not Establish a Duty ...... 9',
  'V. CONCLUSION ........................ 14',
];

describe('a text layer that lies', () => {
  it('is told from a table of contents, a table of authorities and prose that read', () => {
    expect(looksGarbled(toc.map(line))).toBe(false);
    expect(looksGarbled(Array.from({ length: 12 }, (_, k) => line(`${33 + k} U.S.C. § ${1400 + k} ......................... ${k + 1}`)))).toBe(false);
    expect(looksGarbled(Array.from({ length: 6 }, () => line('Smith v. Jones, 123 F.3d 456 (9th Cir. 2001) ........ 5, 7')))).toBe(false);
  });

  it('is found when the same page reads as shifted codes, even under a court stamp that reads well', () => {
    const stamp = line('Case 8:23-cv-00417-DOC Document 62 Filed 06/21/24 Page 2 of 13 Page ID #:1181');
    expect(looksGarbled([stamp, ...toc.map((t) => line(shift(t)))])).toBe(true);
  });
});
