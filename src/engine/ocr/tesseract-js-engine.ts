import { createWorker, type Worker as TesseractWorker } from 'tesseract.js';
import type { OcrEngine, PixelLine, SegmentationMode } from './engine-types.ts';
import { englishDataPath } from './english-model.ts';

/**
 * Options that keep tesseract.js entirely offline: language data read from the installed package,
 * and no cache, so nothing is written to the working directory and nothing is downloaded.
 */
export function offlineWorkerOptions() {
  return {
    langPath: englishDataPath(),
    gzip: true,
    cacheMethod: 'none',
    logger: () => {},
    errorHandler: () => {},
  };
}

/** tesseract.js (WebAssembly, LSTM engine) with the English data from disk. */
export async function createTesseractJsEngine(): Promise<OcrEngine> {
  // OEM 1 = LSTM only: the data package is the LSTM model.
  const worker: TesseractWorker = await createWorker('eng', 1, offlineWorkerOptions());
  // Tesseract's own diagnostics ("Detected 26 diacritics") would otherwise go to stderr.
  await worker.setParameters({ debug_file: '/dev/null' });
  let currentPsm: SegmentationMode | null = null;
  let currentDpi: number | null = null;

  return {
    name: 'tesseract-js',
    async recognize(image, { psm, dpi }) {
      if (psm !== currentPsm || dpi !== currentDpi) {
        await worker.setParameters({
          tessedit_pageseg_mode: String(psm) as never,
          user_defined_dpi: String(dpi),
        });
        currentPsm = psm;
        currentDpi = dpi;
      }
      const result = await worker.recognize(Buffer.from(image.buffer, image.byteOffset, image.byteLength), {}, {
        text: false,
        blocks: true,
      });
      const lines: PixelLine[] = [];
      for (const block of result.data.blocks ?? []) {
        for (const paragraph of block.paragraphs) {
          for (const line of paragraph.lines) {
            lines.push({
              words: line.words.map((w) => ({
                text: w.text,
                box: [w.bbox.x0, w.bbox.y0, w.bbox.x1, w.bbox.y1],
                confidence: w.confidence,
                symbols: w.symbols.map((c) => ({ text: c.text, box: [c.bbox.x0, c.bbox.y0, c.bbox.x1, c.bbox.y1] })),
              })),
            });
          }
        }
      }
      return lines;
    },
    async close() {
      await worker.terminate();
    },
  };
}
