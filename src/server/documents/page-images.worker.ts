// Worker thread that renders PDF pages to PNG for the review screens (the event loop never parses a
// PDF). It keeps the last documents it opened, so paging through a 1,200-page brief parses the file once;
// each is read from disk as its pages are rendered, never held whole (a 500 MB upload stays on disk).
import { parentPort } from 'node:worker_threads';
import { openPdf, type PdfDoc } from '../../engine/pdf/index.ts';
import { EngineError } from '../../engine/types.ts';
import type { PageImageReply, PageImageRequest } from './page-images-types.ts';

const KEEP_OPEN = 2;
/** Open documents by path and file stamp, most recently used last. */
const open = new Map<string, PdfDoc>();

function docFor(path: string, stamp: string): PdfDoc {
  const key = `${stamp}\u0000${path}`;
  const hit = open.get(key);
  if (hit) {
    open.delete(key);
    open.set(key, hit);
    return hit;
  }
  const doc = openPdf({ path });
  open.set(key, doc);
  while (open.size > KEEP_OPEN) {
    const [oldest, old] = open.entries().next().value as [string, PdfDoc];
    open.delete(oldest);
    old.close();
  }
  return doc;
}

function handle(req: PageImageRequest): PageImageReply {
  try {
    const doc = docFor(req.path, req.stamp);
    if (req.page > doc.pageCount) return { id: req.id, error: { code: 'page-range', message: `page ${req.page} is outside 1..${doc.pageCount}` } };
    const size = doc.pageSize(req.page);
    const info = { pageCount: doc.pageCount, width: size.width, height: size.height };
    if (req.op === 'info') return { id: req.id, info };
    const dpi = (req.width / size.width) * 72;
    const png = doc.renderPng(req.page, dpi, { color: true });
    return { id: req.id, info, png };
  } catch (err) {
    const code = err instanceof EngineError ? err.code : 'internal';
    return { id: req.id, error: { code, message: (err as Error).message ?? String(err) } };
  }
}

parentPort!.on('message', (req: PageImageRequest) => {
  if (req.op === 'release') {
    for (const doc of open.values()) doc.close();
    open.clear();
    return;
  }
  const reply = handle(req);
  parentPort!.postMessage(reply, reply.png ? [reply.png.buffer as ArrayBuffer] : []);
});
