import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { zipEntryName, zipPackage } from './zip-package.ts';

const dir = mkdtempSync(join(tmpdir(), 'brieflink-zip-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The entries of a ZIP read from its central directory, each checked against its local header. */
function readZip(zip: Buffer): Map<string, Buffer> {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  expect(end).toBeGreaterThan(0);
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const out = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    expect(zip.readUInt32LE(at)).toBe(0x02014b50);
    const crc = zip.readUInt32LE(at + 16);
    const size = zip.readUInt32LE(at + 24);
    const nameLen = zip.readUInt16LE(at + 28);
    const extra = zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLen).toString('utf8');
    expect(zip.readUInt32LE(local)).toBe(0x04034b50);
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = zip.subarray(start, start + size);
    expect(crc32(data) >>> 0, name).toBe(crc);
    out.set(name, Buffer.from(data));
    at += 46 + nameLen + extra;
  }
  return out;
}

describe('the court package as one ZIP', () => {
  it('holds each file byte for byte, and a manifest of their SHA-256 that sha256sum checks', async () => {
    const pdf = randomBytes(3 * 1024 * 1024 + 17); // over the stream's chunk size
    const csv = Buffer.from('"ordinal","label"\r\n"1","Tab 1 – “A”"\r\n', 'utf8');
    writeFileSync(join(dir, 'a.pdf'), pdf);
    writeFileSync(join(dir, 'a.csv'), csv);
    const files = [
      { name: 'Motion Record – Smith.pdf', path: join(dir, 'a.pdf') },
      { name: 'Motion Record – Smith - hyperlink report.csv', path: join(dir, 'a.csv') },
    ];
    const chunks: Buffer[] = [];
    for await (const c of zipPackage(files, new Date('2026-11-27T10:30:00Z'), '# Brieflink court package\n')) chunks.push(c);
    const zip = Buffer.concat(chunks);
    const entries = readZip(zip);
    expect([...entries.keys()]).toEqual([...files.map((f) => f.name), 'manifest.txt']);
    expect(entries.get(files[0]!.name)!.equals(pdf)).toBe(true);
    expect(entries.get(files[1]!.name)!.equals(csv)).toBe(true);
    const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
    expect(entries.get('manifest.txt')!.toString('utf8')).toBe(
      `# Brieflink court package\n${sha(pdf)}  ${files[0]!.name}\n${sha(csv)}  ${files[1]!.name}\n`,
    );
    // read by another program too, where one is installed
    if (existsSync('/usr/bin/unzip')) {
      writeFileSync(join(dir, 'p.zip'), zip);
      expect(execFileSync('/usr/bin/unzip', ['-t', join(dir, 'p.zip')]).toString()).toMatch(/No errors detected/);
    }
  });

  it('names entries without folders or characters a desktop refuses', () => {
    expect(zipEntryName('../../etc/passwd')).toBe('etc-passwd');
    expect(zipEntryName('A: "B" <C>?.pdf')).toBe('A- -B- -C-.pdf');
    expect(zipEntryName('   ')).toBe('document');
  });
});
