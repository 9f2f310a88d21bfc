import { describe, expect, it } from 'vitest';
import type { BodyText } from '../refs/body-text.ts';
import { findAuthoritiesInBody } from './find-authorities.ts';
import { NEUTRAL_COURTS, REPORTERS, reporterKey } from './reporters.ts';
import { authorityTarget } from './targets.ts';

function bodyOf(text: string): BodyText {
  const words: BodyText['words'] = [];
  const marks = new Int32Array(text.length).fill(-1);
  for (const m of text.matchAll(/\S+/g)) {
    words.push({ page: 1, bbox: [m.index, 0, m.index + m[0].length, 10], row: 0, footnote: false, start: m.index, length: m[0].length });
    for (let i = 0; i < m[0].length; i++) marks[m.index + i] = words.length - 1;
  }
  return { text, wordAt: marks, words };
}

/** A citation in each reporter's usual form. */
function citationIn(abbr: string, family: string): string {
  if (family === 'us-case') return `See Smith v. Jones, 12 ${abbr} 345, 350 (2001).`;
  if (family === 'ca-reporter') return abbr.includes('(') ? `Smith v. Jones (1995), 25 ${abbr} 1 (C.A.).` : `Smith v. Jones, [1990] 1 ${abbr} 1.`;
  return `Smith v Jones [1990] 1 ${abbr} 12.`;
}

describe('every reporter of the table, by family', () => {
  for (const family of ['us-case', 'ca-reporter', 'uk-reporter'] as const) {
    it(`${family}: each reporter read with its volume and first page`, () => {
      const misses: string[] = [];
      for (const r of REPORTERS.filter((x) => x.family === family)) {
        const text = citationIn(r.abbr, family);
        const found = findAuthoritiesInBody(bodyOf(text));
        const a = found[0];
        if (found.length !== 1 || reporterKey(a!.parts.reporter ?? '') !== reporterKey(r.abbr) || a!.parts.family !== family || a!.parts.name !== (family === 'uk-reporter' ? 'Smith v Jones' : 'Smith v. Jones')) {
          misses.push(`${text} → ${JSON.stringify(found.map((x) => [x.text, x.parts.reporter, x.parts.family]))}`);
        }
        if (family === 'us-case' && a) expect(authorityTarget(a.parts).url).toBe(`https://www.courtlistener.com/c/${encodeURIComponent(a.parts.reporter!.replace(/’/g, "'"))}/12/345/`);
      }
      expect(misses).toEqual([]);
    });
  }

  it('every neutral-citation court, with its address where it has one', () => {
    const misses: string[] = [];
    for (const c of NEUTRAL_COURTS) {
      const division = c.code === 'EWHC' ? ' (Ch)' : '';
      const text = c.family === 'ca-neutral' ? `Smith v. Jones, 2016 ${c.code} 27 at para. 5.` : `Smith v Jones [2016] ${c.code} 27${division}.`;
      const found = findAuthoritiesInBody(bodyOf(text));
      const a = found[0];
      if (found.length !== 1 || a!.parts.court !== c.code || a!.parts.number !== '27' || a!.parts.family !== c.family) misses.push(`${text} → ${JSON.stringify(found.map((x) => x.text))}`);
      const url = a ? authorityTarget(a.parts).url : null;
      if (c.family === 'ca-neutral' && url !== `https://www.canlii.org/en/${c.jurisdiction}/${c.database}/doc/2016/2016${c.database}27/2016${c.database}27.html`) misses.push(`${text} → ${url}`);
      if (c.path && c.family === 'uk-neutral' && url !== `https://caselaw.nationalarchives.gov.uk/${c.path}${division ? '/ch' : ''}/2016/27`) misses.push(`${text} → ${url}`);
    }
    expect(misses).toEqual([]);
  });
});
