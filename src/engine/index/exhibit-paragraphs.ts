import type { BBox, IndexDetection, IndexItem } from '../types.ts';
import { unionBox } from '../page-model/rows.ts';
import type { PageLayout } from '../page-model/page-layout.ts';

/**
 * A declaration has no index page: its numbered paragraphs list the exhibits (`Attached hereto as Exhibit 3 is
 * a true and correct copy of …`), and each exhibit starts at a slip sheet reading `EXHIBIT 3`. When a document
 * has no index but such paragraphs and slip sheets, the paragraphs are its index: one item per exhibit, from
 * the paragraph that first names it, its text what the paragraph says the exhibit is.
 */
const LABEL = '["“]?([A-Z]{1,2}|\\d{1,3}(?:-\\d{1,3})?)["”]?';
const COPY = '(?:(?:a|an)\\s+)?(?:(?:true|complete|full)(?:,)?\\s+(?:and\\s+|&\\s+)?(?:correct|accurate)\\s+)?(?:cop(?:y|ies)\\s+of\\s+)?';
/**
 * The end of the sentence: a stop before a new sentence or paragraph (a capital, a paragraph number), not
 * after an abbreviation (`Co. in this action`, `Dr. Ansel Quigley`, `Inc. and`). Case matters here, so the
 * patterns spell out both cases of their words instead of ignoring case.
 */
const END = '(?<!\\b(?:Dr|Mr|Mrs|Ms|Inc|Co|Corp|Ltd|No|Nos|St|Jr|Sr|Bros|vs?|Cal|App|Civ|Cir|Supp|Ex|Exs|U\\.S|[A-Z]))\\.(?=\\s+(?:\\d{1,3}\\.\\s|[A-Z(“"])|\\s*$)';
const ATTACHED_AS = new RegExp(
  `\\b(?:[Aa]ttached|ATTACHED|[Aa]nnexed)\\s+(?:hereto\\s+|herewith\\s+|to\\s+this\\s+[Dd]eclaration\\s+)?as\\s+(?:[Ee]xhibit|EXHIBIT)\\s+(?:[Nn]o\\.\\s*)?${LABEL},?\\s+(?:is|are)\\s+${COPY}(.+?)${END}`,
  'g',
);
const COPY_ATTACHED = new RegExp(
  `\\b(?:[Aa]|[Aa]n)\\s+(?:true|complete)\\s+(?:and\\s+)?(?:correct|accurate)\\s+cop(?:y|ies)\\s+of\\s+((?:(?!${END}).)+?)\\s+(?:is|are)\\s+attached\\s+(?:hereto\\s+)?as\\s+(?:[Ee]xhibit|EXHIBIT)\\s+(?:[Nn]o\\.\\s*)?${LABEL}`,
  'g',
);
const SLIP = /^exhibit\s+(?:no\.?\s*)?["“]?([A-Z]{1,2}|\d{1,3}(?:-\d{1,3})?)["”]?\.?$/i;

export function exhibitParagraphs(layouts: PageLayout[]): IndexDetection | null {
  const slips = new Map<string, number>();
  for (const l of layouts) {
    const rows = l.rows.filter((r) => r.text.trim() !== '');
    if (rows.length === 0 || rows.length > 3) continue;
    const m = SLIP.exec(rows[0]!.text.trim());
    if (m && !slips.has(m[1]!.toUpperCase())) slips.set(m[1]!.toUpperCase(), l.page);
  }
  if (slips.size < 2) return null;
  const firstSlip = Math.min(...slips.values());

  const items: IndexItem[] = [];
  const seen = new Set<string>();
  for (const l of layouts) {
    if (l.page >= firstSlip) break;
    // The page's rows as one text, each row's start kept to find the rows a match covers.
    const starts: number[] = [];
    let text = '';
    for (const r of l.rows) {
      starts.push(text.length);
      text += `${r.text} `;
    }
    const found: Array<{ at: number; end: number; label: string; desc: string }> = [];
    for (const m of text.matchAll(ATTACHED_AS)) found.push({ at: m.index, end: m.index + m[0].length, label: m[1]!, desc: m[2]! });
    for (const m of text.matchAll(COPY_ATTACHED)) found.push({ at: m.index, end: m.index + m[0].length, label: m[2]!, desc: m[1]! });
    found.sort((a, b) => a.at - b.at);
    for (const f of found) {
      const label = f.label.toUpperCase();
      if (seen.has(label) || !slips.has(label)) continue;
      seen.add(label);
      const first = rowAt(starts, f.at);
      const last = rowAt(starts, f.end - 1);
      let bbox: BBox = [...l.rows[first]!.bbox];
      for (let i = first + 1; i <= last; i++) bbox = unionBox(bbox, l.rows[i]!.bbox);
      items.push({ ordinal: items.length + 1, label: f.label, type: 'exhibit', text: f.desc.replace(/\s+/g, ' ').trim(), page: l.page, bbox });
    }
  }
  // The paragraphs are the index only where they name most of the exhibits behind slip sheets.
  if (items.length < 2 || items.length < 0.5 * slips.size) return null;
  return { pages: [...new Set(items.map((it) => it.page))], items };
}

function rowAt(starts: number[], offset: number): number {
  let i = 0;
  while (i + 1 < starts.length && starts[i + 1]! <= offset) i++;
  return i;
}
