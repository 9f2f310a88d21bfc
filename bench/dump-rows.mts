import { readFileSync } from 'node:fs';
import { openPdf } from '../src/engine/pdf/index.ts';
import { layoutPages } from '../src/engine/index/page-layout.ts';
import { parseRow } from '../src/engine/index/parse-row.ts';
const [file, ...pages] = process.argv.slice(2);
const doc = openPdf(new Uint8Array(readFileSync(file!)));
const all = Array.from({ length: doc.pageCount }, (_, i) => doc.pageText(i + 1));
const lay = layoutPages(all);
for (const p of pages.map(Number)) {
  const l = lay[p - 1]!;
  console.log(`=== page ${p} printed=${JSON.stringify(l.printed)} ${JSON.stringify(l.printedRoman)}`);
  for (const r of l.rows) { const pr = parseRow(r, { ocr: false }); console.log(`${r.bbox.map(v=>Math.round(v)).join(',').padEnd(18)} ${r.leader?'L':' '} | ${r.text.slice(0,100)}  ==> [${pr.labels.map(x=>x.text).join(' ')}] ref=${pr.pageRef} h=${pr.heading}`); }
}
