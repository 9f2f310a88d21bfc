import './wasm-handle.ts';
import type * as mupdf from 'mupdf';
import type { RemovedContent, RemovedContentKind } from '../types.ts';
import { actionVerdict, openActionVerdict, short, text, type DestinationContext } from './action-rules.ts';

/**
 * Removes every kind of active content from a document before it is saved, so that a court-ready PDF
 * can run nothing, open nothing and carry no file: JavaScript (actions and the document's name tree),
 * document, page, annotation and field additional actions (AA), Launch, SubmitForm, ImportData,
 * GoToR/GoToE (another file), media actions (Rendition, Sound, Movie, RichMediaExecute), links to
 * anything but http(s) and mailto (file:, UNC shares, javascript:), XFA forms, embedded files (the
 * EmbeddedFiles name tree, every file specification's embedded stream, FileAttachment annotations) and
 * rich media, sound, movie, screen and 3D annotations, and any open action but one that only shows a
 * page of the document (a web address opened, a named action, anything chained after it: the rules are
 * in `action-rules.ts`, which the check of a written file, `findActiveContent`, applies too). Internal
 * links, bookmarks, web links and the view the document opens at stay.
 *
 * The whole object graph is walked from the pages (so that what is found on a page is reported with
 * its number) and then from the trailer; what is no longer referenced is dropped by the garbage
 * collection of the save (which is why a document with anything removed is saved whole, never as an
 * incremental update: the old objects would stay in the file's bytes). `dryRun` only looks: what
 * would be removed, with the document left as it is.
 */
export function removeActiveContent(doc: mupdf.PDFDocument, opts: { dryRun?: boolean } = {}): RemovedContent[] {
  const removed: RemovedContent[] = [];
  const seen = new Set<number>();
  const apply = !opts.dryRun;
  const note = (kind: RemovedContentKind, detail: string, page: number | undefined) => {
    removed.push(page === undefined ? { kind, detail } : { kind, page, detail });
    return apply;
  };

  const visit = (obj: mupdf.PDFObject, page: number | undefined, depth: number): void => {
    if (depth > 200) return;
    if (obj.isIndirect()) {
      const num = obj.asIndirect();
      if (seen.has(num)) return;
      seen.add(num);
      // MuPDF reads through a reference on every call; it must not be resolved by hand (mupdf.js 1.28
      // then saves a stream so resolved, a scan's page image, without its data when garbage is collected)
    }
    if (obj.isArray()) {
      for (let i = 0; i < obj.length; i++) visit(obj.get(i), page, depth + 1);
    } else if (obj.isDictionary()) {
      cleanDictionary(obj, page, note, ctx);
      const children: mupdf.PDFObject[] = [];
      obj.forEach((val, key) => {
        // Back references: reached from their owner; following them would report another page's content here.
        // What draws a page (its contents, fonts, images, colour spaces) holds no action: not walked, which on
        // a long brief is most of the file.
        if (!SKIPPED_KEYS.has(String(key))) children.push(val);
      });
      for (const child of children) visit(child, page, depth + 1);
    }
  };

  const pages = doc.countPages();
  const pageObjects = new Set<number>();
  for (let i = 0; i < pages; i++) {
    const page = doc.findPage(i);
    if (page.isIndirect()) pageObjects.add(page.asIndirect());
  }
  const ctx: DestinationContext = { doc, pageObjects };
  for (let i = 0; i < pages; i++) visit(doc.findPage(i), i + 1, 0);
  visit(doc.getTrailer(), undefined, 0);
  return removed;
}

/** Records what is found; true when it is to be taken out (false in a dry run, which only looks). */
type Note = (kind: RemovedContentKind, detail: string, page: number | undefined) => boolean;

const SKIPPED_KEYS = new Set(['Parent', 'P', 'Popup', 'IRT', 'Resources', 'Contents', 'Font', 'XObject', 'ColorSpace', 'ExtGState', 'Pattern', 'Shading', 'Thumb']);

const REMOVED_ANNOTATIONS: Record<string, RemovedContentKind> = {
  FileAttachment: 'embedded-file',
  RichMedia: 'rich-media',
  Screen: 'media',
  Movie: 'media',
  Sound: 'media',
  '3D': 'rich-media',
};

const NAME_TREES: Record<string, RemovedContentKind> = {
  JavaScript: 'javascript',
  EmbeddedFiles: 'embedded-file',
  AlternatePresentations: 'media',
  Renditions: 'media',
};

/** Removes the forbidden actions chained after a kept one (its /Next, a dictionary or an array). */
function cleanNext(action: mupdf.PDFObject, page: number | undefined, note: Note): void {
  const a = action;
  if (!a.isDictionary()) return;
  const next = a.get('Next');
  if (next.isNull()) return;
  const nextValue = next;
  if (nextValue.isArray()) {
    for (let i = nextValue.length - 1; i >= 0; i--) {
      const verdict = actionVerdict(nextValue.get(i));
      if (verdict) {
        if (note(verdict.kind, verdict.detail, page)) nextValue.delete(i);
      } else cleanNext(nextValue.get(i), page, note);
    }
  } else {
    const verdict = actionVerdict(next);
    if (verdict) {
      if (note(verdict.kind, verdict.detail, page)) a.delete('Next');
    } else cleanNext(next, page, note);
  }
}

const TRIGGERS: Record<string, string> = {
  O: 'page open', C: 'page close', WC: 'document close', WS: 'before save', DS: 'after save', WP: 'before print',
  DP: 'after print', E: 'pointer enter', X: 'pointer exit', D: 'mouse down', U: 'mouse up', Fo: 'focus', Bl: 'blur',
  PO: 'page open', PC: 'page close', PV: 'page visible', PI: 'page invisible', K: 'keystroke', F: 'format', V: 'validate',
};

function cleanDictionary(dict: mupdf.PDFObject, page: number | undefined, note: Note, ctx: DestinationContext): void {
  // Additional actions run on events (open, close, print, focus…): none is needed in a filed document.
  const aa = dict.get('AA');
  if (!aa.isNull()) {
    const triggers: string[] = [];
    const aaDict = aa;
    if (aaDict.isDictionary()) aaDict.forEach((_v, k) => triggers.push(TRIGGERS[String(k)] ?? String(k)));
    const where = dict.get('Type').isName() && dict.get('Type').asName() === 'Catalog' ? 'document' : page !== undefined && dict.get('Subtype').isNull() ? 'page' : 'annotation or field';
    if (note('additional-actions', `${where} actions on ${triggers.join(', ') || 'events'}`, page)) dict.delete('AA');
  }
  // The open action may only set the view the document opens at; any other goes whole.
  const open = dict.get('OpenAction');
  if (!open.isNull()) {
    const verdict = openActionVerdict(open, ctx);
    if (verdict && note(verdict.kind, verdict.detail, page)) dict.delete('OpenAction');
  }
  const action = dict.get('A');
  if (!action.isNull()) {
    const verdict = actionVerdict(action);
    if (verdict) {
      if (note(verdict.kind, verdict.detail, page)) dict.delete('A');
    } else cleanNext(action, page, note);
  }
  for (const [key, kind] of Object.entries(NAME_TREES)) {
    if (dict.get(key).isNull() || !isNamesDictionary(dict)) continue;
    if (note(kind, `${key} name tree`, page)) dict.delete(key);
  }
  if (!dict.get('XFA').isNull()) {
    if (note('xfa', 'XFA form', page)) dict.delete('XFA');
  }
  // A file specification's embedded file (an executable was found here); its name may stay.
  if (!dict.get('EF').isNull()) {
    if (note('embedded-file', `embedded file ${short(text(dict)) || '(unnamed)'}`, page)) dict.delete('EF');
  }
  for (const key of ['RichMediaContent', 'RichMediaSettings']) {
    if (dict.get(key).isNull()) continue;
    if (note('rich-media', key, page)) dict.delete(key);
  }
  const annots = dict.get('Annots');
  if (annots.isNull()) return;
  const list = annots;
  if (!list.isArray()) return;
  for (let i = list.length - 1; i >= 0; i--) {
    const annot = list.get(i);
    if (!annot.isDictionary()) continue;
    const subtype = annot.get('Subtype').isName() ? annot.get('Subtype').asName() : '';
    const kind = REMOVED_ANNOTATIONS[subtype];
    // A link whose only action is forbidden goes whole: a dead rectangle is no use to the reader.
    const linkVerdict = subtype === 'Link' && annot.get('Dest').isNull() ? actionVerdict(annot.get('A')) : null;
    let take: boolean;
    if (kind) take = note(kind, `${subtype} annotation${annot.get('FS').isNull() ? '' : ` (${short(text(annot.get('FS')))})`}`, page);
    else if (linkVerdict) take = note(linkVerdict.kind, linkVerdict.detail, page);
    else continue;
    if (take) list.delete(i);
  }
}

/** True for the catalog's /Names dictionary (its keys name trees); a name tree node has /Names as an array. */
function isNamesDictionary(dict: mupdf.PDFObject): boolean {
  const names = dict.get('Names');
  return names.isNull() || !names.isArray();
}
