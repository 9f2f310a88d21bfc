import {
  type PDFDocument, PDFHexString, PDFName, type PDFPage, type PDFRef, StandardFonts, beginText, endText,
  popGraphicsState, pushGraphicsState, setFillingGrayscaleColor, setFontAndSize, setTextMatrix, showText,
} from 'pdf-lib';

/**
 * A font whose text layer lies, as in filings produced by some PDF printers: every character is drawn
 * with the code 29 below its own (so 'F' is code 41), the encoding maps each code back to the right
 * glyph (the page looks right), and the ToUnicode map reads the codes as they are: 'Final Exhibit List'
 * is extracted as ')LQDO ([KLELW /LVW'. Only OCR of the rendered page reads it.
 */

const SHIFT = 29;
const GLYPHS = ['space', 'exclam', 'quotedbl', 'numbersign', 'dollar', 'percent', 'ampersand', 'quotesingle', 'parenleft',
  'parenright', 'asterisk', 'plus', 'comma', 'hyphen', 'period', 'slash', 'zero', 'one', 'two', 'three', 'four', 'five', 'six',
  'seven', 'eight', 'nine', 'colon', 'semicolon', 'less', 'equal', 'greater', 'question', 'at',
  ...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split(''), 'bracketleft', 'backslash', 'bracketright', 'asciicircum', 'underscore', 'grave',
  ...'abcdefghijklmnopqrstuvwxyz'.split(''), 'braceleft', 'bar', 'braceright', 'asciitilde'];
const FIRST = 32 - SHIFT;
const LAST = 126 - SHIFT;

/** What a text extractor reads for one code of the font. */
export function garbledChar(code: number): string {
  if (code === FIRST) return ' ';
  return String.fromCharCode(code >= 0x21 ? code : code + 0x40);
}

function codeOf(ch: string): number {
  const c = ch.charCodeAt(0);
  return (c >= 32 && c <= 126 ? c : 63) - SHIFT;
}

function toUnicodeCMap(): string {
  const entries: string[] = [];
  for (let k = FIRST; k <= LAST; k++) {
    const hex = (n: number, w: number) => n.toString(16).toUpperCase().padStart(w, '0');
    entries.push(`<${hex(k, 2)}> <${hex(garbledChar(k).charCodeAt(0), 4)}>`);
  }
  const blocks: string[] = [];
  for (let i = 0; i < entries.length; i += 100) {
    const part = entries.slice(i, i + 100);
    blocks.push(`${part.length} beginbfchar\n${part.join('\n')}\nendbfchar`);
  }
  return ['/CIDInit /ProcSet findresource begin', '12 dict begin', 'begincmap',
    '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def', '/CMapName /Garbled-UCS def', '/CMapType 2 def',
    '1 begincodespacerange', '<00> <FF>', 'endcodespacerange', ...blocks, 'endcmap', 'CMapName currentdict /CMap defineresource pop',
    'end', 'end'].join('\n');
}

export class GarbledFont {
  private constructor(private readonly ref: PDFRef, private readonly widths: number[]) {}

  /** Times-Roman or Times-Bold with shifted codes and a ToUnicode map that reads the codes as they are. */
  static async create(pdf: PDFDocument, bold: boolean): Promise<GarbledFont> {
    const metrics = await pdf.embedFont(bold ? StandardFonts.TimesRomanBold : StandardFonts.TimesRoman);
    const widths: number[] = [];
    const differences: Array<number | PDFName> = [FIRST];
    for (let k = FIRST; k <= LAST; k++) {
      const ch = String.fromCharCode(k + SHIFT);
      widths.push(metrics.widthOfTextAtSize(ch, 1000));
      differences.push(PDFName.of(GLYPHS[k - FIRST] as string));
    }
    const ctx = pdf.context;
    const cmap = ctx.register(ctx.flateStream(toUnicodeCMap()));
    const dict = ctx.obj({
      Type: 'Font', Subtype: 'Type1', BaseFont: bold ? 'Times-Bold' : 'Times-Roman',
      Encoding: ctx.obj({ Type: 'Encoding', Differences: ctx.obj(differences) }),
      FirstChar: FIRST, LastChar: LAST, Widths: ctx.obj(widths), ToUnicode: cmap,
    });
    return new GarbledFont(ctx.register(dict), widths);
  }

  width(text: string, size: number): number {
    let w = 0;
    for (const ch of text) w += this.widths[codeOf(ch) - FIRST] ?? 0;
    return (w * size) / 1000;
  }

  /** Draw `text` with its baseline at (x, y) in PDF coordinates. */
  draw(page: PDFPage, text: string, x: number, y: number, size: number, gray = 0): void {
    const name = page.node.newFontDictionary('Garbled', this.ref);
    const hex = [...text].map((ch) => codeOf(ch).toString(16).padStart(2, '0')).join('');
    page.pushOperators(pushGraphicsState(), beginText(), setFillingGrayscaleColor(gray), setFontAndSize(name, size),
      setTextMatrix(1, 0, 0, 1, x, y), showText(PDFHexString.of(hex)), endText(), popGraphicsState());
  }
}
