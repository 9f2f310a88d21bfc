import { describe, expect, it } from 'vitest';
import { PROFILES, PROFILE_IDS, profile } from './index.ts';
import { RULE_IDS } from '../types.ts';
import { COURT_PROFILE_IDS } from '../../../contract/court-rules.ts';
import { COURT_PROFILE_NAMES } from '../../../web/lib/court-rules.ts';
import { bookmarkShowsPage } from '../preflight.ts';

describe('court profiles', () => {
  it('each limit names a source its profile lists, and says what it requires', () => {
    for (const p of Object.values(PROFILES)) {
      const sources = new Set(p.sources.map((s) => s.id));
      for (const key of [...RULE_IDS, 'files', 'citationForm'] as const) {
        const limit = p[key];
        if (!limit) continue;
        expect(sources.has(limit.source), `${p.id}.${key} cites ${limit.source}`).toBe(true);
        expect(limit.says.length, `${p.id}.${key}`).toBeGreaterThan(5);
      }
    }
  });
  it('keys match ids; unknown ids are refused', () => {
    for (const id of PROFILE_IDS) expect(profile(id).id).toBe(id);
    expect(() => profile('nowhere')).toThrow(/unknown court profile/);
  });
  it('holds the figures the courts state', () => {
    expect(profile('ew-family').pagesPerVolume?.value).toBe(350);
    expect(profile('ew-civil').maxImageDpi?.value).toBe(300);
    expect(profile('ew-civil').sources[0]!.date).toBe('2021-11-29');
    expect(profile('us-ca5').citationForm?.value).toMatch(/^ROA\./);
    expect(profile('us-ca9').pagesPerVolume?.value).toBe(300);
  });
  it('the API accepts exactly the engine’s profiles', () => {
    expect([...COURT_PROFILE_IDS].sort()).toEqual([...PROFILE_IDS].sort());
    for (const id of PROFILE_IDS) expect(COURT_PROFILE_NAMES[id]).toBe(PROFILES[id].name);
  });
  it('a bookmark ending in a year is not one ending in its page', () => {
    expect(bookmarkShowsPage('Tab 4 – Affidavit sworn May 3, 2021', 14)).toBe(false);
    expect(bookmarkShowsPage('Tab 4 – Affidavit sworn May 3, 2021, p. 14', 14)).toBe(true);
    expect(bookmarkShowsPage('Witness statement (14)', 14)).toBe(true);
  });
});
