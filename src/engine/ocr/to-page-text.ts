import type { BBox, Line, PageText, Word } from '../types.ts';
import type { PixelLine } from './engine-types.ts';

/**
 * Turn an engine's pixel lines into a PageText: boxes converted from pixels at `dpi` to PDF points
 * (top-left origin, the same space as the text layer), empty words dropped, lines kept in
 * tesseract's reading order. A page read turned 180° keeps its boxes on the turned page, where its
 * lines read from left to right, and says so in `rotation`.
 */
export function toPageText(page: number, size: { width: number; height: number }, lines: PixelLine[], dpi: number, rotation: 0 | 180 = 0): PageText {
  const k = 72 / dpi;
  const pt = (v: number) => Math.round(v * k * 100) / 100;
  const out: Line[] = [];
  let confSum = 0;
  let wordCount = 0;
  for (const line of lines) {
    const words: Word[] = [];
    for (const w of line.words) {
      const text = w.text.trim();
      if (!text) continue;
      words.push({ text, bbox: [pt(w.box[0]), pt(w.box[1]), pt(w.box[2]), pt(w.box[3])], confidence: Math.round(w.confidence * 10) / 10 });
      confSum += w.confidence;
      wordCount += 1;
    }
    if (words.length === 0) continue;
    const bbox: BBox = [
      Math.min(...words.map((w) => w.bbox[0])),
      Math.min(...words.map((w) => w.bbox[1])),
      Math.max(...words.map((w) => w.bbox[2])),
      Math.max(...words.map((w) => w.bbox[3])),
    ];
    out.push({ text: words.map((w) => w.text).join(' '), bbox, words });
  }
  return {
    page,
    width: size.width,
    height: size.height,
    lines: out,
    source: 'ocr',
    confidence: wordCount ? Math.round((confSum / wordCount) * 10) / 10 : 0,
    ...(rotation ? { rotation } : {}),
  };
}
