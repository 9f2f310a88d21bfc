import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

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
