import type { IndexDetection, PageText } from '../types.ts';

/** Finds the index pages of a brief and parses its items. */
export function detectIndex(pages: PageText[], opts?: { indexPages?: number[] }): IndexDetection {
  void pages;
  void opts;
  return { pages: [], items: [], reason: 'Index detection is not available yet.' };
}
