// The hyperlink report filed with a document: every index entry, where its link goes, the engine's
// confidence, its review status and who confirmed or changed it and when, and the read-back totals.
// As CSV (one row per entry) and as the lines of a PDF (written by the PDF worker with MuPDF).
import type { TextLineSpec } from '../../engine/pdf/make-text-pdf.ts';
import type { ValidationTotals } from '../../contract/review.ts';

export interface ReportEntry {
  ordinal: number;
  label: string;
  text: string;
  /** Page the link goes to in the filed PDF; null: no link (removed, or no destination). */
  destination: number | null;
  engineDestination: number | null;
  confidence: number;
  status: 'auto' | 'confirmed' | 'removed';
  /** Who last confirmed, removed or changed the link, and when (ISO); null when untouched. */
  changedBy: string | null;
  changedAt: string | null;
}

export interface ReportInput {
  caseNumber: string;
  caseTitle: string;
  documentTitle: string;
  sha256: string;
  pageCount: number;
  approvedBy: string;
  approvedAt: string;
  submittedBy: string | null;
  submittedAt: string;
  court: string | null;
  validation: ValidationTotals;
  entries: ReportEntry[];
  /** The references of the brief's body to its records (DESIGN §8), when it has records. */
  references?: ReportReferences;
  /** The authorities the brief cites (DESIGN §8), when its case asked for them. */
  authorities?: ReportAuthorities;
  /** The court's rules checked on the filed file (docs/adr/0009): what was fixed, what fails, and any override. */
  courtRules?: ReportCourtRules;
}

/** Each rule of the case's court profile as the filed file meets it, with the fixes written into it. */
export interface ReportCourtRules {
  profileName: string;
  rules: Array<{ rule: string; status: 'pass' | 'fixed' | 'fail' | 'unchecked'; requirement: string; detail: string[] }>;
  /** The reviewer's reason for filing although a rule fails; null when none was needed. */
  override: string | null;
}

/** Authorities linked and listed but not linked, and each with where its link goes in the filed PDF. */
export interface ReportAuthorities {
  totals: { found: number; linked: number; listed: number; removed: number };
  /** `target`: a Book of Authorities page, a page of the brief, or a web address; null: not linked. */
  rows: Array<{ page: number; text: string; toaRow: boolean; target: string | null; status: 'auto' | 'confirmed' | 'removed'; why: string | null }>;
}

const AUTH_HEADER = ['authority_page', 'authority', 'table_of_authorities_row', 'link_target', 'status', 'why'];

/** References counted by record document, and each reference with where its link goes in the filed PDF. */
export interface ReportReferences {
  byRecord: Array<{ record: string; found: number; linked: number; unresolved: number; removed: number }>;
  rows: Array<{ page: number; text: string; record: string | null; destination: number | null; status: 'auto' | 'confirmed' | 'removed'; confidence: number; why: string | null }>;
}

const REF_HEADER = ['reference_page', 'reference', 'record_document', 'destination_page', 'status', 'confidence', 'why'];

const CSV_HEADER = ['ordinal', 'label', 'text', 'destination_page', 'engine_page', 'confidence', 'status', 'changed_by', 'changed_at'];

/** One CSV cell: quoted, and a leading = + - @ neutralised so a spreadsheet never runs it as a formula. */
function cell(v: string | number | null): string {
  let s = v === null ? '' : String(v);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return `"${s.replace(/"/g, '""')}"`;
}

/** Links in the filed PDF that no reviewer confirmed, removed or gave a page: approved as the engine made them. */
function notReviewed(r: ReportInput): number {
  return r.entries.filter((e) => e.status === 'auto' && e.destination === e.engineDestination).length;
}

export function reportCsv(r: ReportInput): string {
  const rows = r.entries.map((e) =>
    [e.ordinal, e.label, e.text, e.destination, e.engineDestination, e.confidence.toFixed(2), e.status, e.changedBy, e.changedAt].map(cell).join(','),
  );
  const v = r.validation;
  const totals = [
    ['expected_tabs', v.expected_tabs],
    ['found_tabs', v.found_tabs],
    ['links_created', v.links_created],
    ['broken_links', v.broken_links],
    ['success', String(v.success)],
    ['not_individually_reviewed', notReviewed(r)],
  ].map(([k, n]) => [cell(`# ${k}`), cell(n as string | number)].join(','));
  const refs = r.references
    ? [
        '',
        [cell('# references by record document'), cell('found'), cell('linked'), cell('unresolved'), cell('removed')].join(','),
        ...r.references.byRecord.map((t) => [cell(`# ${t.record}`), cell(t.found), cell(t.linked), cell(t.unresolved), cell(t.removed)].join(',')),
        REF_HEADER.map(cell).join(','),
        ...r.references.rows.map((x) => [x.page, x.text, x.record, x.destination, x.status, x.confidence.toFixed(2), x.why].map(cell).join(',')),
      ]
    : [];
  const a = r.authorities;
  const auths = a
    ? [
        '',
        [cell('# authorities'), cell('found'), cell('linked'), cell('listed_not_linked'), cell('removed')].join(','),
        [cell('# all authorities'), cell(a.totals.found), cell(a.totals.linked), cell(a.totals.listed), cell(a.totals.removed)].join(','),
        AUTH_HEADER.map(cell).join(','),
        ...a.rows.map((x) => [x.page, x.text, x.toaRow ? 'yes' : 'no', x.target, x.status, x.why].map(cell).join(',')),
      ]
    : [];
  const c = r.courtRules;
  const court = c
    ? [
        '',
        [cell('# court rules'), cell(c.profileName)].join(','),
        [cell('# rule'), cell('status'), cell('requirement'), cell('fixes_or_findings')].join(','),
        ...c.rules.map((x) => [cell(`# ${x.rule}`), cell(x.status), cell(x.requirement), cell(x.detail.join('; '))].join(',')),
        ...(c.override ? [[cell('# preflight_override'), cell(c.override)].join(',')] : []),
      ]
    : [];
  return `${[CSV_HEADER.map(cell).join(','), ...rows, ...totals, ...refs, ...auths, ...court].join('\r\n')}\r\n`;
}

/** Text the report PDF's standard font can show (Latin-1): dashes and quotes plain, anything else '?'. */
export function latin1(s: string): string {
  return s
    .replace(/[\u2012-\u2015]/g, '-')
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201C\u201D]/g, '"')
    .replace(/\u2026/g, '...')
    .replace(/\s+/g, ' ')
    .replace(/[^\x20-\x7E\xA0-\xFF]/g, '?');
}

/** Greedy word wrap to at most `width` characters a line. */
function wrap(s: string, width: number): string[] {
  const out: string[] = [];
  let line = '';
  for (const word of latin1(s).split(' ')) {
    for (let w = word; w.length; w = w.slice(width)) {
      const part = w.slice(0, width);
      if (!line) line = part;
      else if (line.length + 1 + part.length <= width) line += ` ${part}`;
      else {
        out.push(line);
        line = part;
      }
      if (w.length <= width) break;
    }
  }
  if (line) out.push(line);
  return out.length ? out : [''];
}

const PAGE_H = 792;
const TOP = 60;
const BOTTOM = 740;
const LINE = 11;
const SIZE = 8;
// x of each column and how many characters fit in it at 8 pt
const COLS = { no: 54, label: 76, text: 122, dest: 318, engine: 352, conf: 388, status: 420, by: 466 };
const TEXT_CHARS = 46;
const BY_CHARS = 30;

const fmtTime = (iso: string | null) => (iso ? `${iso.slice(0, 16).replace('T', ' ')} UTC` : '');

/** The report as pages of text lines for the PDF writer. */
export function reportPdfPages(r: ReportInput): TextLineSpec[][] {
  const pages: TextLineSpec[][] = [];
  let page: TextLineSpec[] = [];
  let y = TOP;
  const line = (text: string, x = 54, size = SIZE) => page.push({ text: latin1(text), x, y, size });
  const newPage = () => {
    pages.push(page);
    page = [];
    y = TOP;
    header();
  };
  const header = () => {
    const cols: Array<[keyof typeof COLS, string]> = [
      ['no', '#'], ['label', 'Label'], ['text', 'Index entry'], ['dest', 'Page'], ['engine', 'Engine'],
      ['conf', 'Conf.'], ['status', 'Status'], ['by', 'Confirmed / changed by, when'],
    ];
    for (const [k, t] of cols) line(t, COLS[k]);
    y += LINE + 2;
  };

  line('Hyperlink report', 54, 14);
  y += 20;
  const v = r.validation;
  for (const t of [
    `Case ${r.caseNumber}: ${r.caseTitle}`,
    `Document: ${r.documentTitle} (${r.pageCount} pages)`,
    `SHA-256 of the filed PDF: ${r.sha256}`,
    `Approved by ${r.approvedBy} on ${fmtTime(r.approvedAt)}`,
    `Submitted${r.court ? ` to ${r.court}` : ''} by ${r.submittedBy ?? 'unknown'} on ${fmtTime(r.submittedAt)}`,
    `Validation (read back from the filed PDF): expected ${v.expected_tabs}, found ${v.found_tabs}, links ${v.links_created}, broken ${v.broken_links}: ${v.success ? 'passed' : 'FAILED'}`,
    `Index entries: ${r.entries.length} (removed by the reviewer: ${r.entries.filter((e) => e.status === 'removed').length})`,
    notReviewed(r) > 0
      ? `Approved with ${notReviewed(r)} of ${r.entries.length} links not individually reviewed (status auto below)`
      : 'Every link was individually reviewed before approval',
  ]) {
    line(t, 54, 9);
    y += LINE + 1;
  }
  y += LINE;
  header();
  for (const e of r.entries) {
    const text = wrap(e.text, TEXT_CHARS);
    const by = e.changedBy ? [...wrap(e.changedBy, BY_CHARS), fmtTime(e.changedAt)] : ['-'];
    const height = Math.max(text.length, by.length) * LINE + 3;
    if (y + height > BOTTOM) newPage();
    line(String(e.ordinal), COLS.no);
    line(e.label.slice(0, 10), COLS.label);
    line(e.destination === null ? '-' : String(e.destination), COLS.dest);
    line(e.engineDestination === null ? '-' : String(e.engineDestination), COLS.engine);
    line(`${Math.round(e.confidence * 100)}%`, COLS.conf);
    line(e.status, COLS.status);
    const top = y;
    for (const t of text) {
      line(t, COLS.text);
      y += LINE;
    }
    y = top;
    for (const t of by) {
      line(t, COLS.by);
      y += LINE;
    }
    y = top + height;
  }
  const writer: Writer = { line, newPage: () => { pages.push(page); page = []; y = TOP; }, y: () => y, setY: (v) => (y = v) };
  if (r.references) referencesSection(r.references, writer);
  if (r.authorities) authoritiesSection(r.authorities, writer);
  if (r.courtRules) courtRulesSection(r.courtRules, writer);
  pages.push(page);
  return pages.map((p, i) => [...p, { text: `Page ${i + 1} of ${pages.length}`, x: 270, y: PAGE_H - 30, size: 8 }]);
}

interface Writer {
  line: (text: string, x?: number, size?: number) => void;
  newPage: () => void;
  y: () => number;
  setY: (y: number) => void;
}

const REF_COLS = { page: 54, text: 84, record: 320, dest: 440, status: 476 };

/** The report's references section: found, linked and unresolved by record document, then each reference. */
function referencesSection(refs: ReportReferences, w: Writer): void {
  const need = (h: number) => {
    if (w.y() + h > BOTTOM) w.newPage();
  };
  need(LINE * 6);
  w.setY(w.y() + LINE);
  w.line('References to the record', 54, 11);
  w.setY(w.y() + LINE + 4);
  const total = refs.byRecord.reduce((n, t) => ({ found: n.found + t.found, linked: n.linked + t.linked, unresolved: n.unresolved + t.unresolved, removed: n.removed + t.removed }), { found: 0, linked: 0, unresolved: 0, removed: 0 });
  for (const t of [...refs.byRecord.map((b) => ({ ...b, label: b.record })), { ...total, label: 'All record documents' }]) {
    need(LINE);
    w.line(`${t.label}: found ${t.found}, linked ${t.linked}, unresolved ${t.unresolved}, removed ${t.removed}`, 54, 9);
    w.setY(w.y() + LINE + 1);
  }
  w.setY(w.y() + LINE);
  const header = () => {
    for (const [k, t] of [['page', 'Page'], ['text', 'Reference'], ['record', 'Record document'], ['dest', 'To'], ['status', 'Status']] as const) w.line(t, REF_COLS[k]);
    w.setY(w.y() + LINE + 2);
  };
  need(LINE * 3);
  header();
  for (const x of refs.rows) {
    const text = wrap(x.text, 44);
    const rec = wrap(x.record ?? '-', 22);
    const height = Math.max(text.length, rec.length) * LINE + 2;
    if (w.y() + height > BOTTOM) {
      w.newPage();
      header();
    }
    const top = w.y();
    w.line(String(x.page), REF_COLS.page);
    w.line(x.destination === null ? '-' : String(x.destination), REF_COLS.dest);
    w.line(x.status, REF_COLS.status);
    for (let i = 0; i < text.length; i++) {
      w.setY(top + i * LINE);
      w.line(text[i]!, REF_COLS.text);
    }
    for (let i = 0; i < rec.length; i++) {
      w.setY(top + i * LINE);
      w.line(rec[i]!, REF_COLS.record);
    }
    w.setY(top + height);
  }
}

const AUTH_COLS = { page: 54, text: 84, target: 300, status: 500 };

/** The report's authorities section: linked and listed-not-linked, then each authority and where it goes. */
function authoritiesSection(a: ReportAuthorities, w: Writer): void {
  const need = (h: number) => {
    if (w.y() + h > BOTTOM) w.newPage();
  };
  need(LINE * 6);
  w.setY(w.y() + LINE);
  w.line('Authorities', 54, 11);
  w.setY(w.y() + LINE + 4);
  const t = a.totals;
  w.line(`Authorities: found ${t.found}, linked ${t.linked}, listed not linked ${t.listed}, removed ${t.removed}`, 54, 9);
  w.setY(w.y() + LINE * 2);
  const header = () => {
    for (const [k, s] of [['page', 'Page'], ['text', 'Authority as cited'], ['target', 'Link to'], ['status', 'Status']] as const) w.line(s, AUTH_COLS[k]);
    w.setY(w.y() + LINE + 2);
  };
  need(LINE * 3);
  header();
  for (const x of a.rows) {
    const text = wrap(`${x.toaRow ? '[TOA] ' : ''}${x.text}`, 40);
    const target = wrap(x.target ?? `not linked${x.why ? `: ${x.why}` : ''}`, 40);
    const height = Math.max(text.length, target.length) * LINE + 2;
    if (w.y() + height > BOTTOM) {
      w.newPage();
      header();
    }
    const top = w.y();
    w.line(String(x.page), AUTH_COLS.page);
    w.line(x.status, AUTH_COLS.status);
    for (let i = 0; i < text.length; i++) {
      w.setY(top + i * LINE);
      w.line(text[i]!, AUTH_COLS.text);
    }
    for (let i = 0; i < target.length; i++) {
      w.setY(top + i * LINE);
      w.line(target[i]!, AUTH_COLS.target);
    }
    w.setY(top + height);
  }
}

/** The report's court rules section: the profile, each rule's status with the fixes made or what fails, and an override. */
function courtRulesSection(c: ReportCourtRules, w: Writer): void {
  const need = (h: number) => {
    if (w.y() + h > BOTTOM) w.newPage();
  };
  need(LINE * 6);
  w.setY(w.y() + LINE);
  w.line(`Court rules: ${c.profileName}`, 54, 11);
  w.setY(w.y() + LINE + 4);
  for (const x of c.rules) {
    const lines = wrap(`${x.status.toUpperCase()}  ${x.requirement}${x.detail.length ? ` - ${x.detail.join('; ')}` : ''}`, 96);
    need(lines.length * LINE + 2);
    for (const l of lines) {
      w.line(l, 54, 9);
      w.setY(w.y() + LINE);
    }
    w.setY(w.y() + 2);
  }
  if (c.override) {
    const lines = wrap(`Filed although preflight fails, for this reason: ${c.override}`, 96);
    need(lines.length * LINE + LINE);
    w.setY(w.y() + 4);
    for (const l of lines) {
      w.line(l, 54, 9);
      w.setY(w.y() + LINE);
    }
  }
}
