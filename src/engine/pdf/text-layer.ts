import './wasm-handle.ts';
import { deflateSync } from 'node:zlib';
import * as mupdf from 'mupdf';
import type { PageText } from '../types.ts';

/**
 * The invisible text layer of a page that was read by OCR: each word drawn in render mode 3
 * (neither filled nor stroked) over the box OCR gave it, so search, selection and copy land on the
 * words of the scan. The font is MuPDF's Helvetica (Nimbus Sans) added as a Type0 font, embedded,
 * with Identity-H encoding and a ToUnicode map: text is written as glyph ids in hex strings (nothing
 * to escape), any character the font has (Latin, Greek, Cyrillic) comes back as itself when copied;
 * a character it lacks is written as '?'.
 */

/** Part of the em below the baseline where the box of a line ends (Helvetica's descender). */
const DESCENT = 0.21;
const FONT_KEY = 'BLOcr';

/**
 * A copy of a direct object, down to the indirect objects it refers to (kept as references). A direct
 * dictionary must not stand in two places: saving with renumbering would rewrite its references twice.
 */
function copyDirect(doc: mupdf.PDFDocument, v: mupdf.PDFObject): mupdf.PDFObject {
  if (v.isIndirect()) return v;
  if (v.isDictionary()) {
    const d = doc.newDictionary();
    v.forEach((x, k) => d.put(k, copyDirect(doc, x)));
    return d;
  }
  if (v.isArray()) {
    const a = doc.newArray();
    v.forEach((x) => a.push(copyDirect(doc, x)));
    return a;
  }
  return v;
}

/**
 * A new direct dictionary with the entries of `dict` (direct or a reference; empty when it is no
 * dictionary). Read through the reference, never resolve(): see `res` in limits.ts.
 */
function copyEntries(doc: mupdf.PDFDocument, dict: mupdf.PDFObject): mupdf.PDFObject {
  const d = doc.newDictionary();
  if (dict.isDictionary()) dict.forEach((x, k) => d.put(k, copyDirect(doc, x)));
  return d;
}

export class TextLayerWriter {
  #font: mupdf.Font | null = null;
  #fontRef: mupdf.PDFObject | null = null;
  readonly #doc: mupdf.PDFDocument;

  constructor(doc: mupdf.PDFDocument) {
    this.#doc = doc;
  }

  #ensureFont(): { font: mupdf.Font; ref: mupdf.PDFObject } {
    if (!this.#font || !this.#fontRef) {
      this.#font = new mupdf.Font('Helvetica');
      this.#fontRef = this.#doc.addFont(this.#font);
    }
    return { font: this.#font, ref: this.#fontRef };
  }

  /** Glyph ids of a word as hex, and its width in em; characters the font lacks become '?'. */
  #encode(font: mupdf.Font, text: string): { hex: string; em: number } {
    let hex = '';
    let em = 0;
    const unknown = font.encodeCharacter('?');
    for (const ch of text) {
      let gid = font.encodeCharacter(ch);
      if (gid <= 0) gid = unknown;
      hex += gid.toString(16).padStart(4, '0');
      em += font.advanceGlyph(gid);
    }
    return { hex, em };
  }

  /** Content stream operators for a page's words, in the page's text space (origin top left, y down). */
  #operators(text: PageText, font: mupdf.Font, name: string): { ops: string; words: number } {
    const out: string[] = [`BT 3 Tr 0 Tc 0 Tw 0 Ts`];
    let words = 0;
    const n = (v: number) => (Math.round(v * 100) / 100).toString();
    const space = this.#encode(font, ' ');
    const spaceEm = space.em;
    for (const line of text.lines) {
      const top = line.bbox[1];
      const bottom = line.bbox[3];
      const size = bottom - top;
      if (!(size > 0.5)) continue;
      const baseline = bottom - DESCENT * size;
      out.push(`/${name} ${n(size)} Tf`);
      const kept = line.words.filter((w) => w.text.trim() && w.bbox[2] > w.bbox[0]);
      kept.forEach((w, i) => {
        const { hex, em } = this.#encode(font, w.text.trim());
        if (!(em > 0)) return;
        const scale = (100 * (w.bbox[2] - w.bbox[0])) / (em * size);
        // y flipped: the text space runs down the page, glyphs must stand upright
        out.push(`${n(scale)} Tz 1 0 0 -1 ${n(w.bbox[0])} ${n(baseline)} Tm <${hex}> Tj`);
        // a space over the gap to the next word (a sliver where OCR's boxes touch or overlap), so every
        // reader splits the words where OCR did
        const next = kept[i + 1];
        if (next) out.push(`${n((100 * Math.max(next.bbox[0] - w.bbox[2], 0.01 * size)) / (spaceEm * size))} Tz <${space.hex}> Tj`);
        words++;
      });
    }
    out.push('ET');
    return { ops: out.join('\n'), words };
  }

  /** A name for our font not used in the page's font resources. */
  #fontName(fonts: mupdf.PDFObject): string {
    let name = FONT_KEY;
    for (let i = 1; !fonts.get(name).isNull(); i++) name = `${FONT_KEY}${i}`;
    return name;
  }

  /** Adds the layer to the page (0-based index); returns the number of words written. */
  add(index: number, text: PageText): number {
    const words = text.lines.reduce((s, l) => s + l.words.length, 0);
    if (words === 0) return 0;
    const { font, ref } = this.#ensureFont();
    const page = this.#doc.loadPage(index);
    try {
      const pageObj = page.getObject();
      // Resources of the page's own, so a dictionary shared with other pages stays as it was
      const inherited = pageObj.getInheritable('Resources');
      const resources = copyEntries(this.#doc, inherited);
      const fonts = copyEntries(this.#doc, resources.get('Font'));
      const name = this.#fontName(fonts);
      fonts.put(name, ref);
      resources.put('Font', fonts);

      const { ops, words: written } = this.#operators(text, font, name);
      if (written === 0) return 0;
      // From the page's text space (MuPDF's, top left, rotation applied) back to its user space;
      // a page read turned (rotation 180) has its boxes on the turned page.
      let m = mupdf.Matrix.invert(page.getTransform());
      if (text.rotation === 180) m = mupdf.Matrix.concat([-1, 0, 0, -1, text.width, text.height], m);
      const cm = m.map((v) => (Math.round(v * 10000) / 10000).toString()).join(' ');
      const before = this.#stream('q\n');
      const after = this.#stream(`\nQ\nq ${cm} cm\n${ops}\nQ\n`);
      const contents = this.#doc.newArray();
      contents.push(before);
      const old = pageObj.get('Contents');
      if (old.isArray()) for (let i = 0; i < old.length; i++) contents.push(old.get(i));
      else if (!old.isNull()) contents.push(old);
      contents.push(after);
      pageObj.put('Contents', contents);
      pageObj.put('Resources', resources);
      return written;
    } finally {
      page.destroy();
    }
  }

  #stream(content: string): mupdf.PDFObject {
    const raw = deflateSync(Buffer.from(content, 'latin1'));
    return this.#doc.addRawStream(raw, { Filter: 'FlateDecode' });
  }

  close(): void {
    this.#font?.destroy();
    this.#font = null;
    this.#fontRef = null;
  }
}
