// A court package as one ZIP: the filed PDF, its hyperlink report (PDF and CSV) and a manifest of the
// SHA-256 of each, streamed as it is written (a filed PDF may be hundreds of MB: it is never held in
// memory). Entries are stored, not compressed: PDFs are compressed already. Each entry's CRC-32 and
// sizes follow its data (a data descriptor), so nothing is read twice. Names are UTF-8.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { crc32 } from 'node:zlib';

export interface ZipFile {
  /** The name inside the ZIP (already safe: see zipEntryName). */
  name: string;
  path: string;
}

const LOCAL = 0x04034b50;
const DESCRIPTOR = 0x08074b50;
const CENTRAL = 0x02014b50;
const END = 0x06054b50;
/** Bit 3: sizes and CRC in a descriptor after the data; bit 11: the name is UTF-8. */
const FLAGS = 0x0008 | 0x0800;
/** ZIP 2.0 (what a stored entry with a descriptor needs). */
const VERSION = 20;
/** A ZIP without ZIP64 holds entries and offsets under 4 GB. */
const MAX = 0xffffffff;

/** A file name safe inside a ZIP and on any desktop: no folders, no characters Windows refuses. */
export function zipEntryName(name: string): string {
  // split where a character is refused; a part that is empty or only dots (`..`) goes
  const parts = name.normalize('NFC').split(/[\u0000-\u001f\u007f/\\:*?"<>|]+/).filter((p) => p !== '' && !/^\s*\.+\s*$/.test(p));
  const safe = parts.join('-').replace(/^[\s.-]+|[\s.]+$/g, '');
  return (safe || 'document').slice(0, 150);
}

/** DOS date and time of `d` (what ZIP headers hold). */
function dosTime(d: Date): { time: number; date: number } {
  return {
    time: (d.getHours() << 11) | (d.getMinutes() << 5) | Math.floor(d.getSeconds() / 2),
    date: ((Math.max(1980, d.getFullYear()) - 1980) << 9) | ((d.getMonth() + 1) << 5) | d.getDate(),
  };
}

interface Written {
  name: Buffer;
  crc: number;
  size: number;
  offset: number;
}

/**
 * The ZIP of `files`, then `manifest.txt` listing each file's SHA-256 (as `sha256sum -c` reads it),
 * as a stream of buffers. `when` dates the entries.
 */
export async function* zipPackage(files: readonly ZipFile[], when: Date, manifestHead = ''): AsyncGenerator<Buffer> {
  const { time, date } = dosTime(when);
  const written: Written[] = [];
  let offset = 0;
  const sums: string[] = [];

  async function* entry(name: string, chunks: AsyncIterable<Buffer> | Iterable<Buffer>): AsyncGenerator<Buffer> {
    const nameBytes = Buffer.from(name, 'utf8');
    const head = Buffer.alloc(30);
    head.writeUInt32LE(LOCAL, 0);
    head.writeUInt16LE(VERSION, 4);
    head.writeUInt16LE(FLAGS, 6);
    head.writeUInt16LE(0, 8); // stored
    head.writeUInt16LE(time, 10);
    head.writeUInt16LE(date, 12);
    // CRC and sizes: in the descriptor
    head.writeUInt16LE(nameBytes.length, 26);
    const start = offset;
    yield head;
    yield nameBytes;
    offset += head.length + nameBytes.length;
    let crc = 0;
    let size = 0;
    const sha = createHash('sha256');
    for await (const chunk of chunks) {
      crc = crc32(chunk, crc);
      size += chunk.length;
      sha.update(chunk);
      yield chunk;
    }
    if (size > MAX || offset + size > MAX) throw new Error('the package is over 4 GB, more than a ZIP holds without extensions');
    offset += size;
    const tail = Buffer.alloc(16);
    tail.writeUInt32LE(DESCRIPTOR, 0);
    tail.writeUInt32LE(crc >>> 0, 4);
    tail.writeUInt32LE(size, 8);
    tail.writeUInt32LE(size, 12);
    yield tail;
    offset += tail.length;
    written.push({ name: nameBytes, crc: crc >>> 0, size, offset: start });
    sums.push(`${sha.digest('hex')}  ${name}`);
  }

  for (const f of files) yield* entry(f.name, createReadStream(f.path));
  yield* entry('manifest.txt', [Buffer.from(`${manifestHead}${sums.join('\n')}\n`, 'utf8')]);

  const dirStart = offset;
  let dirSize = 0;
  for (const w of written) {
    const rec = Buffer.alloc(46);
    rec.writeUInt32LE(CENTRAL, 0);
    rec.writeUInt16LE(VERSION, 4); // made by
    rec.writeUInt16LE(VERSION, 6); // needed
    rec.writeUInt16LE(FLAGS, 8);
    rec.writeUInt16LE(0, 10);
    rec.writeUInt16LE(time, 12);
    rec.writeUInt16LE(date, 14);
    rec.writeUInt32LE(w.crc, 16);
    rec.writeUInt32LE(w.size, 20);
    rec.writeUInt32LE(w.size, 24);
    rec.writeUInt16LE(w.name.length, 28);
    rec.writeUInt32LE(w.offset, 42);
    yield rec;
    yield w.name;
    dirSize += rec.length + w.name.length;
  }
  const end = Buffer.alloc(22);
  end.writeUInt32LE(END, 0);
  end.writeUInt16LE(written.length, 8);
  end.writeUInt16LE(written.length, 10);
  end.writeUInt32LE(dirSize, 12);
  end.writeUInt32LE(dirStart, 16);
  yield end;
}
