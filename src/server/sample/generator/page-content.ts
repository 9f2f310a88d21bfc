import { type BodyLine, type DocumentSpec, bodyLines, company, person } from './legal-text.ts';
import type { Rng } from './prng.ts';
import type { DocWriter, PageWriter } from './pdf-writer.ts';

/** Pages every court document has: cover, divider, body pages, footers and court headers. */

export interface CoverSpec {
  court: string;
  fileNo: string;
  title: string;
  subtitle?: string;
}

export function courtName(rng: Rng): string {
  return rng.pick(['COURT OF APPEAL FOR ONTARIO', 'ONTARIO SUPERIOR COURT OF JUSTICE',
    'SUPERIOR COURT OF JUSTICE (COMMERCIAL LIST)', 'SUPREME COURT OF BRITISH COLUMBIA']);
}

export function fileNumber(rng: Rng): string {
  return rng.chance(0.5) ? `CV-${rng.int(17, 23)}-${String(rng.int(100, 99999)).padStart(8, '0')}` : `C${rng.int(60000, 69999)}`;
}

export function writeCover(doc: DocWriter, rng: Rng, c: CoverSpec): PageWriter {
  const w = doc.newPage();
  const right = doc.width - doc.look.margin;
  w.at(right, w.y, `Court File No. ${c.fileNo}`, { align: 'right' });
  w.gap(40);
  w.centered(c.court, { bold: true, size: 13 });
  w.gap(24);
  w.centered('BETWEEN:');
  w.gap(10);
  w.centered(person(rng).toUpperCase(), { bold: true });
  w.centered('Plaintiff (Appellant)', { italic: true });
  w.gap(8);
  w.centered('- and -');
  w.gap(8);
  w.centered(company(rng).toUpperCase(), { bold: true });
  w.centered('Defendant (Respondent)', { italic: true });
  w.gap(48);
  w.centered(c.title, { bold: true, size: 15 });
  if (c.subtitle) w.centered(c.subtitle, { size: 11 });
  w.y = doc.height - doc.look.marginY - 110;
  const firm = rng.pick(['LERNER & CAMPBELL LLP', 'OSLER HARBOUR LLP', 'MERCER DOYLE LLP', 'SUTHERLAND WONG LLP']);
  for (const l of [firm, 'Barristers and Solicitors', `${rng.int(100, 999)} Bay Street, Suite ${rng.int(1000, 4500)}`,
    'Toronto ON  M5J 2T3', `${person(rng)} (LSO# ${rng.int(30000, 79999)}F)`, 'Lawyers for the Appellant']) {
    w.line(l, { size: 10, x: doc.width / 2 });
  }
  return w;
}

/** A divider page: only the tab text, large, in the middle of the page. */
export function writeDivider(doc: DocWriter, text: string, size: number): PageWriter {
  const w = doc.newPage();
  w.at(doc.width / 2, doc.height / 2 - size, text, { align: 'center', size, bold: true });
  return w;
}

/** Wraps an endless line source into page-sized lines, carrying paragraphs over page breaks. */
export class BodyFlow {
  private pending: BodyLine[] = [];
  constructor(private readonly doc: DocWriter, private readonly next: () => BodyLine) {}

  /** Fills the page (or at most `maxLines` lines); `extraLines` are paragraphs to write first. */
  fill(w: PageWriter, extraLines: string[] = [], maxLines = Infinity): void {
    for (const extra of [...extraLines].reverse()) {
      this.pending.unshift(...this.doc.wrap(extra, this.doc.textWidth).map((t) => ({ text: t })), { text: '' });
    }
    const size = this.doc.look.bodySize;
    for (let n = 0; n < maxLines && w.fits(1); n++) {
      if (this.pending.length === 0) {
        const src = this.next();
        const indent = src.indent ?? 0;
        const wrapped = this.doc.wrap(src.text, this.doc.textWidth - indent, { size });
        this.pending.push(...wrapped.map((t) => ({ text: t, indent })), { text: '' });
      }
      const l = this.pending.shift() as BodyLine;
      if (l.text) w.line(l.text, { x: this.doc.look.margin + (l.indent ?? 0) });
      else w.gap(size * 0.5);
    }
  }
}

/**
 * Writes one document of `pages` pages. The first page carries the heading (title block) unless
 * `heading` is false; `marker` (e.g. '*T3') is stamped at the top right of the first page.
 */
export function writeDocument(doc: DocWriter, rng: Rng, spec: DocumentSpec, pages: number,
  o: { heading?: boolean; marker?: string; extraFirstLines?: string[] } = {}): number {
  const flow = new BodyFlow(doc, bodyLines(rng, spec.kind, spec.deponent));
  let first = 0;
  for (let i = 0; i < pages; i++) {
    const w = doc.newPage();
    if (i === 0) {
      first = w.number;
      if (o.marker) w.at(doc.width - doc.look.margin, w.y - 18, o.marker, { align: 'right', bold: true, size: 12 });
      if (o.heading !== false) {
        w.gap(12);
        w.centered(spec.heading, { bold: true, size: doc.look.bodySize + 2 });
        if (spec.kind === 'affidavit' || spec.kind === 'order') {
          w.centered(`(${spec.descriptionWithDate.replace(/^.*?(sworn|dated|held|issued|on) /, '$1 ')})`, { size: doc.look.bodySize });
        }
        w.gap(14);
      }
    }
    flow.fill(w, i === 0 ? o.extraFirstLines : []);
  }
  return first;
}

/** Printed page numbers in the footer from PDF page `from` on (printed 1 = PDF page `from`). */
export function stampFooters(doc: DocWriter, from: number, form: 'plain' | 'page' | 'dash', where: 'center' | 'right'): void {
  for (const w of doc.pages) {
    if (w.number < from) continue;
    const n = w.number - from + 1;
    const text = form === 'page' ? `Page ${n}` : form === 'dash' ? `- ${n} -` : String(n);
    const x = where === 'center' ? doc.width / 2 : doc.width - doc.look.margin;
    w.at(x, doc.height - doc.look.marginY / 2 - 6, text, { align: where, size: 10 });
  }
}

/** A court e-filing header on every page, e.g. 'Case 3:19-cv-04567 Document 212 Filed 08/14/20 Page 3 of 120'. */
export function stampCourtHeaders(doc: DocWriter, caseNo: string, docNo: number, filed: string): void {
  const total = doc.pageCount;
  for (const w of doc.pages) {
    const text = `Case ${caseNo}   Document ${docNo}   Filed ${filed}   Page ${w.number} of ${total}`;
    w.at(doc.width / 2, 18, text, { align: 'center', size: 9 });
  }
}
