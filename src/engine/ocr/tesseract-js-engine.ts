import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createWorker, type Worker as TesseractWorker } from 'tesseract.js';
import type { OcrEngine, PixelLine, SegmentationMode } from './engine-types.ts';

const require = createRequire(import.meta.url);

/**
 * Folder holding eng.traineddata.gz inside the installed `@tesseract.js-data/eng` package.
 * A plain file path (not a URL) makes tesseract.js read the file from disk instead of fetching it.
 *
 * The package's default folder (4.0.0) holds the LSTM model together with the legacy engine's data
 * (10.9 MB gzipped); the sibling 4.0.0_best_int holds only the LSTM model (2.9 MB), the same
 * network (on bench/ocr.ts the same words and boxes, confidences within ~0.5), ~0.1 s less CPU to
 * start an engine and ~80 MB less memory per engine. We run the LSTM engine only (OEM 1), so the
 * smaller file is the one to load.
 */
export function englishDataPath(): string {
  const data = require('@tesseract.js-data/eng') as { langPath: string; gzip: boolean };
  const lstmOnly = join(dirname(data.langPath), '4.0.0_best_int');
  return existsSync(join(lstmOnly, 'eng.traineddata.gz')) ? lstmOnly : data.langPath;
}

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
