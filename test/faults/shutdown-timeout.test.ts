// A SIGTERM while a document job runs, with less time allowed for the shutdown than the job needs:
// the real server (`node bin/start.js`, its embedded PostgreSQL) ends anyway once the time is up, and
// its PostgreSQL is stopped with it, not left running behind it.
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../src/server/db/embedded.ts';
import { processAlive } from '../../src/server/lifecycle/process-alive.ts';
import { loadFixture } from '../fixtures/index.ts';
import { Client, figures, startServer, waitFor, type ServerProcess } from './support/server.ts';

describe('a shutdown that runs out of time', () => {
  let server: ServerProcess | null = null;
  let pgPid: number | null = null;
  const dir = mkdtempSync(join(tmpdir(), 'brieflink-shutdown-'));
  chmodSync(dir, 0o755); // run as root, the embedded PostgreSQL runs as "postgres", which must enter it
  afterAll(async () => {
    if (server && server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
    if (pgPid && processAlive(pgPid)) process.kill(pgPid, 'SIGQUIT');
    rmSync(dir, { recursive: true, force: true });
  });

  it('still stops the embedded PostgreSQL', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const dataDir = join(dir, 'data');
    server = startServer({ DATA_DIR: dataDir, PORT: String(port), SHUTDOWN_SECONDS: '2' });
    await waitFor('start', async () => (await fetch(`${base}/api/health`)).ok, 120_000, server.output);
    pgPid = Number(readFileSync(join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
    expect(processAlive(pgPid)).toBe(true);

    const client = await Client.signUp(base);
    const caseId = await client.createCase('SD-1');
    // a 1,200-page brief: its reading outlasts the 2 s allowed (a 400-page one can end within them)
    const id = await client.uploadOk(caseId, (await loadFixture('big-63')).brief, 'brief.pdf');
    await waitFor('processing', async () => (await client.document(id)).status === 'processing', 60_000, server.output);

    const t = performance.now();
    const exited = new Promise<number | null>((r) => server!.child.once('exit', (code) => r(code)));
    server.child.kill('SIGTERM');
    const code = await exited;
    const exitMs = Math.round(performance.now() - t);
    const pgGone = await waitFor('PostgreSQL stopped', async () => !processAlive(pgPid!), 10_000).catch(() => false);
    expect(server.output()).toContain('shutdown took too long');
    expect(code).toBe(1);
    expect(pgGone).toBe(true);
    figures('shutdown past its time', { shutdownSeconds: 2, exitMs, exitCode: String(code), postgresStopped: pgGone });
  });
});
