// The real server (`node bin/start.js`) runs its worker threads as plain JavaScript (bin/engine-bundle.js):
// a worker that loaded TypeScript started an esbuild process of its own, which nobody reaped once the
// worker ended, so finished esbuild processes piled up beside a long-running server. After documents
// are read (OCR included), linked and their pages drawn, the server has no finished child left
// unreaped, and no esbuild process beyond the one its own TypeScript loader may keep.
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../src/server/db/embedded.ts';
import { createTestDatabase, type TestDatabase } from '../api/support/database.ts';
import { loadFixture } from '../fixtures/index.ts';
import { Client, figures, finished, startServer, waitFor, type ServerProcess } from './support/server.ts';

/** The server's child processes: pid, state (Z: finished and not reaped) and command name. */
function childrenOf(pid: number): Array<{ pid: number; state: string; command: string }> {
  let out = '';
  try {
    out = execFileSync('ps', ['-o', 'pid=,stat=,comm=', '--ppid', String(pid)], { encoding: 'utf8' });
  } catch {
    return []; // ps exits 1 when there is no child
  }
  return out.trim().split('\n').filter(Boolean).map((line) => {
    const [p, state, ...command] = line.trim().split(/\s+/);
    return { pid: Number(p), state: state!, command: command.join(' ') };
  });
}

describe('the server\'s worker threads over time', () => {
  let db: TestDatabase | null = null;
  let server: ServerProcess | null = null;
  // a TypeScript loader with nothing in its cache: each module it loads needs esbuild
  const dir = mkdtempSync(join(tmpdir(), 'brieflink-workers-'));
  chmodSync(dir, 0o755);
  afterAll(async () => {
    await server?.stop();
    await db?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('leaves no finished process behind after reading, linking and drawing pages', async () => {
    db = await createTestDatabase();
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    server = startServer({ DATABASE_URL: db.url, DATA_DIR: join(dir, 'data'), PORT: String(port), TMPDIR: dir });
    await waitFor('start', async () => (await fetch(`${base}/api/health`)).ok, 180_000, server.output);
    const client = await Client.signUp(base);
    const caseId = await client.createCase('WP-1');
    const f = await loadFixture('mixed-brief'); // text pages and scanned ones: the reading and OCR workers
    for (let i = 0; i < 3; i++) {
      const id = await client.uploadOk(caseId, f.brief, `brief ${i + 1}.pdf`);
      const doc = await waitFor('completion', async () => {
        const d = await client.document(id);
        return finished(d) ? d : null;
      }, 300_000, server.output);
      expect(doc.status).toBe('completed');
      const linked = await client.post('/api/documents/start-hyperlinking', { documentIds: [id] });
      expect(linked.status).toBe(200);
      const image = await client.get(`/api/documents/${id}/pages/1/image`);
      expect(image.status).toBe(200);
    }
    const children = childrenOf(server.child.pid!);
    const unreaped = children.filter((c) => c.state.startsWith('Z'));
    const esbuild = children.filter((c) => c.command.includes('esbuild'));
    figures('worker processes', { documents: 3, children: children.length, unreaped: unreaped.length, esbuild: esbuild.length });
    expect(unreaped, JSON.stringify(children)).toEqual([]);
    expect(esbuild.length, JSON.stringify(children)).toBeLessThanOrEqual(1);
  });
});
