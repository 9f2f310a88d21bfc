// PostgreSQL stopped under load and started again: the server process stays up, answers 503 meanwhile
// (/api/ready and every API call, with the spec's message), and every document whose job was running
// or waiting when the database went away finishes once it is back, with its index found.
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, startEmbedded, type EmbeddedServer } from '../../src/server/db/embedded.ts';
import { loadFixture } from '../fixtures/index.ts';
import { Client, figures, finished, startServer, waitFor, type ServerProcess } from './support/server.ts';

describe('the database stopped and started under load', () => {
  const dir = mkdtempSync(join(tmpdir(), 'brieflink-dbdown-'));
  chmodSync(dir, 0o755); // run as root, PostgreSQL runs as "postgres", which must enter it
  let pgServer: EmbeddedServer | null = null;
  let server: ServerProcess | null = null;
  afterAll(async () => {
    await server?.stop();
    await pgServer?.stop().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  });

  it('stays up, answers 503 while it is down and finishes every job after', async () => {
    const pgPort = await freePort();
    const pgDir = join(dir, 'pg');
    pgServer = await startEmbedded(pgDir, { port: pgPort, log: () => undefined });
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    server = startServer({ DATABASE_URL: pgServer.url, DATA_DIR: join(dir, 'data'), PORT: String(port), JOB_STALE_SECONDS: '5' });
    await waitFor('start', async () => (await fetch(`${base}/api/ready`)).ok, 60_000, server.output);
    const pid = server.child.pid;

    const f = await loadFixture('lettered-tabs');
    const client = await Client.signUp(base);
    const caseId = await client.createCase('DB-DOWN-1');
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) ids.push(await client.uploadOk(caseId, f.brief, `brief-${i}.pdf`));
    // Stop the database while the first job runs (its worker thread reading the PDF).
    await waitFor('a job running', async () => (await client.document(ids[0]!)).status === 'processing', 30_000, server.output);
    await pgServer.stop();
    pgServer = null;
    const downAt = Date.now();

    // Down: the process answers, and says why it cannot serve.
    const ready = await fetch(`${base}/api/ready`);
    expect(ready.status).toBe(503);
    expect((await ready.json()).services.database).toBe('disconnected');
    const list = await client.get('/api/cases');
    expect(list.status).toBe(503);
    expect(await list.json()).toEqual({ error: 'unavailable', message: 'The database is unavailable; try again shortly' });
    // Long enough for the running job to end its PDF work and fail to store it (pg-boss then marks it
    // done or failed with the database gone: the rejection that used to end the process).
    await new Promise((r) => setTimeout(r, 6_000));
    expect(server.child.exitCode).toBeNull();
    expect((await fetch(`${base}/api/health`)).status).toBe(200);
    const downMs = Date.now() - downAt;

    pgServer = await startEmbedded(pgDir, { port: pgPort, log: () => undefined });
    const upAt = Date.now();
    await waitFor('ready again', async () => (await fetch(`${base}/api/ready`)).ok, 30_000, server.output);
    const readyMs = Date.now() - upAt;
    const docs = await waitFor('every document finished', async () => {
      const all = await Promise.all(ids.map((id) => client.document(id)));
      return all.every(finished) ? all : null;
    }, 90_000, server.output);
    const recoveryMs = Date.now() - upAt;

    expect(server.child.pid).toBe(pid);
    expect(server.child.exitCode).toBeNull();
    for (const d of docs) expect(d).toMatchObject({ status: 'completed', index_status: 'ok', index_count: f.truth.items.length });
    expect(server.output()).toContain('database'); // the fault was logged, not hidden
    figures('database down under load', {
      documents: ids.length,
      downMs,
      readyAgainMs: readyMs,
      recoveryMs,
      processRestarts: 0,
      completed: docs.filter((d) => d.status === 'completed').length,
      lost: ids.length - docs.filter((d) => d.status === 'completed').length,
    });
  }, 180_000);
});
