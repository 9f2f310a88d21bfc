import type { Line } from '../types.ts';

/**
 * A text layer that lies: fonts whose character map gives other letters than the glyphs drawn (`6DPHW([`
 * for `Dated:`, `)LQDO` for `Final`). The page looks right and reads as garbage, often beside lines that read
 * well (a court's header stamped over it). A line reads like no language when none of its words is a
 * common function word and most are a jumble of capitals, digits and signs; a page whose words are mostly
 * in such lines (a third of them or more, and a dozen at least) is read by OCR instead.
 */
const COMMON = new Set([
  'the', 'of', 'and', 'to', 'a', 'in', 'is', 'that', 'for', 'on', 'with', 'as', 'by', 'be', 'this', 'was', 'at',
  'or', 'are', 'not', 'from', 'it', 'an', 'which', 'its', 'has', 'have', 'had', 'no', 'any', 'all', 'under',
  'court', 'plaintiff', 'plaintiffs', 'defendant', 'defendants', 'motion', 'case', 'page', 'exhibit', 'v',
  'de', 'la', 'le', 'et', 'les', 'des', 'du', 'en',
]);

const MIN_WORDS = 12;

/** A plain word (capitalised or lower case, or capitals with a vowel, perhaps with an apostrophe) or a number. */
function plain(t: string): boolean {
  const core = t.replace(/^[("“‘]+|[)"”’.,;:]+$/g, '');
  return /^(?:[A-Za-z][a-z'’]*|\d[\d,.\-/]*)$/.test(core) || (/^[A-Z'’]+$/.test(core) && /[AEIOUY]/.test(core)) ||
    // an abbreviation or a citation (`U.S.C.`, `F.3d`, `Cir.`, `9th`)
    /^(?:[A-Za-z]{1,4}\.){1,4}[A-Za-z0-9]{0,3}$|^\d+(?:st|nd|rd|th|d)$/.test(core);
}

export function looksGarbled(lines: Line[]): boolean {
  let words = 0;
  let garbled = 0;
  let commonSeen = 0;
  for (const l of lines) {
    // Most pages read as a language within a few lines: no need to look further (this runs on every page).
    if (words >= 60 && commonSeen >= 0.08 * words && garbled < 0.1 * words) return false;
    // single characters (a label), numbers (line numbers, pages) and leaders tell nothing either way
    const ws = l.words.map((w) => w.text).filter((t) => t.length >= 2 && !/^\d+[.,]?$/.test(t) && !/^[.\-_…·,;:§]+$/.test(t));
    words += ws.length;
    if (ws.length === 0) continue;
    const nCommon = ws.filter((t) => COMMON.has(t.toLowerCase().replace(/^[("“‘']+|[)"”’'.,;:]+$/g, ''))).length;
    commonSeen += nCommon;
    const common = nCommon > 0;
    if (!common && ws.filter(plain).length < 0.5 * ws.length) garbled += ws.length;
  }
  return garbled >= MIN_WORDS && garbled >= 0.35 * words;
}
