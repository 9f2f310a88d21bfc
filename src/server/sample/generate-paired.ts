// The sample's supplementary brief and trial record, written together: the brief's index lists 13 tabs,
// tabs 1-8 reproduced in the brief behind TAB dividers, tabs 9-13 in the trial record, where each starts
// on a page marked '*T9' … '*T13' (the brief's tab number, as records are marked). The record has its own
// index (5 items on pages 2-3, with page numbers printed from after the index).
import { columnDate, distinctDocuments, type DocumentSpec } from './generator/legal-text.ts';
import { type Column, type TableRow, planTable, writeTable } from './generator/index-table.ts';
import { courtName, fileNumber, stampFooters, writeCover, writeDivider, writeDocument } from './generator/page-content.ts';
import { DocWriter, type DocLook } from './generator/pdf-writer.ts';
import { Rng } from './generator/prng.ts';
import type { Truth, TruthItem } from './generator/types.ts';

export const TABS_IN_BRIEF = 8;
export const TABS_IN_RECORD = 5;

export async function generateBriefAndRecord(o: { seed: string; look: DocLook; briefBody: [number, number]; recordBody: [number, number] }): Promise<{
  brief: { bytes: Uint8Array; truth: Truth };
  record: { bytes: Uint8Array; truth: Truth };
}> {
  const rng = new Rng(o.seed);
  const court = courtName(rng);
  const fileNo = fileNumber(rng);
  const docs = distinctDocuments(rng, TABS_IN_BRIEF + TABS_IN_RECORD);

  // the brief: cover, a one-page index of 13 tabs, tabs 1-8 behind dividers
  const brief = await DocWriter.create(o.look);
  const cols = (w: number, page: boolean): Column[] => [
    { key: 'label', header: 'Tab No.', x: 0, width: 60 },
    { key: 'date', header: 'Date', x: 66, width: 96 },
    { key: 'text', header: 'Nature of Document', x: 168, width: w - 168 - (page ? 60 : 0) },
    ...(page ? [{ key: 'page', header: 'Page', x: w - 50, width: 50, align: 'right' as const }] : []),
  ];
  const briefLook = { title: 'INDEX', continuedTitle: null, columns: cols(brief.textWidth, false), showHeaders: true, size: o.look.bodySize - 1, rowGap: 10 };
  const briefRows: TableRow[] = docs.map((d, i) => ({ cells: { label: String(i + 1), date: columnDate(d.date, 0), text: d.description } }));
  writeCover(brief, rng, { court, fileNo, title: 'SUPPLEMENTARY APPEAL BOOK AND COMPENDIUM' });
  const briefIndex = writeTable(brief, briefRows, briefLook, planTable(brief, briefRows, briefLook));
  const briefStarts: number[] = [];
  for (let i = 0; i < TABS_IN_BRIEF; i++) {
    briefStarts.push(writeDivider(brief, `TAB ${i + 1}`, 44).number);
    writeDocument(brief, rng, docs[i] as DocumentSpec, rng.int(o.briefBody[0], o.briefBody[1]));
  }
  stampFooters(brief, 1, 'plain', 'center');

  // the record: cover, its own index of the 5 documents (pages 2-3), each document's first page marked
  const record = await DocWriter.create(o.look);
  const inRecord = docs.slice(TABS_IN_BRIEF);
  const lengths = inRecord.map(() => rng.int(o.recordBody[0], o.recordBody[1]));
  const recordLook = { title: 'INDEX', continuedTitle: 'INDEX (continued)', columns: cols(record.textWidth, true), showHeaders: true,
    size: o.look.bodySize - 1, rowGap: 10, maxRowsPerPage: 3 };
  const proto: TableRow[] = inRecord.map((d, i) => ({ cells: { label: String(i + 1), date: columnDate(d.date, 0), text: d.description, page: '888' } }));
  const plan = planTable(record, proto, recordLook);
  const firstBody = 2 + plan.length;
  const recordStarts = lengths.map((_, i) => firstBody + lengths.slice(0, i).reduce((a, b) => a + b, 0));
  const rows = proto.map((r, i) => ({ cells: { ...r.cells, page: String(recordStarts[i]! - firstBody + 1) } }));
  writeCover(record, rng, { court, fileNo, title: 'TRIAL RECORD', subtitle: 'Volume I of I' });
  const recordIndex = writeTable(record, rows, recordLook, plan);
  inRecord.forEach((d, i) => writeDocument(record, rng, d, lengths[i]!, { marker: `*T${TABS_IN_BRIEF + i + 1}` }));
  stampFooters(record, firstBody, 'plain', 'right');

  const briefItems: TruthItem[] = docs.map((d, i) => ({
    ordinal: i + 1, label: String(i + 1), type: 'tab', text: d.description,
    ...(i < TABS_IN_BRIEF ? { target: 'source' as const, targetPage: briefStarts[i]! } : { target: 'record' as const, targetPage: recordStarts[i - TABS_IN_BRIEF]! }),
  }));
  const recordItems: TruthItem[] = inRecord.map((d, i) => ({ ordinal: i + 1, label: String(i + 1), type: 'tab', text: d.description, target: 'source', targetPage: recordStarts[i]! }));
  return {
    brief: { bytes: await brief.save(), truth: { indexPages: briefIndex, noIndex: false, items: briefItems } },
    record: { bytes: await record.save(), truth: { indexPages: recordIndex, noIndex: false, items: recordItems } },
  };
}
