// A new source (reupload, reindex) makes a link build already running for the earlier source stale:
// when it finishes it stores nothing, so the new file never shows links, a 'completed' status or an
// output built from the file it replaced.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents, links } from '../../src/server/db/schema.ts';
import { documentLink } from '../../src/server/jobs/document-link.ts';
import { documentProcess } from '../../src/server/jobs/document-process.ts';
import type { JobContext } from '../../src/server/jobs/registry.ts';
import { createLogger } from '../../src/server/logger.ts';
import { loadFixture } from '../fixtures/index.ts';
import { signUp, startTestApp, type TestApp } from './support/app.ts';
import { createCase, multipart, upload } from './support/documents.ts';

describe('link build overtaken by a new source', () => {
  let t: TestApp;
  let ctx: JobContext;
  beforeAll(async () => {
    t = await startTestApp(); // no queue workers: this test runs the jobs itself, in order
    ctx = { db: t.database.db, storage: t.storage, config: t.config, log: createLogger('silent'), send: async () => null };
  });
  afterAll(async () => t?.close());

  const row = async (id: string) => (await t.database.db.select().from(documents).where(eq(documents.id, id)))[0]!;

  it('a link job running when the document is reuploaded stores no links', async () => {
    const { cookie } = await signUp(t.app);
    const caseId = await createCase(t.app, cookie);
    const big = (await loadFixture('brief-400')).brief;
    const small = (await loadFixture('lettered-tabs')).brief;
    const doc = (await upload(t.app, cookie, caseId, big, 'big.pdf')).json();
    await documentProcess(ctx, { documentId: doc.id, run: (await row(doc.id)).processRun });
    expect((await row(doc.id)).indexCount).toBeGreaterThan(0);

    expect((await t.app.inject({ method: 'POST', url: `/api/documents/${doc.id}/relink`, headers: { cookie } })).statusCode).toBe(200);
    let settled = false;
    const job = documentLink(ctx, { documentId: doc.id, run: (await row(doc.id)).linkRun }).finally(() => (settled = true));
    while ((await row(doc.id)).aiProcessingStatus !== 'processing') await new Promise((r) => setTimeout(r, 20));

    const body = multipart({}, { name: 'small.pdf', bytes: small });
    const re = await t.app.inject({ method: 'POST', url: `/api/documents/${doc.id}/reupload`, headers: { cookie, ...body.headers }, payload: body.payload });
    expect(re.statusCode).toBe(200);
    expect(settled, 'the link job had already finished; the test needs it running during the reupload').toBe(false);
    await job;
    await documentProcess(ctx, { documentId: doc.id, run: (await row(doc.id)).processRun });

    const after = await row(doc.id);
    expect(after.status).toBe('completed');
    expect(after.aiProcessingStatus).toBe('none');
    expect(after.outputKey).toBeNull();
    expect(await t.database.db.select().from(links).where(eq(links.srcDocId, doc.id))).toHaveLength(0);
  }, 180_000);
});
