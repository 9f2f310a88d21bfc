import './wasm-handle.ts';
import * as mupdf from 'mupdf';
import { openPdfFile } from './file-stream.ts';
import type { PdfSource } from './types.ts';

const ACTIVE_ACTIONS = new Set(['JavaScript', 'Launch', 'SubmitForm', 'ImportData', 'RichMediaExecute', 'Rendition']);
const ACTIVE_KEYS = ['OpenAction', 'AA', 'JS', 'JavaScript'];

/**
 * What in a PDF would run or act on its own when a clerk opens it: an open action, additional
 * (event) actions, JavaScript, launch / submit / import actions, and encryption. Walks every object
 * of the file (object streams included). An empty list means none.
 */
export function findActiveContent(source: PdfSource): string[] {
  const doc = source instanceof Uint8Array ? new mupdf.PDFDocument(source) : openPdfFile(source.path);
  try {
    const found = new Set<string>();
    if (doc.needsPassword() || !doc.getTrailer().get('Encrypt').isNull()) found.add('encryption');
    const count = doc.countObjects();
    for (let num = 1; num < count; num++) {
      let obj: mupdf.PDFObject;
      try {
        obj = doc.newIndirect(num).resolve();
      } catch {
        continue; // a free or unreadable object holds nothing
      }
      if (!obj.isDictionary()) continue;
      for (const key of ACTIVE_KEYS) if (!obj.get(key).isNull()) found.add(key === 'JS' ? 'JavaScript' : key);
      const action = obj.get('S');
      if (action.isName() && ACTIVE_ACTIONS.has(action.asName())) found.add(action.asName());
    }
    return [...found].sort();
  } finally {
    doc.destroy();
  }
}
