// The disk filling up during an upload: DATA_DIR on a small tmpfs (skipped, with a message, where the
// machine does not allow mounting one). The upload that does not fit answers 507 'The server is out of
// space and nothing was saved', leaves no fragment, and the documents already stored still download.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startTestApp, type TestApp } from '../api/support/app.ts';
import { createCase, startWorkers, upload } from '../api/support/documents.ts';
import type { JobQueue } from '../../src/server/jobs/queue.ts';
import { loadFixture } from '../fixtures/index.ts';
import { figures } from './support/server.ts';

const SIZE_MB = 4;

function mountTmpfs(dir: string): string | null {
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${SIZE_MB}m`, 'tmpfs', dir], { stdio: 'pipe' });
    return null;
  } catch (err) {
    return ((err as { stderr?: Buffer }).stderr?.toString() || (err as Error).message).trim();
  }
}

const dir = mkdtempSync(join(tmpdir(), 'brieflink-full-'));
const refused = mountTmpfs(dir);
if (refused) process.stdout.write(`[fault] disk full: skipped, a ${SIZE_MB} MB tmpfs cannot be mounted here (${refused})\n`);

describe.skipIf(refused !== null)('the disk full during an upload', () => {
  let t: TestApp;
  let workers: JobQueue;
  beforeAll(async () => {
    t = await startTestApp({ env: { DATA_DIR: dir } });
    workers = await startWorkers(t);
  });
  afterAll(async () => {
    await workers?.stop();
    await t?.close().catch(() => undefined);
    try {
      execFileSync('umount', [dir]);
    } catch {
      // already gone
    }
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers 507, keeps nothing of it and loses nothing else', async () => {
    const { cookie } = await signUp(t.app);
    const caseId = await createCase(t.app, cookie);
    const { brief } = await loadFixture('lettered-tabs');
    const first = await upload(t.app, cookie, caseId, brief, 'kept.pdf');
    expect(first.statusCode).toBe(201);

    // More than the whole disk: a PDF header and padding.
    const big = Buffer.alloc((SIZE_MB + 1) * 1024 * 1024, 0x20);
    Buffer.from('%PDF-1.7\n').copy(big);
    const started = Date.now();
    const res = await upload(t.app, cookie, caseId, big, 'too-big.pdf');
    const ms = Date.now() - started;
    expect(res.statusCode).toBe(507);
    expect(res.json()).toEqual({ error: 'insufficient_storage', message: 'The server is out of space and nothing was saved' });

    expect(readdirSync(join(t.storage.root, 'uploads')).filter((n) => n.endsWith('.part'))).toEqual([]);
    const docs = (await t.app.inject({ method: 'GET', url: `/api/cases/${caseId}/documents`, headers: { cookie } })).json();
    expect(docs.map((d: { id: string }) => d.id)).toEqual([first.json().id]);
    const dl = await t.app.inject({ method: 'GET', url: `/api/documents/${first.json().id}/download`, headers: { cookie } });
    expect(dl.statusCode).toBe(200);
    expect(Buffer.compare(dl.rawPayload, Buffer.from(brief))).toBe(0);

    // Space again (the fragment went): the next upload is stored.
    const again = await upload(t.app, cookie, caseId, brief, 'after.pdf');
    expect(again.statusCode).toBe(201);
    figures('disk full', { tmpfsMb: SIZE_MB, uploadMb: SIZE_MB + 1, status: res.statusCode, answeredMs: ms, fragmentsLeft: 0, documentsLost: 0, nextUpload: again.statusCode });
  });
});
