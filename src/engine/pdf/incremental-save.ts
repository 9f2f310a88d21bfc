import './wasm-handle.ts';
import { createHash, randomBytes, type Hash } from 'node:crypto';
import { closeSync, fstatSync, fsyncSync, mkdirSync, openSync, readSync, renameSync, rmSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { deflateSync } from 'node:zlib';
import type * as mupdf from 'mupdf';
import { openPdfFile } from './file-stream.ts';
import type { WholeSaveReason } from './types.ts';
import { readXrefChain, type XrefChain } from './xref-chain.ts';

/**
 * Saving a document opened from its file as an incremental update (ISO 32000-1 §7.5.6): the file's
 * bytes unchanged, then the objects that are new or changed, a cross-reference section for them and a
 * trailer whose /Prev names the file's own last section. Written by this code because MuPDF can only
 * write into its own memory (where an incremental save holds the whole file again): here the original
 * is copied into the output a few megabytes at a time and only the changed objects pass through memory.
 *
 * What changed is found by comparing, object by object, the document as it is with the same file opened
 * again untouched: every object is serialised by MuPDF in both (a stream by its dictionary) and those
 * that differ are written, with the new objects they lead to (objectsToWrite). Nothing depends on knowing
 * which calls changed what.
 */

/** Why a document cannot be saved as an incremental update of its file (it is then saved whole). */
export type NotIncremental = Extract<WholeSaveReason, 'encrypted' | 'repaired' | 'file changed' | 'cross-reference not readable'>;

/** A writer into the output file that keeps its offset and its hash, in blocks of a megabyte. */
class Output {
  readonly #fd: number;
  readonly #hash: Hash;
  #also: Hash | null = null;
  #pending: Buffer[] = [];
  #pendingBytes = 0;
  offset = 0;

  constructor(fd: number, hash: Hash) {
    this.#fd = fd;
    this.#hash = hash;
  }

  write(data: string | Uint8Array): void {
    const buf = typeof data === 'string' ? Buffer.from(data, 'latin1') : data;
    this.offset += buf.length;
    if (buf.length >= 1 << 20) {
      this.flush();
      this.#emit(buf);
      return;
    }
    // a copy: a view into MuPDF's memory does not outlive the next call into it
    this.#pending.push(typeof data === 'string' ? (buf as Buffer) : Buffer.from(buf));
    this.#pendingBytes += buf.length;
    if (this.#pendingBytes >= 1 << 20) this.flush();
  }

  /** Hash everything written from now on into `hash` as well. */
  alsoHash(hash: Hash | null): void {
    this.flush();
    this.#also = hash;
  }

  #emit(buf: Uint8Array): void {
    this.#hash.update(buf);
    this.#also?.update(buf);
    for (let at = 0; at < buf.length; ) at += writeSync(this.#fd, buf, at, buf.length - at);
  }

  flush(): void {
    if (!this.#pendingBytes) return;
    const all = Buffer.concat(this.#pending, this.#pendingBytes);
    this.#pending = [];
    this.#pendingBytes = 0;
    this.#emit(all);
  }
}

/** Copy the file open as `from` into `out`, 8 MB at a time; returns its last byte (-1 when empty). */
function copyOriginal(from: number, size: number, out: Output): number {
  const chunk = Buffer.alloc(Math.min(size, 8 << 20) || 1);
  let last = -1;
  for (let pos = 0; pos < size; ) {
    const n = readSync(from, chunk, 0, Math.min(chunk.length, size - pos), pos);
    if (n === 0) throw new Error(`the PDF file ended at ${pos} bytes, expected ${size}`);
    const part = chunk.subarray(0, n);
    out.write(part);
    out.flush();
    last = part[n - 1]!;
    pos += n;
  }
  return last;
}

/**
 * What MuPDF prints of an object: a stream by its dictionary, marked apart from a plain dictionary. An
 * object MuPDF cannot load reads as the same mark in both documents (left as the file has it).
 */
function fingerprint(ref: mupdf.PDFObject): string {
  try {
    const stream = ref.isStream();
    const text = ref.resolve().toString(true, true);
    return stream ? `stream ${text}` : text;
  } catch {
    return '\u0000unreadable';
  }
}

const REFERENCE = /(\d+) \d+ R(?![A-Za-z0-9])/g;

/**
 * Object numbers to write, in order: every object of the file that differs from the file's own, and
 * every new object (numbered past the file's last) that one of those, another such new object or the
 * trailer refers to. A new object nothing refers to any more (an action taken out of an appended page,
 * an annotation replaced) is left out, as a full save's garbage collection drops it: it must not stand
 * in the file's bytes. An object of the file that is unchanged refers to no new object (the reference
 * would have changed it), so this walk finds every new object in use.
 */
function objectsToWrite(doc: mupdf.PDFDocument, original: mupdf.PDFDocument): number[] {
  const before = original.countObjects();
  const now = doc.countObjects();
  const write = new Set<number>();
  const pending: string[] = [doc.getTrailer().toString(true, true)];
  for (let num = 1; num < Math.min(before, now); num++) {
    const text = fingerprint(doc.newIndirect(num));
    if (text !== fingerprint(original.newIndirect(num))) {
      write.add(num);
      pending.push(text);
    }
  }
  while (pending.length) {
    // references are printed `12 0 R`; one read inside a string only adds an object, never loses one
    for (const m of pending.pop()!.matchAll(REFERENCE)) {
      const num = Number(m[1]);
      if (num < before || num >= now || write.has(num)) continue;
      write.add(num);
      pending.push(fingerprint(doc.newIndirect(num)));
    }
  }
  return [...write].sort((a, b) => a - b);
}

/** Below this a new stream without a filter is written as it is (compressing it would save nothing). */
const COMPRESS_FROM = 256;

/** A stream's dictionary written by entry, with /Length (and /Filter when compressed here) set for the data written. */
function streamDictionary(doc: mupdf.PDFDocument, dict: mupdf.PDFObject, length: number, compressed: boolean): string {
  let out = '<<';
  dict.forEach((val, key) => {
    const k = String(key);
    if (k === 'Length' || (compressed && k === 'Filter')) return;
    out += `${doc.newName(k).toString(true, true)} ${val.toString(true, true)}`;
  });
  if (compressed) out += '/Filter/FlateDecode';
  return `${out}/Length ${length}>>`;
}

function writeObject(out: Output, doc: mupdf.PDFDocument, num: number, gen: number, isNew: boolean): void {
  const ref = doc.newIndirect(num);
  out.write(`${num} ${gen} obj\n`);
  if (!ref.isStream()) {
    out.write(`${ref.resolve().toString(true, true)}\nendobj\n`);
    return;
  }
  const dict = ref.resolve();
  const raw = ref.readRawStream();
  try {
    let data: Uint8Array = raw.asUint8Array();
    // a stream this document made without a filter (a font MuPDF embedded): compressed as a full save does
    const compress = isNew && data.length >= COMPRESS_FROM && dict.get('Filter').isNull() && dict.get('DecodeParms').isNull();
    if (compress) data = deflateSync(data);
    // the dictionary is printed before the data is written: `data` may be a view into MuPDF's memory
    const head = `${streamDictionary(doc, dict, data.length, compress)}\nstream\n`;
    out.write(head);
    out.write(data);
    out.write('\nendstream\nendobj\n');
  } finally {
    raw.destroy();
  }
}

/** A PDF string in hex. */
function hexString(bytes: Uint8Array): string {
  return `<${Buffer.from(bytes).toString('hex').toUpperCase()}>`;
}

/** The trailer's /ID: the file's first identifier kept, the second one new (this version's). */
function fileIdentifier(original: mupdf.PDFDocument, update: Buffer): string {
  const id = original.getTrailer().get('ID');
  const version = hexString(update.subarray(0, 16));
  const first = id.isArray() && id.length === 2 && id.get(0).isString() ? id.get(0).toString(true, true) : version;
  return `[${first}${version}]`;
}

/** Consecutive runs of object numbers: [first, count] pairs. */
function runs(nums: number[]): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (const n of nums) {
    const last = out.at(-1);
    if (last && last[0] + last[1] === n) last[1]++;
    else out.push([n, 1]);
  }
  return out;
}

function writeTable(out: Output, entries: Array<{ num: number; offset: number; gen: number }>, trailer: string): void {
  const at = out.offset;
  let text = 'xref\n';
  let i = 0;
  for (const [first, count] of runs(entries.map((e) => e.num))) {
    text += `${first} ${count}\n`;
    for (let k = 0; k < count; k++, i++) {
      const e = entries[i]!;
      text += `${String(e.offset).padStart(10, '0')} ${String(e.gen).padStart(5, '0')} n\r\n`;
    }
  }
  out.write(`${text}trailer\n<<${trailer}>>\nstartxref\n${at}\n%%EOF\n`);
}

function writeXrefStream(out: Output, entries: Array<{ num: number; offset: number; gen: number }>, num: number, trailer: string): void {
  const at = out.offset;
  const all = [...entries, { num, offset: at, gen: 0 }];
  let offsetBytes = 1;
  while (at >= 256 ** offsetBytes) offsetBytes++;
  const row = 1 + offsetBytes + 2;
  const data = Buffer.alloc(all.length * row);
  all.forEach((e, i) => {
    data[i * row] = 1;
    data.writeUIntBE(e.offset, i * row + 1, offsetBytes);
    data.writeUInt16BE(e.gen, i * row + 1 + offsetBytes);
  });
  const packed = deflateSync(data);
  const index = runs(all.map((e) => e.num)).flat().join(' ');
  out.write(`${num} 0 obj\n<</Type/XRef${trailer}/Index[${index}]/W[1 ${offsetBytes} 2]/Filter/FlateDecode/Length ${packed.length}>>\nstream\n`);
  out.write(packed);
  out.write(`\nendstream\nendobj\nstartxref\n${at}\n%%EOF\n`);
}

interface Prepared {
  original: mupdf.PDFDocument;
  fd: number;
  size: number;
  chain: XrefChain;
}

/**
 * Open the file again untouched and read its cross-reference chain, or tell why the document cannot be
 * an incremental update of it. `expectedSize` is the file's size when the document was opened.
 */
function prepare(doc: mupdf.PDFDocument, originalPath: string, expectedSize: number): Prepared | NotIncremental {
  if (doc.wasRepaired() || !doc.canBeSavedIncrementally()) return 'repaired';
  const fd = openSync(originalPath, 'r');
  let original: mupdf.PDFDocument | null = null;
  let handedOver = false;
  try {
    const size = fstatSync(fd).size;
    if (size !== expectedSize) return 'file changed';
    original = openPdfFile(originalPath);
    if (original.needsPassword() || !original.getTrailer().get('Encrypt').isNull()) return 'encrypted';
    if (original.wasRepaired()) return 'repaired';
    const chain = readXrefChain(fd, size, original);
    if (!chain) return 'cross-reference not readable';
    handedOver = true;
    return { original, fd, size, chain };
  } finally {
    if (!handedOver) {
      original?.destroy();
      closeSync(fd);
    }
  }
}

/**
 * Save `doc` (opened from the file at `originalPath`, `originalSize` bytes then) into `path` as that
 * file followed by an incremental update, under a temporary name renamed into place. Returns the
 * reason instead when it cannot be done (the caller then saves the document whole).
 */
export function saveIncremental(doc: mupdf.PDFDocument, originalPath: string, originalSize: number, path: string): { size: number; sha256: string } | NotIncremental {
  const prepared = prepare(doc, originalPath, originalSize);
  if (typeof prepared === 'string') return prepared;
  const { original, fd: from, size, chain } = prepared;
  mkdirSync(dirname(path), { recursive: true });
  const temp = `${path}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    const before = original.countObjects();
    const nums = objectsToWrite(doc, original);
    const hash = createHash('sha256');
    const fd = openSync(temp, 'w');
    let open = true;
    try {
      const out = new Output(fd, hash);
      const last = copyOriginal(from, size, out);
      // what follows the file identifies this version (the second part of /ID)
      const update = createHash('sha256').update(`${size}`);
      out.alsoHash(update);
      if (last !== 0x0a && last !== 0x0d) out.write('\n');
      const entries: Array<{ num: number; offset: number; gen: number }> = [];
      for (const num of nums) {
        const gen = num < before ? chain.generation(num) : 0;
        entries.push({ num, offset: out.offset, gen });
        // an object gone from the document is written as null: what a reference to a missing object reads as
        writeObject(out, doc, num, gen, num >= before);
      }
      out.alsoHash(null);
      const trailerDoc = doc.getTrailer();
      const xrefNum = doc.countObjects();
      let trailer = `/Size ${chain.kind === 'stream' ? xrefNum + 1 : xrefNum}`;
      trailer += `/Root ${trailerDoc.get('Root').toString(true, true)}`;
      const info = trailerDoc.get('Info');
      if (!info.isNull()) trailer += `/Info ${info.toString(true, true)}`;
      trailer += `/ID${fileIdentifier(original, update.digest())}/Prev ${chain.startxref}`;
      if (chain.kind === 'stream') writeXrefStream(out, entries, xrefNum, trailer);
      else writeTable(out, entries, trailer);
      out.flush();
      fsyncSync(fd);
      open = false;
      closeSync(fd);
      renameSync(temp, path);
      return { size: out.offset, sha256: hash.digest('hex') };
    } finally {
      if (open) closeSync(fd);
    }
  } catch (err) {
    rmSync(temp, { force: true });
    throw err;
  } finally {
    original.destroy();
    closeSync(from);
  }
}

/** Whether the cross-reference sections of the file at `path` (opened as `doc`) can be read for an update. */
export function xrefChainReadable(path: string, doc: mupdf.PDFDocument): boolean {
  const fd = openSync(path, 'r');
  try {
    return readXrefChain(fd, fstatSync(fd).size, doc) !== null;
  } catch {
    return false;
  } finally {
    closeSync(fd);
  }
}
