// A part file left by a crashed upload is removed as soon as no upload can own it (unchanged for longer
// than a connection may stay silent), not at the next restart hours later; a fresh one stays.
import { existsSync, mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobQueue } from '../../src/server/jobs/queue.ts';
import { startTestApp, type TestApp } from './support/app.ts';
import { startWorkers } from './support/documents.ts';

describe('upload fragments left by a crash', () => {
  let t: TestApp;
  let workers: JobQueue | null = null;
  beforeAll(async () => {
    t = await startTestApp({ env: { REQUEST_IDLE_SECONDS: '1' } });
  });
  afterAll(async () => {
    await workers?.stop();
    await t?.close();
  });

  it('are swept within seconds while the server runs', async () => {
    const dir = join(t.storage.root, 'uploads');
    mkdirSync(dir, { recursive: true });
    const abandoned = join(dir, '0b5e0a4c-6d0c-4c55-9a43-1f1f3f0c2a11.part');
    writeFileSync(abandoned, '%PDF-1.7 half a file');
    const past = new Date(Date.now() - 10_000);
    utimesSync(abandoned, past, past);
    workers = await startWorkers(t);
    const started = Date.now();
    while (existsSync(abandoned) && Date.now() - started < 15_000) await new Promise((r) => setTimeout(r, 200));
    expect(existsSync(abandoned)).toBe(false);
    expect(Date.now() - started).toBeLessThan(12_000);

    // One that is still being written (changed just now) stays.
    const live = join(dir, '7d0f7a1e-2b9c-4a7e-8f35-5a8f4b1c9d22.part');
    writeFileSync(live, '%PDF-1.7 arriving');
    await new Promise((r) => setTimeout(r, 5_500));
    expect(existsSync(live)).toBe(true);
  });
});
