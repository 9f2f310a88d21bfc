// Reading a written PDF back with poppler's pdftotext, a reader other than the engine's own (MuPDF):
// the words it finds on each page and their boxes, and how many of the words OCR read it finds there.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BBox, PageText } from '../src/engine/types.ts';
import { pageBox } from '../src/engine/util/geometry.ts';

export interface FoundWord {
  text: string;
  bbox: BBox;
}

export function hasPdftotext(): boolean {
  return spawnSync('pdftotext', ['-v'], { encoding: 'utf8' }).status === 0;
}

/** The fonts of a PDF as poppler's pdffonts lists them: name, type, embedded, with a ToUnicode map. */
export function pdfFonts(pdf: Uint8Array): Array<{ name: string; type: string; embedded: boolean; unicode: boolean }> {
  const dir = mkdtempSync(join(tmpdir(), 'brieflink-pdffonts-'));
  try {
    const file = join(dir, 'in.pdf');
    writeFileSync(file, pdf);
    const r = spawnSync('pdffonts', [file], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`pdffonts failed: ${r.stderr}`);
    // name, type (may hold spaces), encoding, emb, sub, uni, object number, generation
    return r.stdout.split('\n').slice(2).filter((l) => l.trim()).map((l) => {
      const m = /^(\S+)\s+(.+?)\s+(\S+)\s+(yes|no)\s+(yes|no)\s+(yes|no)\s+\d+\s+\d+\s*$/.exec(l);
      if (!m) throw new Error(`pdffonts line not understood: ${l}`);
      return { name: m[1]!, type: m[2]!, embedded: m[4] === 'yes', unicode: m[6] === 'yes' };
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const unescape = (s: string) =>
  s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&');

/** The words pdftotext finds on each page (1-based), with their boxes in points from the top left. */
export function pdftotextWords(pdf: Uint8Array): FoundWord[][] {
  const dir = mkdtempSync(join(tmpdir(), 'brieflink-pdftotext-'));
  try {
    const file = join(dir, 'in.pdf');
    writeFileSync(file, pdf);
    const r = spawnSync('pdftotext', ['-bbox', file, '-'], { encoding: 'utf8', maxBuffer: 512 * 1024 * 1024 });
    // poppler says what it cannot read (an image that is no stream, a broken font): that is a defect here
    if (r.status !== 0 || /error/i.test(r.stderr)) throw new Error(`pdftotext failed: ${r.stderr}`);
    return r.stdout.split(/<page\b/).slice(1).map((page) =>
      [...page.matchAll(/<word xMin="([\d.-]+)" yMin="([\d.-]+)" xMax="([\d.-]+)" yMax="([\d.-]+)">([^<]*)<\/word>/g)].map((m) => ({
        text: unescape(m[5]!),
        bbox: [Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4])] as BBox,
      })));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const overlaps = (a: BBox, b: BBox) => Math.min(a[2], b[2]) > Math.max(a[0], b[0]) && Math.min(a[3], b[3]) > Math.max(a[1], b[1]);

/**
 * Of the words OCR read on these pages, how many pdftotext finds on the same page with the same text
 * (`found`), and how many of those with a box overlapping the word's OCR box (`placed`); each word
 * pdftotext finds counts once. `offset` is added to the page numbers (a record after the brief).
 */
export function searchableWords(found: FoundWord[][], ocr: readonly PageText[], offset = 0): { words: number; found: number; placed: number; missing: string[] } {
  let words = 0;
  let hit = 0;
  let placed = 0;
  const missing: string[] = [];
  for (const text of ocr) {
    if (text.source !== 'ocr') continue;
    const left = [...(found[text.page + offset - 1] ?? [])];
    for (const w of text.lines.flatMap((l) => l.words)) {
      const t = w.text.trim();
      if (!t) continue;
      words++;
      const box = pageBox(w.bbox, text);
      const same = left.filter((f) => f.text === t);
      const over = same.find((f) => overlaps(f.bbox, box));
      const match = over ?? same[0];
      if (!match) {
        missing.push(`p${text.page}: ${t}`);
        continue;
      }
      hit++;
      if (over) placed++;
      left.splice(left.indexOf(match), 1);
    }
  }
  return { words, found: hit, placed, missing };
}
