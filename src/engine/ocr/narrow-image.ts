import { inflateSync } from 'node:zlib';

/** An 8-bit grayscale image, one byte per pixel, rows without padding. */
export interface GrayImage {
  width: number;
  height: number;
  pixels: Uint8Array;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/**
 * Decode a non-interlaced 8-bit PNG (gray, gray+alpha, RGB or RGBA) into grayscale pixels; null for
 * any other PNG (palette, 16-bit, interlaced) or bytes that are not a PNG.
 */
export function decodeGrayPng(png: Uint8Array): GrayImage | null {
  if (png.length < 33 || PNG_SIGNATURE.some((b, i) => png[i] !== b)) return null;
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  let width = 0;
  let height = 0;
  let channels = 0;
  const idat: Uint8Array[] = [];
  for (let at = 8; at + 8 <= png.length; ) {
    const length = view.getUint32(at);
    const type = String.fromCharCode(png[at + 4]!, png[at + 5]!, png[at + 6]!, png[at + 7]!);
    const data = png.subarray(at + 8, at + 8 + length);
    if (type === 'IHDR') {
      width = view.getUint32(at + 8);
      height = view.getUint32(at + 12);
      const [depth, colorType, , , interlace] = [data[8], data[9], data[10], data[11], data[12]];
      channels = ({ 0: 1, 4: 2, 2: 3, 6: 4 } as Record<number, number>)[colorType!] ?? 0;
      if (depth !== 8 || interlace !== 0 || channels === 0) return null;
    } else if (type === 'IDAT') idat.push(data);
    else if (type === 'IEND') break;
    at += 12 + length;
  }
  if (width === 0 || height === 0 || idat.length === 0) return null;
  let raw: Uint8Array;
  try {
    raw = inflateSync(Buffer.concat(idat));
  } catch {
    return null;
  }
  const stride = width * channels;
  if (raw.length < height * (stride + 1)) return null;

  // Undo the per-row filters in place (each row: one filter byte, then the filtered samples), then
  // close the gaps the filter bytes leave: no second page-sized buffer.
  const line = stride + 1;
  for (let y = 0; y < height; y++) {
    const filter = raw[y * line]!;
    const at = y * line + 1;
    const up = at - line;
    const left = (x: number) => (x >= channels ? raw[at + x - channels]! : 0);
    const above = (x: number) => (y > 0 ? raw[up + x]! : 0);
    if (filter === 1) for (let x = 0; x < stride; x++) raw[at + x] = raw[at + x]! + left(x);
    else if (filter === 2) for (let x = 0; x < stride; x++) raw[at + x] = raw[at + x]! + above(x);
    else if (filter === 3) for (let x = 0; x < stride; x++) raw[at + x] = raw[at + x]! + ((left(x) + above(x)) >> 1);
    else if (filter === 4) {
      for (let x = 0; x < stride; x++) {
        const a = left(x);
        const b = above(x);
        const c = x >= channels && y > 0 ? raw[up + x - channels]! : 0;
        const p = a + b - c;
        const pa = Math.abs(p - a);
        const pb = Math.abs(p - b);
        const pc = Math.abs(p - c);
        raw[at + x] = raw[at + x]! + (pa <= pb && pa <= pc ? a : pb <= pc ? b : c);
      }
    } else if (filter !== 0) return null;
  }
  for (let y = 0; y < height; y++) raw.copyWithin(y * stride, y * line + 1, y * line + 1 + stride);
  const rows = new Uint8Array(raw.buffer, raw.byteOffset, height * stride);
  if (channels === 1) return { width, height, pixels: rows };

  // Colour or alpha: luminance (Rec. 601 weights), alpha composed over white.
  const pixels = new Uint8Array(width * height);
  for (let i = 0, s = 0; i < pixels.length; i++, s += channels) {
    const luma = channels >= 3 ? (rows[s]! * 299 + rows[s + 1]! * 587 + rows[s + 2]! * 114) / 1000 : rows[s]!;
    const alpha = channels === 2 || channels === 4 ? rows[s + channels - 1]! / 255 : 1;
    pixels[i] = Math.round(luma * alpha + 255 * (1 - alpha));
  }
  return { width, height, pixels };
}

/**
 * A binary PGM (P5, 8-bit) as a GrayImage, its pixels a view of the bytes given (no copy); null for
 * anything else.
 */
export function decodePgm(pgm: Uint8Array): GrayImage | null {
  if (pgm.length < 8 || pgm[0] !== 0x50 || pgm[1] !== 0x35) return null;
  // three numbers (width, height, maxval) after the magic, separated by whitespace, then one whitespace byte
  const head = Buffer.from(pgm.buffer, pgm.byteOffset, Math.min(pgm.length, 64)).toString('latin1');
  const m = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(head);
  if (!m || m[3] !== '255') return null;
  const [width, height] = [Number(m[1]), Number(m[2])];
  const start = m[0].length;
  if (width === 0 || height === 0 || pgm.length < start + width * height) return null;
  return { width, height, pixels: pgm.subarray(start, start + width * height) };
}

/** A rendered page or crop as OCR gets it, a PNG or a binary PGM, as grayscale pixels (null: neither). */
export function decodeGray(image: Uint8Array): GrayImage | null {
  return decodePgm(image) ?? decodeGrayPng(image);
}

/**
 * The image squeezed horizontally to `factor` (0 < factor <= 1) of its width, each new pixel the
 * average of the original pixels it covers (partial pixels weighted by the part covered).
 */
export function narrowImage(image: GrayImage, factor: number): GrayImage {
  const width = narrowWidth(image, factor);
  if (width >= image.width) return image;
  const pixels = new Uint8Array(width * image.height);
  narrowInto(image, width, pixels, 0);
  return { width, height: image.height, pixels };
}

/** narrowImage written straight into a binary PGM (P5), with the squeezed width. */
export function narrowToPgm(image: GrayImage, factor: number): { pgm: Uint8Array; width: number } {
  const width = Math.min(image.width, narrowWidth(image, factor));
  const header = pgmHeader(width, image.height);
  const pgm = new Uint8Array(header.length + width * image.height);
  pgm.set(header);
  if (width === image.width) pgm.set(image.pixels, header.length);
  else narrowInto(image, width, pgm, header.length);
  return { pgm, width };
}

function narrowWidth(image: GrayImage, factor: number): number {
  return Math.max(1, Math.round(image.width * factor));
}

function narrowInto(image: GrayImage, outWidth: number, out: Uint8Array, start: number): void {
  const { width, height, pixels } = image;
  const scale = width / outWidth; // original pixels per new pixel (> 1)
  // For each new column: the original columns it covers and their weights.
  const first = new Int32Array(outWidth);
  const count = new Int32Array(outWidth);
  const offset = new Int32Array(outWidth);
  const weights: number[] = [];
  for (let j = 0; j < outWidth; j++) {
    const x0 = j * scale;
    const x1 = Math.min(width, (j + 1) * scale);
    first[j] = Math.floor(x0);
    offset[j] = weights.length;
    for (let x = Math.floor(x0); x < x1; x++) weights.push((Math.min(x + 1, x1) - Math.max(x, x0)) / scale);
    count[j] = weights.length - offset[j]!;
  }
  const w = Float32Array.from(weights);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    const o = start + y * outWidth;
    for (let j = 0; j < outWidth; j++) {
      let sum = 0;
      const f = row + first[j]!;
      const k0 = offset[j]!;
      for (let k = 0; k < count[j]!; k++) sum += pixels[f + k]! * w[k0 + k]!;
      out[o + j] = sum + 0.5;
    }
  }
}

function pgmHeader(width: number, height: number): Uint8Array {
  return new TextEncoder().encode(`P5\n${width} ${height}\n255\n`);
}

/** The image as a binary PGM (P5), which tesseract reads without decompressing anything. */
export function toPgm(image: GrayImage): Uint8Array {
  return narrowToPgm(image, 1).pgm;
}

/**
 * A cheap count of the text lines on a page image: runs of at least `minHeight` consecutive rows
 * that each hold a few dark pixels (isolated specks of a scan are not enough to mark a row).
 */
export function countInkRowRuns(image: GrayImage, minHeight = 4): number {
  const { width, height, pixels } = image;
  const minDark = Math.max(4, Math.round(width / 200));
  let runs = 0;
  let run = 0;
  for (let y = 0; y <= height; y++) {
    let dark = 0;
    if (y < height) {
      const row = y * width;
      for (let x = 0; x < width && dark < minDark; x++) if (pixels[row + x]! < 128) dark++;
    }
    if (dark >= minDark) run++;
    else {
      if (run >= minHeight) runs++;
      run = 0;
    }
  }
  return runs;
}

/**
 * The box [x0, y0, x1, y1] around the ink of the rows from `top` down, with `pad` pixels around it;
 * null when there are fewer than `minDark` dark pixels (a blank margin). The 2% of dark pixels
 * farthest left and right are left out, so a scan's specks at the edges do not widen it.
 */
export function inkBox(image: GrayImage, top: number, pad: number, minDark = 20): [number, number, number, number] | null {
  const { width, height, pixels } = image;
  const cols = new Uint32Array(width);
  let total = 0;
  let y0 = -1;
  let y1 = -1;
  for (let y = Math.max(0, top); y < height; y++) {
    const row = y * width;
    let dark = 0;
    for (let x = 0; x < width; x++) if (pixels[row + x]! < 128) { cols[x]!++; dark++; }
    if (dark > 0) {
      if (y0 < 0) y0 = y;
      y1 = y;
      total += dark;
    }
  }
  if (total < minDark) return null;
  const cut = Math.floor(total * 0.02);
  let x0 = 0;
  for (let seen = 0; x0 < width - 1 && seen + cols[x0]! <= cut; x0++) seen += cols[x0]!;
  let x1 = width - 1;
  for (let seen = 0; x1 > x0 && seen + cols[x1]! <= cut; x1--) seen += cols[x1]!;
  return [Math.max(0, x0 - pad), Math.max(0, y0 - pad), Math.min(width, x1 + 1 + pad), Math.min(height, y1 + 1 + pad)];
}

/** Part of an image, [x0, y0, x1, y1), as a binary PGM (P5). */
export function cropToPgm(image: GrayImage, [x0, y0, x1, y1]: [number, number, number, number]): Uint8Array {
  const w = x1 - x0;
  const h = y1 - y0;
  const header = pgmHeader(w, h);
  const out = new Uint8Array(header.length + w * h);
  out.set(header);
  for (let y = 0; y < h; y++) out.set(image.pixels.subarray((y0 + y) * image.width + x0, (y0 + y) * image.width + x1), header.length + y * w);
  return out;
}
