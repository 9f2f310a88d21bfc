import './wasm-handle.ts';
import { readSync } from 'node:fs';
import type * as mupdf from 'mupdf';

/**
 * What an incremental update of a PDF file needs to know of the file's own cross-reference sections:
 * where the last one starts (the update's /Prev), whether it is a classic table or a cross-reference
 * stream (the update is written in the same style), and the generation number of every object (an
 * object written again keeps its number and generation, or references to it stop resolving: poppler
 * reads `5 1 R` as null when object 5 is written as generation 0).
 */
export interface XrefChain {
  /** Offset of the last cross-reference section (the file's last `startxref`). */
  startxref: number;
  /** Style of that section. */
  kind: 'table' | 'stream';
  /** Generation of object `num` as the newest section gives it (0 for objects in object streams or never listed). */
  generation(num: number): number;
  /** Number of sections walked (the file's first one and every update after it). */
  sections: number;
}

/** Reading stops at this many sections: a /Prev loop or a file made to make us walk forever. */
const MAX_SECTIONS = 10_000;

function readAt(fd: number, position: number, length: number): Buffer {
  const buf = Buffer.alloc(length);
  let got = 0;
  while (got < length) {
    const n = readSync(fd, buf, got, length - got, position + got);
    if (n === 0) break;
    got += n;
  }
  return buf.subarray(0, got);
}

const WHITE = new Set([0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]);

/** The offset in the file's last `startxref`, or null when its tail has none. */
function lastStartxref(fd: number, size: number): number | null {
  const tailLength = Math.min(size, 4096);
  const tail = readAt(fd, size - tailLength, tailLength).toString('latin1');
  const at = tail.lastIndexOf('startxref');
  if (at < 0) return null;
  const m = /^startxref\s+(\d+)/.exec(tail.slice(at));
  return m ? Number(m[1]) : null;
}

/**
 * One classic cross-reference table at `offset`: its entries (newest section wins, so only numbers not
 * seen yet are taken) and its trailer's /Prev and /XRefStm. Null when it is not well formed.
 */
function readTable(
  fd: number,
  size: number,
  offset: number,
  take: (num: number, gen: number) => void,
): { prev: number | null; xrefStm: number | null } | null {
  // a table is 20 bytes an entry: read on until its trailer has been seen whole
  let length = 64 << 10;
  for (;;) {
    const text = readAt(fd, offset, Math.min(length, size - offset)).toString('latin1');
    const trailerAt = text.indexOf('trailer');
    const endOfDict = trailerAt < 0 ? -1 : dictionaryEnd(text, text.indexOf('<<', trailerAt));
    if (trailerAt < 0 || endOfDict < 0) {
      if (offset + length >= size) return null;
      length *= 4;
      continue;
    }
    const body = text.slice(0, trailerAt);
    const tokens = body.split(/[\0\t\n\f\r ]+/).filter(Boolean);
    if (tokens[0] !== 'xref') return null;
    let i = 1;
    while (i < tokens.length) {
      const start = Number(tokens[i]);
      const count = Number(tokens[i + 1]);
      if (!Number.isInteger(start) || !Number.isInteger(count) || start < 0 || count < 0) return null;
      i += 2;
      for (let k = 0; k < count; k++, i += 3) {
        const gen = Number(tokens[i + 1]);
        const type = tokens[i + 2];
        if (!/^\d+$/.test(tokens[i] ?? '') || !Number.isInteger(gen) || (type !== 'n' && type !== 'f')) return null;
        if (type === 'n') take(start + k, gen);
      }
    }
    const trailer = text.slice(trailerAt, endOfDict);
    const num = (key: string) => {
      const m = new RegExp(`/${key}\\s+(\\d+)(?![\\d\\s]*R)`).exec(trailer);
      return m ? Number(m[1]) : null;
    };
    return { prev: num('Prev'), xrefStm: num('XRefStm') };
  }
}

/**
 * Where the dictionary opening at `start` (`<<`) ends (just past its `>>`), skipping the strings in it;
 * -1 when it does not end in `text` (or `start` is -1).
 */
function dictionaryEnd(text: string, start: number): number {
  if (start < 0) return -1;
  let depth = 0;
  for (let i = start; i < text.length; ) {
    if (text.startsWith('<<', i)) {
      depth++;
      i += 2;
    } else if (text.startsWith('>>', i)) {
      depth--;
      i += 2;
      if (depth === 0) return i;
    } else if (text[i] === '<') {
      // a hex string
      const close = text.indexOf('>', i);
      if (close < 0) return -1;
      i = close + 1;
    } else if (text[i] === '(') {
      // a literal string: balanced parentheses, backslash escapes
      let nest = 0;
      for (; i < text.length; i++) {
        if (text[i] === '\\') i++;
        else if (text[i] === '(') nest++;
        else if (text[i] === ')' && --nest === 0) break;
      }
      i++;
    } else i++;
  }
  return -1;
}

/** The object number of the object whose header (`12 0 obj`) starts at `offset`, or null. */
function objectNumberAt(fd: number, offset: number): number | null {
  const head = readAt(fd, offset, 64).toString('latin1');
  const m = /^[\0\t\n\f\r ]*(\d+)\s+(\d+)\s+obj\b/.exec(head);
  return m ? Number(m[1]) : null;
}

function intsOf(obj: mupdf.PDFObject): number[] | null {
  if (!obj.isArray()) return null;
  const out: number[] = [];
  for (let i = 0; i < obj.length; i++) {
    const v = obj.get(i);
    if (!v.isNumber()) return null;
    out.push(v.asNumber());
  }
  return out;
}

/**
 * One cross-reference stream (object `num` of `doc`, the file opened as it is): its entries and /Prev.
 * MuPDF decodes the stream (filters and predictors); the entries are read from its /W and /Index.
 */
function readStreamSection(doc: mupdf.PDFDocument, num: number, take: (num: number, gen: number) => void): { prev: number | null } | null {
  const ref = doc.newIndirect(num);
  if (!ref.isStream()) return null;
  const dict = ref.resolve();
  if (!dict.get('Type').isName() || dict.get('Type').asName() !== 'XRef') return null;
  const w = intsOf(dict.get('W'));
  const sizeObj = dict.get('Size');
  if (!w || w.length < 3 || !sizeObj.isNumber()) return null;
  const index = intsOf(dict.get('Index')) ?? [0, sizeObj.asNumber()];
  if (index.length % 2) return null;
  const data = ref.readStream().asUint8Array().slice();
  const width = w[0]! + w[1]! + w[2]!;
  const field = (at: number, n: number, dflt: number) => {
    if (n === 0) return dflt;
    let v = 0;
    for (let k = 0; k < n; k++) v = v * 256 + data[at + k]!;
    return v;
  };
  let at = 0;
  for (let s = 0; s < index.length; s += 2) {
    for (let k = 0; k < index[s + 1]!; k++, at += width) {
      if (at + width > data.length) return null;
      const type = field(at, w[0]!, 1);
      // type 2 (in an object stream) has generation 0; its third field is the index in that stream
      if (type === 1) take(index[s]! + k, field(at + w[0]! + w[1]!, w[2]!, 0));
      else if (type === 2) take(index[s]! + k, 0);
    }
  }
  const prev = dict.get('Prev');
  return { prev: prev.isNumber() ? prev.asNumber() : null };
}

/**
 * Walk the cross-reference sections of the file open as `fd` (`size` bytes), newest first through
 * /Prev (and a hybrid file's /XRefStm), with `doc` the same file opened by MuPDF (untouched: it decodes
 * the cross-reference streams). Null when the chain is not one this code can read with certainty
 * (no startxref, a section that is neither a table nor a cross-reference stream, a loop): the caller
 * then writes the file whole rather than guess.
 */
export function readXrefChain(fd: number, size: number, doc: mupdf.PDFDocument): XrefChain | null {
  const startxref = lastStartxref(fd, size);
  if (startxref === null || startxref >= size) return null;
  const count = doc.countObjects();
  const gens = new Uint16Array(count);
  const seen = new Uint8Array(count);
  // only objects in use: a free entry's generation is the one a new object of that number would take
  const take = (num: number, gen: number) => {
    if (num < count && !seen[num]) {
      seen[num] = 1;
      gens[num] = gen;
    }
  };
  const visited = new Set<number>();
  let kind: XrefChain['kind'] | null = null;
  let sections = 0;
  // newest first; a hybrid section's stream is read right after its table, before the table's /Prev
  const pending: number[] = [startxref];
  while (pending.length) {
    const offset = pending.shift()!;
    if (visited.has(offset) || offset < 0 || offset >= size || ++sections > MAX_SECTIONS) return null;
    visited.add(offset);
    const first = readAt(fd, offset, 16).toString('latin1');
    let skip = 0;
    while (skip < first.length && WHITE.has(first.charCodeAt(skip))) skip++;
    if (first.startsWith('xref', skip)) {
      const t = readTable(fd, size, offset + skip, take);
      if (!t) return null;
      kind ??= 'table';
      const next: number[] = [];
      if (t.xrefStm !== null) next.push(t.xrefStm);
      if (t.prev !== null) next.push(t.prev);
      pending.unshift(...next);
    } else {
      const num = objectNumberAt(fd, offset);
      if (num === null) return null;
      let s: { prev: number | null } | null;
      try {
        s = readStreamSection(doc, num, take);
      } catch {
        return null;
      }
      if (!s) return null;
      kind ??= 'stream';
      if (s.prev !== null) pending.unshift(s.prev);
    }
  }
  if (!kind) return null;
  return { startxref, kind, generation: (num) => (num < count ? gens[num]! : 0), sections };
}
