// The text of a document's pages kept on disk after the first read, so link building neither reads
// the text layer nor OCRs again: text-layer pages in the engine's packed form (pages.bin), OCR'd
// pages as JSON (ocr-pages.json, their words carry their own text and confidence). A scanned page
// first read only where destinations are found (`partial`: its top and footer bands, whose limits it
// keeps in `bands`) is completed in the background by reading its middle band (a partial page stored
// without `bands` is read in full); those readings go to ocr-full.json, stamped with the run of the
// reading they complete, and replace the partial ones wherever pages are loaded.
import { readFileSync } from 'node:fs';
import { packPages, unpackPages } from '../../engine/text/pack.ts';
import type { IndexDetection, PageText } from '../../engine/types.ts';
import { writeFileAtomic } from '../../engine/util/atomic-write.ts';

const MAGIC = 'BLPAGES1';

export async function savePages(pages: PageText[], binPath: string, ocrJsonPath: string): Promise<void> {
  const ocr = pages.filter((p) => p.source === 'ocr');
  await writeFileAtomic(ocrJsonPath, JSON.stringify(ocr));
  const packed = packPages(pages.filter((p) => p.source !== 'ocr'));
  const text = Buffer.from(packed.text, 'utf8');
  const header = Buffer.alloc(8 + 12);
  header.write(MAGIC, 0, 'latin1');
  header.writeUInt32LE(text.length, 8);
  header.writeUInt32LE(packed.nums.length, 12);
  header.writeUInt32LE(packed.counts.length, 16);
  const nums = Buffer.from(packed.nums.buffer, packed.nums.byteOffset, packed.nums.byteLength);
  const counts = Buffer.from(packed.counts.buffer, packed.counts.byteOffset, packed.counts.byteLength);
  await writeFileAtomic(binPath, Buffer.concat([header, nums, counts, text]));
}

function loadOcr(path: string): PageText[] {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as PageText[];
  } catch {
    return [];
  }
}

function loadPacked(path: string): PageText[] | null {
  let buf: Buffer;
  try {
    buf = readFileSync(path);
  } catch {
    return null;
  }
  if (buf.length < 20 || buf.toString('latin1', 0, 8) !== MAGIC) return null;
  const textLen = buf.readUInt32LE(8);
  const nNums = buf.readUInt32LE(12);
  const nCounts = buf.readUInt32LE(16);
  let at = 20;
  const nums = new Float64Array(nNums);
  Buffer.from(nums.buffer).set(buf.subarray(at, at + nNums * 8));
  at += nNums * 8;
  const counts = new Int32Array(nCounts);
  Buffer.from(counts.buffer).set(buf.subarray(at, at + nCounts * 4));
  at += nCounts * 4;
  if (at + textLen !== buf.length) return null;
  return unpackPages({ nums, counts, text: buf.toString('utf8', at, at + textLen) });
}

/** The full readings of partially read pages: where they are, and the processing run they complete. */
export interface FullReadings {
  path: string;
  run: number;
}

/** Pages completed in the background for the processing run `full.run` (none when the file is of another run). */
export function loadFullReadings(full: FullReadings | undefined): PageText[] {
  if (!full) return [];
  try {
    const saved = JSON.parse(readFileSync(full.path, 'utf8')) as { run: number; pages: PageText[] };
    return saved.run === full.run && Array.isArray(saved.pages) ? saved.pages : [];
  } catch {
    return [];
  }
}

export async function saveFullReadings(full: FullReadings, pages: PageText[]): Promise<void> {
  await writeFileAtomic(full.path, JSON.stringify({ run: full.run, pages }));
}

/** OCR'd pages with the full readings in place of the partial ones. */
function mergedOcr(ocrJsonPath: string, full: FullReadings | undefined): PageText[] {
  const byPage = new Map(loadOcr(ocrJsonPath).map((p) => [p.page, p]));
  for (const p of loadFullReadings(full)) if (byPage.get(p.page)?.partial) byPage.set(p.page, p);
  return [...byPage.values()];
}

/**
 * Every page of a document of `pageCount` pages as stored, or null when the stored text is missing
 * or incomplete (then the caller reads the PDF again). OCR'd pages replace their text-layer result,
 * and pages completed in the background their partial reading.
 */
export function loadPages(pageCount: number, binPath: string, ocrJsonPath: string, full?: FullReadings): PageText[] | null {
  const packed = loadPacked(binPath);
  if (!packed) return null;
  const pages: PageText[] = new Array(pageCount);
  for (const p of [...packed, ...mergedOcr(ocrJsonPath, full)]) if (p.page >= 1 && p.page <= pageCount) pages[p.page - 1] = p;
  for (let i = 0; i < pageCount; i++) if (!pages[i]) return null;
  return pages;
}

/** OCR'd pages only (for when the text layer must be read again). */
export function loadOcrPages(ocrJsonPath: string, full?: FullReadings): PageText[] {
  return mergedOcr(ocrJsonPath, full);
}

/** The index detected on the stored pages, with the hand-set index pages it was detected with. */
export async function saveDetection(path: string, indexPages: number[] | undefined, detection: IndexDetection): Promise<void> {
  await writeFileAtomic(path, JSON.stringify({ indexPages: indexPages ?? null, detection }));
}

/** The stored detection, when it was made with the same hand-set index pages; else null. */
export function loadDetection(path: string, indexPages: number[] | undefined): IndexDetection | null {
  try {
    const saved = JSON.parse(readFileSync(path, 'utf8')) as { indexPages: number[] | null; detection: IndexDetection };
    return JSON.stringify(saved.indexPages) === JSON.stringify(indexPages ?? null) ? saved.detection : null;
  } catch {
    return null;
  }
}
