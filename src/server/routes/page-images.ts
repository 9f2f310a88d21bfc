// Page images for the review screens: one page of a document's current PDF (the linked output when
// there is one, else the uploaded file) as a PNG, rendered on a worker thread and cached on disk under
// the document's folder, keyed by the file's stamp (name, size, mtime), the page and the width. Renders
// wait their turn per person (page-images.ts), so one person's heavy pages do not hold up another's.
// Paths come from database ids and validated integers only.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/client.ts';
import { PageImageError, PageRenderer } from '../documents/page-images.ts';
import { documentRow, type DocumentRow } from '../documents/queries.ts';
import { AppError, parseInput } from '../errors.ts';
import type { Storage } from '../storage/files.ts';

const pageParams = z.object({
  id: z.uuid({ error: 'id must be a document id' }),
  n: z.coerce.number({ error: 'n must be a page number' }).int('n must be a page number').min(1, 'n must be at least 1').max(100_000),
});
const imageQuery = z.object({
  width: z.coerce.number({ error: 'width must be a number of pixels' }).int('width must be a whole number').min(100, 'width must be at least 100').max(2400, 'width must be at most 2400').default(800),
});

const CACHE_DIR = 'page-images';

interface PageFile {
  path: string;
  stamp: string;
}

async function pageFile(storage: Storage, doc: DocumentRow, page: number): Promise<PageFile> {
  if (!doc.storageKey) throw new AppError('not_found', 'This document has no file yet');
  if (doc.pageCount && page > doc.pageCount) throw new AppError('not_found', `Page ${page} is outside 1..${doc.pageCount}`, 'n');
  const name = doc.outputKey ?? 'source.pdf';
  const path = storage.documentFile(doc.caseId, doc.id, name);
  const info = await stat(path).catch(() => null);
  if (!info) throw new AppError('not_found', 'The file of this document is missing');
  const stamp = createHash('sha256').update(`${name}|${info.size}|${info.mtimeMs}`).digest('hex').slice(0, 20);
  return { path, stamp };
}

function renderError(err: unknown): never {
  if (err instanceof PageImageError) {
    if (err.code === 'page-range') throw new AppError('not_found', err.message.replace(/^page/, 'Page'), 'n');
    throw new AppError('internal', `The page could not be rendered: ${err.message}`);
  }
  throw err;
}

/** Drops the cached images of earlier versions of the file (best effort). */
async function dropStaleImages(dir: string, stamp: string): Promise<void> {
  const entries = await readdir(dir).catch(() => [] as string[]);
  await Promise.all(entries.filter((e) => e !== stamp).map((e) => rm(join(dir, e), { recursive: true, force: true })));
}

export function pageImageRoutes(app: FastifyInstance, db: Db, storage: Storage): void {
  const renderer = new PageRenderer();
  app.addHook('onClose', () => renderer.close());
  /** Renders in progress, so two requests for one image render it once. */
  const inFlight = new Map<string, Promise<void>>();

  // A review asks for a document's links just before its first page: open the file meanwhile, so the
  // renderer's start and the reading of a 1,200-page file are not paid after the links arrive.
  // A case's documents are listed before any of them is reviewed: start the renderer then.
  app.addHook('onResponse', async (req, reply) => {
    if (req.method !== 'GET' || reply.statusCode !== 200) return;
    if (req.routeOptions.url === '/api/cases/:caseId/documents') {
      renderer.warm();
      return;
    }
    if (req.routeOptions.url !== '/api/documents/:id/links') return;
    try {
      const doc = await documentRow(db, req.params);
      const file = await pageFile(storage, doc, 1);
      void renderer.info(file.path, file.stamp, 1).catch(() => undefined);
    } catch {
      // nothing to open ahead: the page call will say why
    }
  });

  app.get('/api/documents/:id/pages/:n/info', async (req: FastifyRequest) => {
    const { n } = parseInput(pageParams, req.params);
    const doc = await documentRow(db, req.params);
    const file = await pageFile(storage, doc, n);
    const info = await renderer.info(file.path, file.stamp, n, req.user?.id).catch(renderError);
    return { page: n, ...info };
  });

  app.get('/api/documents/:id/pages/:n/image', async (req: FastifyRequest, reply: FastifyReply) => {
    const { n } = parseInput(pageParams, req.params);
    const { width } = parseInput(imageQuery, req.query);
    const doc = await documentRow(db, req.params);
    const file = await pageFile(storage, doc, n);
    const etag = `"${file.stamp}-${n}-${width}"`;
    reply.header('cache-control', 'private, no-cache').header('etag', etag);
    if (req.headers['if-none-match'] === etag) return reply.code(304).send();

    const root = join(storage.documentDir(doc.caseId, doc.id), CACHE_DIR);
    const target = join(root, file.stamp, `p${n}-w${width}.png`);
    if (!(await stat(target).catch(() => null))) {
      let job = inFlight.get(target);
      if (!job) {
        job = (async () => {
          const { png } = await renderer.render(file.path, file.stamp, n, width, req.user?.id).catch(renderError);
          await storage.writeAtomic(target, Buffer.from(png.buffer, png.byteOffset, png.byteLength));
          await dropStaleImages(root, file.stamp);
        })().finally(() => inFlight.delete(target));
        inFlight.set(target, job);
      }
      await job;
    }
    return reply.header('content-type', 'image/png').send(createReadStream(target));
  });
}
