import { readFileSync } from 'node:fs';
import { openPdf } from '../src/engine/pdf/index.ts';
const [file, ...pages] = process.argv.slice(2);
const doc = openPdf(new Uint8Array(readFileSync(file!)));
for (const p of pages.map(Number)) {
  const t = doc.pageText(p);
  console.log(`=== page ${p} ${t.width}x${t.height} ${t.source}`);
  for (const l of t.lines) console.log(`${l.bbox.map(v=>Math.round(v)).join(',').padEnd(20)} | ${l.text}`);
}
