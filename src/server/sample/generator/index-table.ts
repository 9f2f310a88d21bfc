import type { DocWriter, PageWriter } from './pdf-writer.ts';

/** Index pages laid out as a table: wrapped cells, optional dot leaders, headings, continuation pages. */

export interface Column {
  key: string;
  header: string;
  /** Left edge, as an offset from the left margin. */
  x: number;
  width: number;
  align?: 'left' | 'right';
  /** Fill from the end of this cell's last line to the next column with dot leaders. */
  leaders?: boolean;
}

export interface TableRow {
  cells: Record<string, string>;
  /** Extra indent (points) for nested entries; applies to every column except right-aligned ones. */
  indent?: number;
}

export interface TableLook {
  title: string | null;
  subtitle?: string;
  /** Title on continuation pages; null repeats nothing but the column headers. */
  continuedTitle?: string | null;
  columns: Column[];
  /** Column headers shown? */
  showHeaders: boolean;
  size: number;
  rowGap: number;
  maxRowsPerPage?: number;
}

function cellLines(doc: DocWriter, row: TableRow, col: Column, size: number): string[] {
  const text = row.cells[col.key] ?? '';
  if (!text) return [];
  const indent = col.align === 'right' ? 0 : row.indent ?? 0;
  const room = col.width - indent - (col.leaders ? 24 : 0);
  return doc.wrap(text, room, { size });
}

function rowHeight(doc: DocWriter, row: TableRow, look: TableLook): number {
  const lines = Math.max(1, ...look.columns.map((c) => cellLines(doc, row, c, look.size).length));
  return lines * look.size * 1.25 + look.rowGap;
}

function headerHeight(look: TableLook, first: boolean): number {
  const title = first ? look.title : look.continuedTitle ?? null;
  let h = 0;
  if (title) h += 16 * 1.3 + 14;
  if (first && look.subtitle) h += look.size * 1.4;
  if (look.showHeaders) h += look.size * 1.25 + 14;
  return h;
}

/** Which rows go on which index page. */
export function planTable(doc: DocWriter, rows: TableRow[], look: TableLook): number[][] {
  const pages: number[][] = [];
  let cur: number[] = [];
  const avail = (first: boolean) => doc.height - 2 * doc.look.marginY - headerHeight(look, first);
  let left = avail(true);
  rows.forEach((row, i) => {
    const h = rowHeight(doc, row, look);
    if (cur.length > 0 && (h > left || cur.length === (look.maxRowsPerPage ?? Infinity))) {
      pages.push(cur);
      cur = [];
      left = avail(false);
    }
    cur.push(i);
    left -= h;
  });
  if (cur.length) pages.push(cur);
  return pages;
}

/** Writes the index pages; returns their 1-based page numbers. */
export function writeTable(doc: DocWriter, rows: TableRow[], look: TableLook, plan: number[][], blank?: PageWriter[]): number[] {
  const m = doc.look.margin;
  const out: number[] = [];
  const dotW = doc.measure('. ', { size: look.size });
  plan.forEach((rowIdx, p) => {
    const w = blank?.[p] ?? doc.newPage();
    out.push(w.number);
    const title = p === 0 ? look.title : look.continuedTitle ?? null;
    if (title) {
      w.centered(title, { bold: true, size: 16, leading: 1.3 });
      w.gap(14);
    }
    if (p === 0 && look.subtitle) w.centered(look.subtitle, { size: look.size, leading: 1.4 });
    if (look.showHeaders) {
      for (const c of look.columns) {
        const x = c.align === 'right' ? m + c.x + c.width : m + c.x;
        w.at(x, w.y, c.header, { bold: true, size: look.size, align: c.align ?? 'left' });
      }
      w.y += look.size * 1.25 + 4;
      w.rule(m, doc.width - m, w.y);
      w.gap(10);
    }
    for (const i of rowIdx) {
      const row = rows[i] as TableRow;
      const top = w.y;
      const hasLeaders = look.columns.some((c) => c.leaders);
      const rowLines = Math.max(1, ...look.columns.map((c) => cellLines(doc, row, c, look.size).length));
      look.columns.forEach((c, ci) => {
        const lines = cellLines(doc, row, c, look.size);
        const indent = c.align === 'right' ? 0 : row.indent ?? 0;
        lines.forEach((l, li) => {
          // With dot leaders the page number stands on the row's last line, where the leaders end.
          const at = c.align === 'right' && hasLeaders ? rowLines - 1 : li;
          const y = top + at * look.size * 1.25;
          if (c.align === 'right') w.at(m + c.x + c.width, y, l, { size: look.size, align: 'right' });
          else w.at(m + c.x + indent, y, l, { size: look.size });
          if (c.leaders && li === lines.length - 1) {
            const start = m + c.x + indent + doc.measure(l, { size: look.size }) + 6;
            const next = look.columns[ci + 1];
            const nextText = next ? row.cells[next.key] ?? '' : '';
            const end = next
              ? (next.align === 'right' ? m + next.x + next.width - doc.measure(nextText, { size: look.size }) : m + next.x) - 6
              : m + c.x + c.width;
            const n = Math.max(0, Math.floor((end - start) / dotW));
            if (n > 2) w.at(start, y, '. '.repeat(n).trim(), { size: look.size });
          }
        });
      });
      w.y = top + rowHeight(doc, row, look);
    }
  });
  return out;
}
