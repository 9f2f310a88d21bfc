import './wasm-handle.ts';
import * as mupdf from 'mupdf';
import { saveBytes } from './save-bytes.ts';

export interface TextLineSpec {
  text: string;
  /** Left edge in points from the left of the page. */
  x?: number;
  /** Baseline in points from the TOP of the page. */
  y: number;
  size?: number;
}

function pdfString(s: string): string {
  return `(${s.replace(/[\\()]/g, (c) => `\\${c}`)})`;
}

export interface TextPdfOptions {
  /**
   * 1-based pages drawn with an embedded font that has no ToUnicode map (glyph ids only), as some
   * writers and e-filing systems produce: the page looks right but its text layer is unreadable.
   */
  unmappedPages?: number[];
}

/**
 * Build a simple text PDF (Helvetica, Letter size unless given): one entry per page, each a list of
 * lines placed at the given positions. Used by tests to make small documents with a real text layer.
 */
export function makeTextPdf(pages: TextLineSpec[][], size: [number, number] = [612, 792], opts: TextPdfOptions = {}): Uint8Array {
  const [w, h] = size;
  const doc = new mupdf.PDFDocument();
  const font = new mupdf.Font('Helvetica');
  try {
    const fontRef = doc.addSimpleFont(font, 'Latin');
    let unmapped: mupdf.PDFObject | null = null;
    const unmappedPages = new Set(opts.unmappedPages ?? []);
    pages.forEach((lines, i) => {
      let ops: string;
      let resources: mupdf.PDFObject;
      if (unmappedPages.has(i + 1)) {
        if (!unmapped) {
          unmapped = doc.addFont(font);
          unmapped.resolve().delete('ToUnicode');
        }
        const glyphs = (t: string) => [...t].map((c) => font.encodeCharacter(c.codePointAt(0)!).toString(16).padStart(4, '0')).join('');
        ops = lines.map((l) => `BT /F1 ${l.size ?? 12} Tf ${l.x ?? 72} ${h - l.y} Td <${glyphs(l.text)}> Tj ET`).join('\n');
        resources = doc.addObject({ Font: { F1: unmapped } });
      } else {
        ops = lines.map((l) => `BT /F1 ${l.size ?? 12} Tf ${l.x ?? 72} ${h - l.y} Td ${pdfString(l.text)} Tj ET`).join('\n');
        resources = doc.addObject({ Font: { F1: fontRef } });
      }
      doc.insertPage(-1, doc.addPage([0, 0, w, h], 0, resources, ops));
    });
    return saveBytes(doc, 'garbage=compact');
  } finally {
    font.destroy();
    doc.destroy();
  }
}

export function encryptPdf(bytes: Uint8Array, userPassword: string, ownerPassword = `${userPassword}-owner`): Uint8Array {
  const doc = new mupdf.PDFDocument(bytes);
  try {
    return saveBytes(doc, `encrypt=aes-256,user-password=${userPassword},owner-password=${ownerPassword}`);
  } finally {
    doc.destroy();
  }
}

/**
 * The same PDF written with its objects packed into object streams and a cross-reference stream (as
 * most PDF writers of the last fifteen years do) instead of a classic cross-reference table.
 */
export function withObjectStreams(bytes: Uint8Array): Uint8Array {
  const doc = new mupdf.PDFDocument(bytes);
  try {
    return saveBytes(doc, 'garbage=compact,compress,objstms');
  } finally {
    doc.destroy();
  }
}

/**
 * The PDF made `padBytes` longer by a stream no page uses, added as an incremental update: a big file
 * for tests, still well formed (its cross-reference reads without repair).
 */
export function padPdf(bytes: Uint8Array, padBytes: number): Uint8Array {
  const doc = new mupdf.PDFDocument(bytes);
  try {
    doc.addRawStream(new Uint8Array(padBytes), {});
    return saveBytes(doc, 'incremental');
  } finally {
    doc.destroy();
  }
}

/** Remove pages (1-based) from a PDF, leaving links that pointed to them dangling (for tests). */
export function deletePages(bytes: Uint8Array, pages: number[]): Uint8Array {
  const doc = new mupdf.PDFDocument(bytes);
  try {
    for (const p of [...pages].sort((a, b) => b - a)) doc.deletePage(p - 1);
    return saveBytes(doc, '');
  } finally {
    doc.destroy();
  }
}

/** Add a text note (a sticky-note annotation) on a page (1-based), for tests. */
export function addNote(bytes: Uint8Array, page: number, rect: [number, number, number, number], contents: string): Uint8Array {
  const doc = new mupdf.PDFDocument(bytes);
  try {
    const p = doc.loadPage(page - 1);
    const annot = p.createAnnotation('Text');
    annot.setRect(rect);
    annot.setContents(contents);
    annot.update();
    p.destroy();
    return saveBytes(doc, '');
  } finally {
    doc.destroy();
  }
}

/** Contents of the text notes on a page (1-based), for tests. */
export function noteContents(bytes: Uint8Array, page: number): string[] {
  const doc = new mupdf.PDFDocument(bytes);
  try {
    const p = doc.loadPage(page - 1);
    const out = p.getAnnotations().filter((a) => a.getType() === 'Text').map((a) => a.getContents());
    p.destroy();
    return out;
  } finally {
    doc.destroy();
  }
}
