/**
 * What an OCR engine returns for one page image: words grouped into lines, boxes in image pixels
 * (top-left origin), confidences 0..100.
 */
export interface PixelWord {
  text: string;
  /** [x0, y0, x1, y1] in pixels of the recognised image. */
  box: [number, number, number, number];
  confidence: number;
  /** Per-character boxes, when the engine gives them. */
  symbols?: Array<{ text: string; box: [number, number, number, number] }>;
}

export interface PixelLine {
  words: PixelWord[];
}

/** Tesseract page segmentation modes we use: 3 = automatic, 4 = single column, 11 = sparse text. */
export type SegmentationMode = 3 | 4 | 6 | 11;

/** One OCR engine instance; handles one image at a time. */
export interface OcrEngine {
  readonly name: 'tesseract-js' | 'tesseract-cli';
  /** `image`: a PNG, or a binary PGM (P5). */
  recognize(image: Uint8Array, opts: { psm: SegmentationMode; dpi: number }): Promise<PixelLine[]>;
  close(): Promise<void>;
}
