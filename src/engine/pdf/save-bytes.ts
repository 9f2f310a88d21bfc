import './wasm-handle.ts';
import { createHash, randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, mkdirSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import type * as mupdf from 'mupdf';

/** Save a MuPDF document with `options` and return its bytes, freeing MuPDF's buffer either way. */
export function saveBytes(doc: mupdf.PDFDocument, options: string): Uint8Array {
  const buf = doc.saveToBuffer(options);
  try {
    return buf.asUint8Array().slice();
  } finally {
    buf.destroy();
  }
}

/**
 * Save `doc` into the file at `path` from MuPDF's own buffer (no copy in this thread), under a temporary
 * name renamed into place, so a crash or a failed write never leaves half a file under the real name.
 */
export function saveFile(doc: mupdf.PDFDocument, options: string, path: string): { size: number; sha256: string } {
  mkdirSync(dirname(path), { recursive: true });
  const temp = `${path}.${randomBytes(6).toString('hex')}.tmp`;
  const buf = doc.saveToBuffer(options);
  try {
    // a view into MuPDF's memory: valid while nothing runs in MuPDF, which holds for these synchronous writes
    const view = buf.asUint8Array();
    const hash = createHash('sha256');
    const fd = openSync(temp, 'w');
    try {
      for (let at = 0; at < view.length; ) {
        const part = view.subarray(at, Math.min(view.length, at + (8 << 20)));
        hash.update(part);
        at += writeSync(fd, part);
      }
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, path);
    return { size: view.length, sha256: hash.digest('hex') };
  } catch (err) {
    rmSync(temp, { force: true });
    throw err;
  } finally {
    buf.destroy();
  }
}
