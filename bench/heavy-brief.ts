// A realistic big brief on disk for the memory benchmark: the big-63 fixture (a dotted-leader index of
// 63 tabs, dividers, ~1,200 pages of text) with a photograph (a JPEG) drawn small in the corner of its
// pages, as exhibits scanned in colour carry, until the file is about `bytes` long. The photographs are
// added as an incremental update written to disk as it goes, so the generator never holds the file.
import { closeSync, openSync, writeSync } from 'node:fs';
import * as mupdf from 'mupdf';
import { loadFixture } from '../test/fixtures/index.ts';
import { Rng } from '../test/fixtures/prng.ts';

/** Distinct photographs; pages take them in turn (each page still gets its own image object). */
const PHOTOS = 12;

/** A photo-like JPEG: smooth colour gradients under sensor noise, so it compresses as a photograph does. */
function photo(rng: Rng, w: number, h: number): Uint8Array {
  const pix = new mupdf.Pixmap(mupdf.ColorSpace.DeviceRGB, [0, 0, w, h], false);
  try {
    const px = pix.getPixels();
    const stride = pix.getStride();
    const [r0, g0, b0] = [rng.int(40, 200), rng.int(40, 200), rng.int(40, 200)];
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const o = y * stride + x * 3;
        const shade = 60 * Math.sin((x + y * 0.7) / 90) + 40 * Math.cos(y / 50);
        px[o] = r0 + shade + (rng.next() - 0.5) * 90;
        px[o + 1] = g0 + shade * 0.8 + (rng.next() - 0.5) * 90;
        px[o + 2] = b0 - shade * 0.5 + (rng.next() - 0.5) * 90;
      }
    }
    return pix.asJPEG(85).slice();
  } finally {
    pix.destroy();
  }
}

export interface HeavyBrief {
  pages: number;
  photos: number;
  bytes: number;
  indexPages: number[];
  tabs: number;
}

export async function writeHeavyBrief(path: string, bytes: number): Promise<HeavyBrief> {
  const f = await loadFixture('big-63');
  const base = f.brief;
  const doc = mupdf.Document.openDocument(base, 'application/pdf').asPDF()!;
  try {
    const pageCount = doc.countPages();
    const skip = new Set([1, ...f.truth.indexPages]);
    const carriers = Array.from({ length: pageCount }, (_, i) => i + 1).filter((p) => !skip.has(p));
    const perPage = Math.max(1, (bytes - base.length) / carriers.length);
    // size the photograph so that one a page brings the file to about `bytes`
    const rng = new Rng(500);
    const probe = photo(rng, 600, 450);
    const scale = Math.sqrt((perPage * 1.03) / probe.length); // JPEG size grows a little slower than the pixels
    const w = Math.max(16, Math.round(600 * scale));
    const h = Math.max(12, Math.round(450 * scale));
    const photos = Array.from({ length: PHOTOS }, () => photo(rng, w, h));

    const startxref = Number(/startxref\s+(\d+)\s+%%EOF\s*$/.exec(Buffer.from(base.subarray(-64)).toString('latin1'))?.[1]);
    if (!Number.isFinite(startxref)) throw new Error('big-63: no startxref');
    const trailer = doc.getTrailer();
    let next = doc.countObjects();
    const fd = openSync(path, 'w');
    try {
      let offset = 0;
      const put = (b: Uint8Array | string) => {
        const buf = typeof b === 'string' ? Buffer.from(b, 'latin1') : b;
        writeSync(fd, buf);
        offset += buf.length;
      };
      put(base);
      if (base[base.length - 1] !== 0x0a) put('\n');
      const xref = new Map<number, number>();
      const obj = (num: number, body: string, stream?: Uint8Array) => {
        xref.set(num, offset);
        put(`${num} 0 obj\n${body}\n`);
        if (stream) {
          put('stream\n');
          put(stream);
          put('\nendstream\n');
        }
        put('endobj\n');
      };
      // every page's own content is wrapped in q … Q, then the photograph is drawn in the bottom corner
      const pre = next++;
      obj(pre, '<< /Length 2 >>', Buffer.from('q\n'));
      const drawing = Buffer.from('Q\nq 144 0 0 108 444 24 cm /BenchPhoto Do Q\n');
      const post = next++;
      obj(post, `<< /Length ${drawing.length} >>`, drawing);
      let written = 0;
      for (const [k, p] of carriers.entries()) {
        if (offset >= bytes) break;
        const img = next++;
        const data = photos[k % PHOTOS]!;
        obj(img, `<< /Type /XObject /Subtype /Image /Width ${w} /Height ${h} /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode /Length ${data.length} >>`, data);
        const page = doc.findPage(p - 1);
        const num = page.asIndirect();
        const resources = doc.newDictionary();
        const old = page.getInheritable('Resources');
        if (old.isDictionary()) old.forEach((v, key) => resources.put(key, v));
        const xobjects = doc.newDictionary();
        const oldX = old.isDictionary() ? old.get('XObject') : null;
        if (oldX?.isDictionary()) oldX.forEach((v, key) => xobjects.put(key, v));
        xobjects.put('BenchPhoto', doc.newIndirect(img));
        resources.put('XObject', xobjects);
        const contents = doc.newArray();
        contents.push(doc.newIndirect(pre));
        const c = page.get('Contents');
        if (c.isArray()) c.forEach((v) => contents.push(v));
        else if (!c.isNull()) contents.push(c);
        contents.push(doc.newIndirect(post));
        const dict = doc.newDictionary();
        page.forEach((v, key) => dict.put(key, v));
        dict.put('Resources', resources);
        dict.put('Contents', contents);
        obj(num, dict.toString(false, true));
        written++;
      }
      const nums = [...xref.keys()].sort((a, b) => a - b);
      const at = offset;
      let table = 'xref\n';
      for (let i = 0; i < nums.length; ) {
        let j = i;
        while (j + 1 < nums.length && nums[j + 1] === nums[j]! + 1) j++;
        table += `${nums[i]} ${j - i + 1}\n`;
        for (let k = i; k <= j; k++) table += `${String(xref.get(nums[k]!)).padStart(10, '0')} 00000 n \n`;
        i = j + 1;
      }
      table += `trailer\n<< /Size ${next} /Root ${trailer.get('Root').asIndirect()} 0 R /Prev ${startxref} >>\nstartxref\n${at}\n%%EOF\n`;
      put(table);
      return { pages: pageCount, photos: written, bytes: offset, indexPages: f.truth.indexPages, tabs: f.truth.items.length };
    } finally {
      closeSync(fd);
    }
  } finally {
    doc.destroy();
  }
}

// `npx tsx bench/heavy-brief.ts <file> [MB]`: write one (bench/memory.ts runs this in a process of its
// own, so that the generator's memory is not counted in the figures it measures).
if (import.meta.url === `file://${process.argv[1]}`) {
  const [file, mb = '500'] = process.argv.slice(2);
  if (!file) throw new Error('usage: heavy-brief.ts <file> [MB]');
  console.log(JSON.stringify(await writeHeavyBrief(file, Number(mb) * 1e6)));
}
