import { PDFDocument, type PDFFont, type PDFPage, PageSizes, StandardFonts, grayscale } from 'pdf-lib';
import type { GarbledFont } from './garbled-font.ts';

/** A thin layer over pdf-lib that writes text with top-left coordinates, wraps lines and tracks a cursor. */

export type FontFamily = 'times' | 'helvetica' | 'courier';
export type PaperSize = 'letter' | 'a4';

export interface DocLook {
  family: FontFamily;
  paper: PaperSize;
  /** Left/right margin in points. */
  margin: number;
  /** Top/bottom margin in points. */
  marginY: number;
  bodySize: number;
  /** Body line height as a multiple of the font size (1.2 single, ~2 double spaced). */
  leading: number;
}

const FAMILIES: Record<FontFamily, [StandardFonts, StandardFonts, StandardFonts]> = {
  times: [StandardFonts.TimesRoman, StandardFonts.TimesRomanBold, StandardFonts.TimesRomanItalic],
  helvetica: [StandardFonts.Helvetica, StandardFonts.HelveticaBold, StandardFonts.HelveticaOblique],
  courier: [StandardFonts.Courier, StandardFonts.CourierBold, StandardFonts.CourierOblique],
};

export interface TextOpts {
  size?: number;
  bold?: boolean;
  italic?: boolean;
  align?: 'left' | 'center' | 'right';
  /** 0 = black, 1 = white. */
  gray?: number;
}

export class DocWriter {
  readonly pages: PageWriter[] = [];
  private constructor(
    readonly pdf: PDFDocument,
    readonly look: DocLook,
    readonly fonts: { regular: PDFFont; bold: PDFFont; italic: PDFFont },
  ) {}

  static async create(look: DocLook): Promise<DocWriter> {
    const pdf = await PDFDocument.create();
    // Fixed dates keep the bytes deterministic.
    pdf.setCreationDate(new Date(Date.UTC(2024, 0, 15)));
    pdf.setModificationDate(new Date(Date.UTC(2024, 0, 15)));
    pdf.setProducer('Brieflink fixture generator');
    const [r, b, i] = FAMILIES[look.family];
    const fonts = { regular: await pdf.embedFont(r), bold: await pdf.embedFont(b), italic: await pdf.embedFont(i) };
    return new DocWriter(pdf, look, fonts);
  }

  get width(): number { return this.look.paper === 'a4' ? PageSizes.A4[0] : PageSizes.Letter[0]; }
  get height(): number { return this.look.paper === 'a4' ? PageSizes.A4[1] : PageSizes.Letter[1]; }
  get textWidth(): number { return this.width - 2 * this.look.margin; }
  get pageCount(): number { return this.pages.length; }

  newPage(): PageWriter {
    const page = this.pdf.addPage([this.width, this.height]);
    const w = new PageWriter(this, page, this.pages.length + 1);
    this.pages.push(w);
    return w;
  }

  font(o: TextOpts = {}): PDFFont {
    return o.bold ? this.fonts.bold : o.italic ? this.fonts.italic : this.fonts.regular;
  }

  private readonly advance = new Map<string, number>();

  /**
   * Width as drawn. pdf-lib's widthOfTextAtSize applies kerning pairs that drawText does not, so
   * sum each character's own advance instead (cached per font and character).
   */
  measure(text: string, o: TextOpts = {}): number {
    const font = this.font(o);
    let w = 0;
    for (const ch of text) {
      const key = `${font.name}:${ch}`;
      let a = this.advance.get(key);
      if (a === undefined) { a = font.widthOfTextAtSize(ch, 1); this.advance.set(key, a); }
      w += a;
    }
    return w * (o.size ?? this.look.bodySize);
  }

  /** Greedy word wrap to a width in points. */
  wrap(text: string, width: number, o: TextOpts = {}): string[] {
    const words = text.split(/\s+/).filter(Boolean);
    const lines: string[] = [];
    let cur = '';
    for (const w of words) {
      const next = cur ? `${cur} ${w}` : w;
      if (cur && this.measure(next, o) > width) { lines.push(cur); cur = w; } else cur = next;
    }
    if (cur) lines.push(cur);
    return lines;
  }

  async save(): Promise<Uint8Array> {
    return this.pdf.save({ useObjectStreams: true });
  }
}

export class PageWriter {
  /** Cursor: distance of the next baseline's top from the top of the page. */
  y: number;
  /** When set, text on this page is drawn with fonts whose text layer lies (see garbled-font.ts). */
  garbled?: { regular: GarbledFont; bold: GarbledFont };
  constructor(readonly doc: DocWriter, readonly page: PDFPage, readonly number: number) {
    this.y = doc.look.marginY;
  }

  get bottom(): number { return this.doc.height - this.doc.look.marginY; }

  /** Draw one line whose top is at `top` (points from the top of the page). x is the left edge unless aligned. */
  at(x: number, top: number, text: string, o: TextOpts = {}): void {
    if (!text) return;
    const size = o.size ?? this.doc.look.bodySize;
    const font = this.doc.font(o);
    const w = this.doc.measure(text, o);
    let left = x;
    if (o.align === 'center') left = x - w / 2;
    else if (o.align === 'right') left = x - w;
    const baseline = this.doc.height - top - size * 0.8;
    if (this.garbled) {
      (o.bold ? this.garbled.bold : this.garbled.regular).draw(this.page, text, left, baseline, size, o.gray ?? 0);
      return;
    }
    this.page.drawText(text, { x: left, y: baseline, size, font, color: grayscale(o.gray ?? 0) });
  }

  /** Draw a line at the cursor and move the cursor down. */
  line(text: string, o: TextOpts & { x?: number; leading?: number } = {}): void {
    const size = o.size ?? this.doc.look.bodySize;
    const m = this.doc.look.margin;
    const x = o.x ?? (o.align === 'center' ? this.doc.width / 2 : o.align === 'right' ? this.doc.width - m : m);
    this.at(x, this.y, text, o);
    this.y += size * (o.leading ?? this.doc.look.leading);
  }

  centered(text: string, o: TextOpts & { leading?: number } = {}): void {
    this.line(text, { ...o, align: 'center' });
  }

  gap(points: number): void { this.y += points; }

  /** Room left above the bottom margin for `lines` lines of the body size. */
  fits(lines = 1, size = this.doc.look.bodySize, leading = this.doc.look.leading): boolean {
    return this.y + lines * size * leading <= this.bottom;
  }

  rule(x0: number, x1: number, top: number, thickness = 0.6): void {
    const y = this.doc.height - top;
    this.page.drawLine({ start: { x: x0, y }, end: { x: x1, y }, thickness, color: grayscale(0) });
  }
}
