// The text of a document's pages kept on disk after the first read, so link building neither reads
// the text layer nor OCRs again: text-layer pages in the engine's packed form (pages.bin), OCR'd
// pages as JSON (ocr-pages.json, their words carry their own text and confidence).
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

/**
 * Every page of a document of `pageCount` pages as stored, or null when the stored text is missing
 * or incomplete (then the caller reads the PDF again). OCR'd pages replace their text-layer result.
 */
export function loadPages(pageCount: number, binPath: string, ocrJsonPath: string): PageText[] | null {
  const packed = loadPacked(binPath);
  if (!packed) return null;
  const pages: PageText[] = new Array(pageCount);
  for (const p of [...packed, ...loadOcr(ocrJsonPath)]) if (p.page >= 1 && p.page <= pageCount) pages[p.page - 1] = p;
  for (let i = 0; i < pageCount; i++) if (!pages[i]) return null;
  return pages;
}

/** OCR'd pages only (for when the text layer must be read again). */
export function loadOcrPages(ocrJsonPath: string): PageText[] {
  return loadOcr(ocrJsonPath);
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
