import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { openPdf } from '../pdf/index.ts';
import { makeTextPdf } from '../pdf/make-text-pdf.ts';
import { countInkRowRuns, decodeGray, decodeGrayPng, decodePgm, type GrayImage, narrowImage, toPgm } from './narrow-image.ts';

/** A PNG written the way encoders do, each row with the given filter (0–4), 8-bit samples. */
function encodePng(width: number, height: number, channels: 1 | 3, samples: Uint8Array, filters: number[]): Uint8Array {
  const stride = width * channels;
  const raw = new Uint8Array(height * (stride + 1));
  for (let y = 0; y < height; y++) {
    const filter = filters[y % filters.length]!;
    raw[y * (stride + 1)] = filter;
    for (let x = 0; x < stride; x++) {
      const cur = samples[y * stride + x]!;
      const a = x >= channels ? samples[y * stride + x - channels]! : 0;
      const b = y > 0 ? samples[(y - 1) * stride + x]! : 0;
      const c = x >= channels && y > 0 ? samples[(y - 1) * stride + x - channels]! : 0;
      const p = a + b - c;
      const paeth = Math.abs(p - a) <= Math.abs(p - b) && Math.abs(p - a) <= Math.abs(p - c) ? a : Math.abs(p - b) <= Math.abs(p - c) ? b : c;
      const predicted = [0, a, b, (a + b) >> 1, paeth][filter]!;
      raw[y * (stride + 1) + 1 + x] = (cur - predicted) & 0xff;
    }
  }
  const chunk = (type: string, data: Uint8Array) => {
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    out.write(type, 4, 'latin1');
    Buffer.from(data).copy(out, 8);
    return out; // the CRC is not checked by the decoder
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = channels === 1 ? 0 : 2;
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', new Uint8Array())]);
}

function noise(n: number, seed: number): Uint8Array {
  const out = new Uint8Array(n);
  let s = seed;
  for (let i = 0; i < n; i++) {
    s = (s * 1103515245 + 12345) >>> 0;
    out[i] = s >>> 24;
  }
  return out;
}

describe('decodeGrayPng', () => {
  it('reads back the exact gray pixels whatever row filters the encoder chose', () => {
    const pixels = noise(13 * 7, 1);
    const png = encodePng(13, 7, 1, pixels, [0, 1, 2, 3, 4]);
    expect(decodeGrayPng(png)).toEqual({ width: 13, height: 7, pixels });
  });

  it('turns colour into luminance', () => {
    const rgb = new Uint8Array([255, 255, 255, 0, 0, 0, 255, 0, 0, 0, 0, 255]);
    const image = decodeGrayPng(encodePng(2, 2, 3, rgb, [4, 1]))!;
    expect([...image.pixels]).toEqual([255, 0, 76, 29]);
  });

  it('decodes a rendered page: white paper, dark text where the text is', () => {
    const doc = openPdf(makeTextPdf([[{ text: 'AFFIDAVIT OF JANE MORRISON', x: 72, y: 100, size: 24 }]]));
    const image = decodeGrayPng(doc.renderPng(1, 100))!;
    doc.close();
    expect([image.width, image.height]).toEqual([850, 1100]);
    const at = (x: number, y: number) => image.pixels[Math.round(y) * image.width + Math.round(x)]!;
    expect(at(425, 700)).toBe(255);
    let dark = 0;
    for (let x = 100; x < 500; x++) for (let y = 120; y < 140; y++) if (at(x, y) < 128) dark++;
    expect(dark).toBeGreaterThan(500);
  });

  it('declines what it does not read', () => {
    expect(decodeGrayPng(new Uint8Array([1, 2, 3]))).toBeNull();
    expect(decodeGrayPng(toPgm({ width: 2, height: 2, pixels: new Uint8Array(4) }))).toBeNull();
  });
});

describe('decodeGray: what OCR is given, a PNG or a PGM', () => {
  it('reads a binary PGM back as it was written, and a PNG as decodeGrayPng does', () => {
    const image = { width: 13, height: 7, pixels: noise(13 * 7, 2) };
    expect(decodePgm(toPgm(image))).toEqual(image);
    expect(decodeGray(toPgm(image))).toEqual(image);
    expect(decodeGray(encodePng(13, 7, 1, image.pixels, [0, 4]))).toEqual(image);
    expect(decodePgm(new TextEncoder().encode('P5\n2 2\n65535\n\0\0\0\0\0\0\0\0'))).toBeNull(); // 16-bit
    expect(decodePgm(new TextEncoder().encode('P5\n4 4\n255\n\0\0'))).toBeNull(); // cut short
    expect(decodeGray(new Uint8Array([1, 2, 3]))).toBeNull();
  });

  it('gets from renderGray the very pixels renderPng draws, turned too', () => {
    const doc = openPdf(makeTextPdf([[{ text: 'AFFIDAVIT OF JANE MORRISON', x: 72, y: 100, size: 24 }, { text: 'Tab 1', x: 400, y: 700 }]]));
    try {
      for (const rotate of [0, 180] as const) {
        const gray = decodeGray(doc.renderGray(1, 100, { rotate }))!;
        const png = decodeGrayPng(doc.renderPng(1, 100, { rotate }))!;
        expect([gray.width, gray.height]).toEqual([850, 1100]);
        expect([png.width, png.height]).toEqual([850, 1100]);
        expect(Buffer.from(gray.pixels).equals(Buffer.from(png.pixels))).toBe(true);
      }
    } finally {
      doc.close();
    }
  });
});

describe('narrowImage', () => {
  const bars = (): GrayImage => {
    const width = 100;
    const pixels = new Uint8Array(width * 3).fill(255);
    for (let y = 0; y < 3; y++) for (let x = 40; x < 60; x++) pixels[y * width + x] = 0;
    return { width, height: 3, pixels };
  };

  it('squeezes the width, keeps the height and puts things at the scaled place', () => {
    const out = narrowImage(bars(), 0.5);
    expect([out.width, out.height]).toEqual([50, 3]);
    const row = [...out.pixels.subarray(0, 50)];
    expect(row.slice(20, 30).every((v) => v === 0)).toBe(true);
    expect(row.filter((v) => v < 255).length).toBe(10);
  });

  it('keeps the ink: partly covered pixels are averaged', () => {
    const ink = (img: GrayImage) => img.pixels.reduce((s, v) => s + (255 - v), 0) / img.width;
    const src = bars();
    const out = narrowImage(src, 0.9);
    expect(out.width).toBe(90);
    expect(Math.abs(ink(out) - ink(src))).toBeLessThan(0.5);
  });
});

describe('countInkRowRuns', () => {
  it('counts lines of text, not the specks of a scan', () => {
    const width = 400;
    const height = 120;
    const pixels = new Uint8Array(width * height).fill(255);
    for (const top of [10, 50, 90]) for (let y = top; y < top + 12; y++) for (let x = 20; x < 300; x += 2) pixels[y * width + x] = 20;
    for (let k = 0; k < 40; k++) pixels[((k * 37) % height) * width + ((k * 91) % width)] = 0; // specks
    expect(countInkRowRuns({ width, height, pixels })).toBe(3);
  });
});
