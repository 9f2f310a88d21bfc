import './wasm-handle.ts';
import type * as mupdf from 'mupdf';
import type { RemovedContentKind } from '../types.ts';

// Which actions a court-ready PDF may carry: the one definition the sanitizer (sanitize.ts) removes
// by and the check of a written file (active-content.ts) reports by.

/** Why something may not stay: its kind and a detail for review.json. */
export interface Verdict {
  kind: RemovedContentKind;
  detail: string;
}

const ACTION_KINDS: Record<string, RemovedContentKind> = {
  JavaScript: 'javascript',
  Launch: 'launch',
  SubmitForm: 'submit-form',
  ImportData: 'import-data',
  GoToR: 'remote-file',
  GoToE: 'remote-file',
  Rendition: 'media',
  Sound: 'media',
  Movie: 'media',
  RichMediaExecute: 'rich-media',
  GoTo3DView: 'rich-media',
};

const WEB_LINK = /^(https?:\/\/|mailto:)/i;

/** The ways a destination may show its page (PDF 32000 12.3.2.2). */
const VIEWS = new Set(['XYZ', 'Fit', 'FitH', 'FitV', 'FitR', 'FitB', 'FitBH', 'FitBV']);

export function text(obj: mupdf.PDFObject): string {
  if (obj.isString()) return obj.asString();
  if (obj.isName()) return obj.asName();
  if (obj.isDictionary()) return text(obj.get('UF').isNull() ? obj.get('F') : obj.get('UF'));
  return '';
}

export function short(s: string): string {
  const clean = s.replace(/[\u0000-\u001f\u007f]/g, ' ').trim();
  return clean.length > 120 ? `${clean.slice(0, 117)}...` : clean;
}

function actionType(action: mupdf.PDFObject): string {
  const s = action.get('S');
  return s.isName() ? s.asName() : '';
}

/** Why an action may not stay (its kind and a detail), or null when it may (a link, a web address). */
export function actionVerdict(action: mupdf.PDFObject): Verdict | null {
  if (!action.isDictionary()) return null;
  const type = actionType(action);
  if (!action.get('JS').isNull()) return { kind: 'javascript', detail: 'JavaScript action' };
  const kind = ACTION_KINDS[type];
  if (kind) {
    const win = action.get('Win');
    const target = short(text(action.get('F')) || text(win.isDictionary() ? win.get('F') : win));
    return { kind, detail: target ? `${type} action (${target})` : `${type} action` };
  }
  if (type === 'URI') {
    const uri = text(action.get('URI'));
    if (!WEB_LINK.test(uri.trim())) return { kind: 'file-link', detail: `link to ${short(uri) || 'an empty address'}` };
  }
  return null;
}

/** What a document knows to judge an open action by: its pages' object numbers and its named destinations. */
export interface DestinationContext {
  doc: mupdf.PDFDocument;
  pageObjects: ReadonlySet<number>;
}

/** The explicit destination a named one stands for (the catalog's /Dests, then the Dests name tree), or null. */
function namedDestination(name: mupdf.PDFObject, ctx: DestinationContext): mupdf.PDFObject | null {
  const key = name.isName() ? name.asName() : name.asString();
  const root = ctx.doc.getTrailer().get('Root');
  let found = root.get('Dests').isDictionary() ? root.get('Dests').get(key) : null;
  if (!found || found.isNull()) {
    try {
      found = ctx.doc.loadNameTree('Dests')[key] ?? null;
    } catch {
      found = null; // a damaged name tree names nothing
    }
  }
  if (!found || found.isNull()) return null;
  return found.isDictionary() ? found.get('D') : found;
}

/** True for a destination that shows a page of this document: `[page /View …]`, or a name standing for one. */
export function destinationInDocument(dest: mupdf.PDFObject, ctx: DestinationContext, depth = 0): boolean {
  if ((dest.isName() || dest.isString()) && depth === 0) {
    const explicit = namedDestination(dest, ctx);
    return explicit !== null && destinationInDocument(explicit, ctx, 1);
  }
  if (!dest.isArray() || dest.length < 2) return false;
  const page = dest.get(0);
  const view = dest.get(1);
  return page.isIndirect() && ctx.pageObjects.has(page.asIndirect()) && view.isName() && VIEWS.has(view.asName());
}

/**
 * Why the document's /OpenAction may not stay, or null when it may. It may only set the view the
 * document opens at: a destination in the document, or a GoTo action to one with nothing chained
 * after it (what word processors write: page 1, fit or zoom). Every other open action goes: a web
 * address opened, a named action run (print, full screen…), another file, anything chained by /Next.
 */
export function openActionVerdict(value: mupdf.PDFObject, ctx: DestinationContext): Verdict | null {
  const when = 'run when the document opens';
  if (value.isArray() || value.isName() || value.isString()) {
    return destinationInDocument(value, ctx) ? null : { kind: 'open-action', detail: 'open action to a destination outside the document' };
  }
  if (!value.isDictionary()) return { kind: 'open-action', detail: 'malformed open action' };
  const forbidden = actionVerdict(value);
  if (forbidden) return { kind: forbidden.kind, detail: `${forbidden.detail} ${when}` };
  const type = actionType(value) || 'unnamed';
  if (type === 'GoTo') {
    const next = value.get('Next');
    if (!next.isNull() && !(next.isArray() && next.length === 0)) {
      const chained = next.isArray() ? next.get(0) : next;
      const described = actionVerdict(chained)?.detail ?? `${actionType(chained) || 'unnamed'} action`;
      return { kind: chained.isDictionary() && !chained.get('JS').isNull() ? 'javascript' : 'open-action', detail: `${described} chained after the open action` };
    }
    if (destinationInDocument(value.get('D'), ctx)) return null;
    return { kind: 'open-action', detail: 'GoTo action to a destination outside the document run when the document opens' };
  }
  const target = type === 'URI' ? text(value.get('URI')) : type === 'Named' ? text(value.get('N')) : '';
  return { kind: 'open-action', detail: `${type} action${target ? ` (${short(target)})` : ''} ${when}` };
}
