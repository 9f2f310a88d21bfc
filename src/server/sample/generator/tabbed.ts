import type { ItemType } from '../../../engine/types.ts';
import { type DocumentSpec, columnDate, distinctDocuments } from './legal-text.ts';
import { type Column, type TableRow, planTable, writeTable } from './index-table.ts';
import { courtName, fileNumber, stampCourtHeaders, stampFooters, writeCover, writeDivider, writeDocument } from './page-content.ts';
import { DocWriter, type DocLook } from './pdf-writer.ts';
import { Rng } from './prng.ts';
import type { GeneratedDocs, TruthItem } from './types.ts';

/**
 * Tabbed briefs: a cover, an index, then one document per tab (optionally behind a divider page).
 * Covers Ontario document briefs (1), dotted-leader indexes (2), motion records (3), lettered, roman
 * and two-level labels (5), traps (9) and the large briefs.
 */
export interface TabbedOptions {
  seed: string;
  look: DocLook;
  labels: string[];
  type?: ItemType;
  /** Word before the label in a dotted index ('Tab 7', 'Schedule A'); defaults to the divider's. */
  labelWord?: string;
  /** Divider pages showing e.g. 'TAB 7'; null = no dividers. */
  dividers: { word: string; size: number } | null;
  index: 'ontario-table' | 'dotted' | 'motion-table';
  heading: string | null;
  continuedTitle?: string | null;
  dateForm?: number;
  /** Printed page numbers in the index. */
  pageRefs: boolean;
  /** Footer page numbers: printed 1 on the first page after the index, on the cover, or none. */
  printed: 'after-index' | 'cover' | null;
  footer?: { form: 'plain' | 'page' | 'dash'; where: 'center' | 'right' };
  bodyPages: [number, number];
  maxRowsPerPage?: number;
  coverTitle: string;
  /** Body sentences that mention tabs ("see Tab 12 of this brief"). */
  seeTabTraps?: boolean;
  /** How many index page references disagree with the dividers (dividers are the truth). */
  wrongRefs?: number;
  /** An e-filing header 'Case … Page N of M' on every page (not the printed page number). */
  courtHeader?: boolean;
  /** Pages to scan in the mixed variant, chosen after layout. */
  mixed?: boolean;
  /** Each document's first page marked '*T1', '*T2', … at the top right (a trial record's items). */
  markers?: boolean;
}

function columnsFor(o: TabbedOptions, textWidth: number): { columns: Column[]; showHeaders: boolean } {
  const pw = o.pageRefs ? 60 : 0;
  if (o.index === 'ontario-table') {
    const cols: Column[] = [
      { key: 'label', header: 'Tab No.', x: 0, width: 60 },
      { key: 'date', header: 'Date', x: 66, width: 96 },
      { key: 'text', header: 'Nature of Document', x: 168, width: textWidth - 168 - pw },
    ];
    if (o.pageRefs) cols.push({ key: 'page', header: 'Page', x: textWidth - pw + 10, width: pw - 10, align: 'right' });
    return { columns: cols, showHeaders: true };
  }
  if (o.index === 'motion-table') {
    return { showHeaders: true, columns: [
      { key: 'label', header: 'TAB', x: 0, width: 50 },
      { key: 'text', header: 'DOCUMENT', x: 56, width: textWidth - 56 - 80 },
      { key: 'page', header: 'PAGE NO.', x: textWidth - 70, width: 70, align: 'right' },
    ] };
  }
  return { showHeaders: false, columns: [
    { key: 'label', header: '', x: 0, width: 86 },
    { key: 'text', header: '', x: 90, width: textWidth - 90 - 50, leaders: true },
    { key: 'page', header: '', x: textWidth - 40, width: 40, align: 'right' },
  ] };
}

export async function generateTabbed(o: TabbedOptions): Promise<GeneratedDocs> {
  const rng = new Rng(o.seed);
  const doc = await DocWriter.create(o.look);
  const docs = distinctDocuments(rng, o.labels.length);
  const bodyPages = o.labels.map(() => rng.int(o.bodyPages[0], o.bodyPages[1]));
  const dateCol = o.index === 'ontario-table';
  const descr = (i: number) => {
    const d = docs[i] as DocumentSpec;
    return dateCol ? d.description : d.descriptionWithDate;
  };
  const word = o.labelWord ?? (o.dividers?.word === 'TAB' ? 'TAB' : 'Tab');
  const labelCell = (l: string) => (o.index === 'dotted' ? `${word} ${l}` : l);

  // Lay the index out first (page numbers do not change wrapping), then place every tab.
  const { columns, showHeaders } = columnsFor(o, doc.textWidth);
  const look = { title: o.heading, continuedTitle: o.continuedTitle ?? null, columns, showHeaders,
    size: o.look.bodySize - 1, rowGap: o.index === 'dotted' ? 6 : 10, maxRowsPerPage: o.maxRowsPerPage };
  const protoRows: TableRow[] = o.labels.map((l, i) => ({ cells: { label: labelCell(l), date: columnDate((docs[i] as DocumentSpec).date, o.dateForm ?? 0), text: descr(i), page: o.pageRefs ? '888' : '' } }));
  const plan = planTable(doc, protoRows, look);
  const indexPages = plan.map((_, i) => 2 + i);
  let next = 2 + plan.length;
  const starts = o.labels.map((_, i) => {
    const s = next;
    next += (o.dividers ? 1 : 0) + (bodyPages[i] as number);
    return s;
  });
  const printedFrom = o.printed === 'cover' ? 1 : 2 + plan.length;
  const refs = starts.map((s) => s - printedFrom + 1);
  const wrong = new Set(rng.shuffle(o.labels.map((_, i) => i)).slice(0, o.wrongRefs ?? 0));
  for (const i of wrong) refs[i] = (refs[i] as number) + rng.int(2, 6);
  const rows = protoRows.map((r, i) => ({ cells: { ...r.cells, page: o.pageRefs ? String(refs[i]) : '' } }));

  writeCover(doc, rng, { court: courtName(rng), fileNo: fileNumber(rng), title: o.coverTitle });
  writeTable(doc, rows, look, plan);
  o.labels.forEach((label, i) => {
    if (o.dividers) writeDivider(doc, `${o.dividers.word} ${label}`, o.dividers.size);
    const extra: string[] = [];
    if (o.seeTabTraps && i % 3 === 1) {
      const other = o.labels[(i * 7 + 3) % o.labels.length] as string;
      extra.push(`As appears from the correspondence, see Tab ${other} of this brief, the undertakings were answered late.`);
      if (i % 2 === 1) extra.push(`Tab ${other} contains the only written record of the meeting and is relied on below.`);
    }
    writeDocument(doc, rng, docs[i] as DocumentSpec, bodyPages[i] as number, { extraFirstLines: extra, ...(o.markers ? { marker: `*T${i + 1}` } : {}) });
  });
  if (o.printed) stampFooters(doc, printedFrom, o.footer?.form ?? 'plain', o.footer?.where ?? 'center');
  if (o.courtHeader) stampCourtHeaders(doc, `2:${rng.int(15, 23)}-cv-0${rng.int(1000, 9999)}`, rng.int(20, 300), '03/02/21');

  const items: TruthItem[] = o.labels.map((label, i) => ({
    ordinal: i + 1, label, type: o.type ?? 'tab', text: descr(i), target: 'source', targetPage: starts[i] as number,
    ...(wrong.has(i) ? { refDisagrees: true } : {}),
  }));
  const mixedScanPages = o.mixed ? [indexPages[0] as number, ...starts.filter((_, i) => i % 3 === 0)] : undefined;
  return { brief: await doc.save(), truth: { indexPages, noIndex: false, items }, mixedScanPages };
}
