import './wasm-handle.ts';
import * as mupdf from 'mupdf';

const SKIPPED_ANNOTS = new Set(['Link', 'Popup', 'Widget']);
const PAGE_REFS = new Set(['P', 'Popup', 'Parent', 'IRT']);

function pageUri(doc: mupdf.PDFDocument, index: number): string {
  return doc.formatLinkURI({ type: 'Fit', chapter: 0, page: index, x: 0, y: 0, width: 0, height: 0, zoom: 0 });
}

/**
 * Keep one appended page's links and annotations. Grafting copies a page's content but not its
 * annotations; links are made again so internal ones go to the appended copies of their pages;
 * other annotations (notes, highlights, stamps) are copied without their page and popup references.
 * Form fields are not carried over.
 */
function carryAnnotations(dst: mupdf.PDFDocument, src: mupdf.PDFDocument, map: mupdf.PDFGraftMap, from: number, to: number, offset: number): void {
  const srcCount = src.countPages();
  const sp = src.loadPage(from);
  let dp: mupdf.PDFPage | null = null;
  try {
    for (const link of sp.getLinks()) {
      try {
        dp ??= dst.loadPage(to);
        const r = link.getBounds();
        const uri = link.getURI();
        if (link.isExternal()) {
          dp.createLink(r, uri).destroy();
        } else {
          const k = src.resolveLink(uri);
          if (k >= 0 && k < srcCount) dp.createLink(r, pageUri(dst, offset + k)).destroy();
        }
      } finally {
        link.destroy();
      }
    }
    const annots = sp.getObject().get('Annots');
    if (!annots.isArray()) return;
    const pageObj = dst.findPage(to);
    for (let i = 0; i < annots.length; i++) {
      const a = annots.get(i);
      if (!a.isDictionary() || SKIPPED_ANNOTS.has(a.get('Subtype').asName())) continue;
      const copy = dst.newDictionary();
      a.forEach((val, key) => {
        if (!PAGE_REFS.has(String(key))) copy.put(key, map.graftObject(val));
      });
      copy.put('P', pageObj);
      let list = pageObj.get('Annots');
      if (!list.isArray()) {
        list = dst.newArray();
        pageObj.put('Annots', list);
      }
      list.push(dst.addObject(copy));
    }
  } finally {
    sp.destroy();
    dp?.destroy();
  }
}

/** Append every page of `src` to `dst`, keeping links and annotations; returns the first new page (1-based). */
export function appendDocument(dst: mupdf.PDFDocument, src: mupdf.PDFDocument): number {
  const offset = dst.countPages();
  const n = src.countPages();
  const map = dst.newGraftMap();
  try {
    for (let i = 0; i < n; i++) map.graftPage(-1, src, i);
    for (let i = 0; i < n; i++) carryAnnotations(dst, src, map, i, offset + i, offset);
  } finally {
    map.destroy();
  }
  return offset + 1;
}
