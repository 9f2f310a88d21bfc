// Writes a valid one-page PDF of about `bytes` bytes to disk without holding it in memory: the bulk
// is an unreferenced stream object of random-looking bytes, written in chunks.
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { randomFillSync } from 'node:crypto';

export async function writeLargePdf(path: string, bytes: number): Promise<void> {
  const out = createWriteStream(path);
  let offset = 0;
  const offsets: number[] = [];
  const write = async (s: string | Buffer) => {
    const b = typeof s === 'string' ? Buffer.from(s, 'latin1') : s;
    offset += b.length;
    if (!out.write(b)) await once(out, 'drain');
  };
  const obj = async (n: number, body: string) => {
    offsets[n] = offset;
    await write(`${n} 0 obj\n${body}\nendobj\n`);
  };
  await write('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n');
  await obj(1, '<< /Type /Catalog /Pages 2 0 R >>');
  await obj(2, '<< /Type /Pages /Kids [3 0 R] /Count 1 >>');
  const content = 'BT /F1 24 Tf 72 700 Td (Large upload) Tj ET';
  await obj(3, '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> >> >> >>');
  await obj(4, `<< /Length ${content.length} >>\nstream\n${content}\nendstream`);
  const bulk = Math.max(0, bytes - offset - 400);
  offsets[5] = offset;
  await write(`5 0 obj\n<< /Length ${bulk} >>\nstream\n`);
  const chunk = Buffer.alloc(1 << 20);
  for (let left = bulk; left > 0; left -= chunk.length) {
    randomFillSync(chunk);
    await write(left >= chunk.length ? chunk : chunk.subarray(0, left));
  }
  await write('\nendstream\nendobj\n');
  const xref = offset;
  let table = `xref\n0 6\n0000000000 65535 f \n`;
  for (let n = 1; n <= 5; n++) table += `${String(offsets[n]).padStart(10, '0')} 00000 n \n`;
  await write(`${table}trailer\n<< /Size 6 /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  out.end();
  await once(out, 'finish');
}
