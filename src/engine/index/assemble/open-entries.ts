import { labelMatch, type Label } from '../labels.ts';
import type { ParsedRow } from '../parse-row.ts';
import { isUpright, unionBox } from '../../page-model/rows.ts';
import { type AssemblyState, type Draft, type Slot, family, nextLabel, nextLine, readByOcr, refRightOf } from './state.ts';
import { placeWords } from './wrapped-titles.ts';

/**
 * Opening an entry: a labelled one at its level of the list, an unlabelled one (`ARGUMENT ..... 5`) with the
 * lines of its title waiting above it, an unpaged one (`CERTIFICATE OF SERVICE`).
 */

/** The row's last word heads the page column of the entry below it (`PAGE` over its page number). */
export function pageColumnHeader(p: ParsedRow, entry: ParsedRow): boolean {
  const lastWord = p.row.words[p.row.words.length - 1];
  const refX = entry.refTokens?.[0]?.bbox[0];
  return lastWord !== undefined && refX !== undefined && /^pages?$/i.test(lastWord.text) && lastWord.bbox[0] >= refX - 40;
}

/** An unlabelled entry (`ARGUMENT ........ 5`, `Certificate of service .... 45`), with its wrapped first lines. */
export function openUnlabelled(s: AssemblyState, pr: ParsedRow): void {
  const lead: ParsedRow[] = [];
  let below = pr.row;
  for (let i = s.pending.length - 1; i >= 0; i--) {
    const p = s.pending[i]!;
    // text turned 90° (a filing stamp up the margin) is beside the entries, not part of one
    if (isUpright(p.row.bbox, p.row.text)) continue;
    // (a row heading the page column on the line above, however far OCR's ink boxes set it on double spacing)
    const headsColumn = readByOcr(pr) && nextLine(s, p.row.bbox[1], below.bbox[1]) && pageColumnHeader(p, pr);
    // (read by OCR, the line above by the index's pitch: OCR boxes each line by its ink, so the gap to it is
    // wider than a letter, `EXAMINATION` over `By Mr. Smith .... 6`)
    const adjacent = below.bbox[1] - p.row.bbox[3] <= Math.max(p.row.size, below.size) || (readByOcr(pr) && nextLine(s, p.row.bbox[1], below.bbox[1]));
    if (p.row.page !== pr.row.page || (!adjacent && !headsColumn)) break;
    if (Math.abs(p.row.bbox[0] - pr.row.bbox[0]) > 40) break;
    lead.unshift(p);
    below = p.row;
    // A row heading the page column (`EXAMINATION BY:      PAGE`) is the top of the entry.
    if (pageColumnHeader(p, pr)) break;
  }
  s.pending = [];
  const first = lead[0] ?? pr;
  // An unlabelled entry (`ARGUMENT ..... 12`) closes the levels opened at its indentation or deeper: the
  // `I.` under it starts a list of its own, not the one of the lettered entries above. (An entry blacked out
  // whole has no indentation to tell: its label is under the box.)
  const blackedOut = pr.desc.length === 1 && pr.desc[0]!.text === '[redacted heading]';
  while (!blackedOut && s.stack.length > 0 && s.stack[s.stack.length - 1]!.x >= first.row.bbox[0] - 4) s.stack.pop();
  const d: Draft = {
    path: [],
    keyword: s.out.toc ? null : 'document',
    page: pr.row.page,
    bbox: [...first.row.bbox],
    labelX: first.row.bbox[0],
    descX: first.row.bbox[0],
    words: [],
    dateWords: [],
    pageRef: pr.pageRef,
    bottom: pr.row.bbox[3],
    lastTop: pr.row.bbox[1],
    ...refRightOf(pr),
    size: pr.row.size,
    ...(readByOcr(pr) ? { ocr: true } : {}),
  };
  // `EXAMINATION BY:            PAGE` over `MR. GWILLIAM    7`: the column's header is no part of the title.
  for (const l of lead) {
    if (!blackedOut) placeWords(s, d, l.row.words, pageColumnHeader(l, pr) ? new Set([l.row.words[l.row.words.length - 1]!]) : null);
    d.bbox = unionBox(d.bbox, l.row.bbox);
  }
  placeWords(s, d, pr.desc, null);
  d.bbox = unionBox(d.bbox, pr.row.bbox);
  s.out.items.push(d);
  s.out.accepted.set(d.page, (s.out.accepted.get(d.page) ?? 0) + 1);
  s.current = d;
}

/**
 * An unlabelled contents entry that prints no page number (`Argument:`, `CERTIFICATE OF SERVICE`): its
 * heading places it. It closes the levels at its indentation, and takes no row after it into its title.
 */
export function openUnpaged(s: AssemblyState, pr: ParsedRow): void {
  s.pending = [];
  while (s.stack.length > 0 && s.stack[s.stack.length - 1]!.x >= pr.row.bbox[0] - 4) s.stack.pop();
  const d: Draft = {
    path: [],
    keyword: s.out.toc ? null : 'document',
    page: pr.row.page,
    bbox: [...pr.row.bbox],
    labelX: pr.row.bbox[0],
    descX: pr.row.bbox[0],
    words: [],
    dateWords: [],
    bottom: pr.row.bbox[3],
    lastTop: pr.row.bbox[1],
    size: pr.row.size,
  };
  placeWords(s, d, pr.desc, null);
  s.out.items.push(d);
  s.out.accepted.set(d.page, (s.out.accepted.get(d.page) ?? 0) + 1);
  s.current = null;
}

/** A labelled entry, placed where `placeLabel` found its level. */
export function openLabelled(s: AssemblyState, pr: ParsedRow, placed: { depth: number; reading: Label }): void {
  s.pending = [];
  s.redactedRun = 0;
  // `A   Exhibit "A" – Letter …`: the keyword and label repeated in the text name the item's type.
  let keyword = pr.keyword;
  let desc = pr.desc;
  if (keyword === null && desc.length > 2 && /^exhibit$/i.test(desc[0]!.text) && labelMatch(placed.reading.text, desc[1]!.text, false) > 0) {
    keyword = 'exhibit';
    desc = desc.slice(2);
    while (desc.length > 1 && /^[-–—:]+$/.test(desc[0]!.text)) desc = desc.slice(1);
  }
  // `II. STATEMENT OF FACTS` under an unlabelled first entry set where the text of II starts
  // (`INTRODUCTION ..... 1`): OCR lost its `I.`.
  const prev = s.out.items[s.out.items.length - 1];
  if (placed.depth === 0 && placed.reading.value === 2 && prev?.path.length === 0 && s.out.items.every((d) => d.path.length === 0) &&
      readByOcr(pr) && Math.abs(prev.descX - pr.descX) <= 6) {
    const first = nextLabel(placed.reading, -1);
    if (first) prev.path = [{ readings: [first] }];
  }
  s.stack.length = placed.depth;
  // the first label of the list (after unlabelled entries too: INTRODUCTION, then `1.` read for `I.`) keeps
  // every reading until the next label tells which it is
  const firstLabel = s.stack.length === 0 && placed.depth === 0 && s.out.items.every((d) => d.path.length === 0);
  const slot: Slot = { readings: firstLabel ? pr.labels : [placed.reading] };
  s.stack.push({ slot, x: pr.labelX, descX: pr.descX });
  if (s.stack.length > 1) {
    s.out.hierarchical = true;
    if (!s.levelX.has(family(placed.reading.kind))) s.levelX.set(family(placed.reading.kind), pr.labelX);
  }
  const d: Draft = {
    path: s.stack.map((l) => l.slot),
    keyword,
    page: pr.row.page,
    bbox: [...pr.row.bbox],
    labelX: pr.labelX,
    descX: pr.descX,
    words: [],
    dateWords: [],
    dateCol: pr.dateCol,
    date: pr.date,
    pageRef: pr.pageRef,
    bottom: pr.row.bbox[3],
    lastTop: pr.row.bbox[1],
    ...refRightOf(pr),
    size: pr.row.size,
    ...(readByOcr(pr) ? { ocr: true } : {}),
  };
  placeWords(s, d, desc, null);
  if (d.dateWords.length > 0 && !pr.dateCol) delete d.date;
  // Only a label (and a date) on the opening line: the description follows in the column of the item above
  // (a table whose cells are centred vertically puts a one-line description beside the middle of a wrapped date).
  const above = s.out.items[s.out.items.length - 1];
  if (d.words.length === 0 && above && above.page === d.page && above.descX > d.descX) d.descX = above.descX;
  s.out.items.push(d);
  s.current = d;
}
