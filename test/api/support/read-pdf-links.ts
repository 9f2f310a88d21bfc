// A PDF read back with pdf-lib, a PDF implementation other than the MuPDF that wrote it: its link
// annotations (page, rectangle, the page each goes to) and its bookmarks, as any viewer sees them.
import { PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFNumber, PDFRef, PDFString } from 'pdf-lib';

export interface ReadLink {
  page: number;
  rect: number[];
  /** Page the link goes to; -1 when it goes nowhere in the file. */
  target: number;
  /** The rectangle as [x0, y0, x1, y1] with the origin at the top left (as the API's bbox). */
  box: [number, number, number, number];
  /** The web address a URI action opens, when it is one. */
  uri?: string;
}

export interface ReadBack {
  pageCount: number;
  links: ReadLink[];
  outline: Array<{ title: string; target: number }>;
}

export async function readPdfLinks(bytes: Uint8Array): Promise<ReadBack> {
  return readLinksOf(await PDFDocument.load(bytes));
}

/** The same from a document pdf-lib has loaded. */
export function readLinksOf(doc: PDFDocument): ReadBack {
  const pageIndex = new Map(doc.getPages().map((p, i) => [p.ref.toString(), i + 1]));
  const targetOf = (dest: unknown): number => {
    const ref = dest instanceof PDFArray ? dest.get(0) : null;
    return ref instanceof PDFRef ? (pageIndex.get(ref.toString()) ?? -1) : -1;
  };
  const destOf = (d: PDFDict): unknown => {
    const direct = d.lookup(PDFName.of('Dest'));
    if (direct) return direct;
    const action = d.lookup(PDFName.of('A'));
    return action instanceof PDFDict ? action.lookup(PDFName.of('D')) : undefined;
  };
  const links: ReadLink[] = [];
  doc.getPages().forEach((p, i) => {
    const annots = p.node.lookup(PDFName.of('Annots'));
    if (!(annots instanceof PDFArray)) return;
    for (let k = 0; k < annots.size(); k++) {
      const a = annots.lookup(k);
      if (!(a instanceof PDFDict) || a.lookup(PDFName.of('Subtype'))?.toString() !== '/Link') continue;
      const rect = (a.lookup(PDFName.of('Rect')) as PDFArray).asArray().map((n) => (n as PDFNumber).asNumber());
      const h = p.getHeight();
      const box: ReadLink['box'] = [Math.min(rect[0]!, rect[2]!), h - Math.max(rect[1]!, rect[3]!), Math.max(rect[0]!, rect[2]!), h - Math.min(rect[1]!, rect[3]!)];
      const action = a.lookup(PDFName.of('A'));
      const uri = action instanceof PDFDict ? action.lookup(PDFName.of('URI')) : undefined;
      links.push({ page: i + 1, rect, target: targetOf(destOf(a)), box, ...(uri instanceof PDFString || uri instanceof PDFHexString ? { uri: uri.decodeText() } : {}) });
    }
  });
  const outline: Array<{ title: string; target: number }> = [];
  const walk = (item: unknown) => {
    for (let it = item; it instanceof PDFDict; it = it.lookup(PDFName.of('Next'))) {
      const t = it.lookup(PDFName.of('Title'));
      outline.push({ title: t instanceof PDFString || t instanceof PDFHexString ? t.decodeText() : '', target: targetOf(destOf(it)) });
      walk(it.lookup(PDFName.of('First')));
    }
  };
  const root = doc.catalog.lookup(PDFName.of('Outlines'));
  if (root instanceof PDFDict) walk(root.lookup(PDFName.of('First')));
  return { pageCount: doc.getPageCount(), links, outline };
}
