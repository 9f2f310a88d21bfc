// Stored files are the firm's briefs: no other local user may read them. The real server
// (`node bin/start.js`) stores an upload and what processing writes beside it; every folder under the
// storage folder is 0700 and every file 0600. A storage folder an older version left open (0755) is
// closed at start-up.
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeTextPdf } from '../../src/engine/pdf/make-text-pdf.ts';
import { freePort } from '../../src/server/db/embedded.ts';
import { Client, finished, startServer, waitFor, type ServerProcess } from '../faults/support/server.ts';
import { createTestDatabase, type TestDatabase } from './support/database.ts';

/** Every path under `dir` with its permission bits, as 'path 0600'. */
function modes(dir: string, under = ''): string[] {
  return readdirSync(join(dir, under), { withFileTypes: true }).flatMap((e) => {
    const rel = join(under, e.name);
    const line = `${e.isDirectory() ? 'dir ' : 'file'} ${rel} ${(statSync(join(dir, rel)).mode & 0o777).toString(8)}`;
    return e.isDirectory() ? [line, ...modes(dir, rel)] : [line];
  });
}

describe('stored files', () => {
  let db: TestDatabase | null = null;
  let server: ServerProcess | null = null;
  const dir = mkdtempSync(join(tmpdir(), 'brieflink-modes-'));
  afterAll(async () => {
    await server?.stop();
    await db?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('are readable by the server user only', async () => {
    db = await createTestDatabase();
    const storageDir = join(dir, 'files');
    mkdirSync(storageDir);
    chmodSync(storageDir, 0o755); // as an older version left it
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    server = startServer({ DATABASE_URL: db.url, DATA_DIR: join(dir, 'data'), STORAGE_DIR: storageDir, PORT: String(port), REGISTRATION: 'open' });
    await waitFor('start', async () => (await fetch(`${base}/api/health`)).ok, 60_000, server.output);
    const client = await Client.signUp(base);
    const caseId = await client.createCase('FM-1');
    const pdf = makeTextPdf([[{ text: 'A brief of one page', x: 72, y: 72 }], [{ text: 'Its second page', x: 72, y: 72 }]]);
    const id = await client.uploadOk(caseId, pdf, 'brief.pdf');
    const doc = await waitFor('processed', async () => {
      const d = await client.document(id);
      return finished(d) ? d : null;
    }, 120_000, server.output);
    expect(doc.status).toBe('completed');

    expect((statSync(storageDir).mode & 0o777).toString(8)).toBe('700');
    const found = modes(storageDir);
    expect(found.some((l) => l.includes('source.pdf'))).toBe(true);
    expect(found.filter((l) => l.startsWith('file')).length).toBeGreaterThan(1); // the source and what processing wrote
    expect(found.filter((l) => (l.startsWith('dir ') && !l.endsWith(' 700')) || (l.startsWith('file') && !l.endsWith(' 600')))).toEqual([]);
  });
});
