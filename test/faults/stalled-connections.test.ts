// Thousands of connections that send a request head and part of a JSON body, then nothing, from
// hundreds of loopback addresses (127.20.x.y), against the real server run with a file limit below
// their number: the server holds those its caps allow, answers the rest 503 at once, and meanwhile
// /api/health, sign-in and a file download keep answering. With every connection in use, health is
// still answered and anything else is a quick 503. Once they go, nothing was logged as an error.
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeTextPdf } from '../../src/engine/pdf/make-text-pdf.ts';
import { freePort } from '../../src/server/db/embedded.ts';
import { newAccount } from '../api/support/app.ts';
import { createTestDatabase, type TestDatabase } from '../api/support/database.ts';
import { figures, startServer, waitFor, type ServerProcess } from './support/server.ts';

const FILE_LIMIT = 4096; // the server's; the runner's own is higher (`ulimit -n`)
const MAX_CONNECTIONS = 2500;
const PER_ADDRESS = 4;

interface Stalled {
  socket: Socket;
  /** The status the server answered, or 0 while it holds the connection. */
  status: number;
}

/** `count` stalled sign-ins from `addresses` loopback addresses (starting at `first`), `batch` at a time. */
async function openStalled(port: number, count: number, addresses: number, first: number): Promise<Stalled[]> {
  const all: Stalled[] = [];
  const one = (i: number) =>
    new Promise<void>((resolve) => {
      const a = first + (i % addresses);
      const socket = connect({ port, host: '127.0.0.1', localAddress: `127.20.${Math.floor(a / 250)}.${(a % 250) + 1}` });
      const s: Stalled = { socket, status: 0 };
      all.push(s);
      socket.on('error', () => resolve());
      socket.on('close', () => resolve());
      socket.on('data', (d: Buffer) => {
        s.status = Number(/^HTTP\/1\.1 (\d{3})/.exec(d.toString('latin1'))?.[1] ?? -1);
      });
      socket.once('connect', () => {
        socket.write(
          `POST /api/auth/local/login HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\n` +
            `Content-Length: 200\r\n\r\n{"email":"`,
        );
        resolve();
      });
    });
  for (let i = 0; i < count; i += 250) {
    await Promise.all(Array.from({ length: Math.min(250, count - i) }, (_, k) => one(i + k)));
  }
  return all;
}

/** A sign-in on a new connection (fetch would reuse one the server already serves). */
function freshSignIn(port: number, body: object): Promise<{ status: number; ms: number }> {
  const t = performance.now();
  return new Promise((resolve, reject) => {
    const req = request({ port, host: '127.0.0.1', method: 'POST', path: '/api/auth/local/login', agent: false, headers: { 'content-type': 'application/json' }, timeout: 20_000 }, (res) => {
      res.resume();
      res.once('end', () => resolve({ status: res.statusCode ?? 0, ms: Math.round(performance.now() - t) }));
    });
    req.once('error', reject);
    req.end(JSON.stringify(body));
  });
}

const holding = (all: Stalled[]) => all.filter((s) => !s.socket.destroyed && s.status === 0).length;

/** The number of connections the server holds unanswered, once it has stopped changing (2 s the same). */
async function settledHold(all: Stalled[]): Promise<number> {
  let last = -1;
  let since = Date.now();
  for (const until = Date.now() + 60_000; Date.now() < until; ) {
    await new Promise((r) => setTimeout(r, 250));
    const now = holding(all);
    if (now !== last) [last, since] = [now, Date.now()];
    else if (Date.now() - since >= 2_000) break;
  }
  return last;
}

async function timed(fn: () => Promise<Response>): Promise<{ status: number; ms: number }> {
  const t = performance.now();
  const res = await fn();
  await res.arrayBuffer();
  return { status: res.status, ms: Math.round(performance.now() - t) };
}

describe('stalled request bodies by the thousand', () => {
  let db: TestDatabase | null = null;
  let server: ServerProcess | null = null;
  let stalled: Stalled[] = [];
  const dir = mkdtempSync(join(tmpdir(), 'brieflink-stalled-'));
  afterAll(async () => {
    for (const s of stalled) s.socket.destroy();
    await server?.stop();
    await db?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('are held within the caps while health, sign-in and a download keep answering', async () => {
    db = await createTestDatabase();
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    server = startServer(
      {
        DATABASE_URL: db.url,
        DATA_DIR: join(dir, 'data'),
        PORT: String(port),
        HOST: '127.0.0.1',
        REGISTRATION: 'open',
        MAX_CONNECTIONS: String(MAX_CONNECTIONS),
        MAX_CONNECTIONS_PER_ADDRESS: String(PER_ADDRESS),
        REQUEST_IDLE_SECONDS: '120',
        REQUEST_BODY_SECONDS: '120',
      },
      { fileLimit: FILE_LIMIT },
    );
    await waitFor('start', async () => (await fetch(`${base}/api/health`)).ok, 60_000, server.output);

    const account = newAccount();
    const reg = await fetch(`${base}/api/auth/local/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(account) });
    expect(reg.status).toBe(201);
    const cookie = reg.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const created = await fetch(`${base}/api/cases`, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify({ caseNumber: 'ST-1', title: 'Stalled' }) });
    const caseId = ((await created.json()) as { id: string }).id;
    const pdf = makeTextPdf([[{ text: 'A brief of one page', x: 72, y: 72 }]]);
    const form = new FormData();
    form.set('caseId', caseId);
    form.set('file', new Blob([Buffer.from(pdf)], { type: 'application/pdf' }), 'brief.pdf');
    const uploaded = await fetch(`${base}/api/upload/document`, { method: 'POST', headers: { cookie }, body: form });
    expect(uploaded.status).toBe(201);
    const docId = ((await uploaded.json()) as { id: string }).id;

    // More stalled connections than the server may open files: ten from each of 500 addresses.
    const attempted = 5000;
    const t0 = performance.now();
    stalled = await openStalled(port, attempted, 500, 0);
    const openedMs = Math.round(performance.now() - t0);
    const held = await settledHold(stalled);
    const busy = stalled.filter((s) => s.status === 503).length;
    expect(held).toBe(500 * PER_ADDRESS);
    expect(busy).toBeGreaterThan(0);

    const health = await timed(() => fetch(`${base}/api/health`, { signal: AbortSignal.timeout(20_000) }));
    const signIn = await timed(() =>
      fetch(`${base}/api/auth/local/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: account.email, password: account.password }),
        signal: AbortSignal.timeout(20_000),
      }),
    );
    const download = await timed(() => fetch(`${base}/api/documents/${docId}/download`, { headers: { cookie }, signal: AbortSignal.timeout(20_000) }));
    expect([health.status, signIn.status, download.status]).toEqual([200, 200, 200]);

    // Every connection in use: 250 more addresses fill the rest; past that, a quick 503, health still answered.
    stalled.push(...(await openStalled(port, 1000, 250, 500)));
    const heldFull = await settledHold(stalled);
    // (the test's own connections from 127.0.0.1, at most PER_ADDRESS, count in the total too)
    expect(heldFull).toBeGreaterThanOrEqual(MAX_CONNECTIONS - PER_ADDRESS);
    expect(heldFull).toBeLessThanOrEqual(MAX_CONNECTIONS);
    const healthFull = await timed(() => fetch(`${base}/api/health`, { signal: AbortSignal.timeout(20_000) }));
    const signInFull = await freshSignIn(port, { email: account.email, password: account.password });
    expect(healthFull.status).toBe(200);
    expect(signInFull.status).toBe(503);
    const ready = (await (await fetch(`${base}/api/ready`)).json()) as { connections: { open: number; refused: number } };

    // They all go away: nothing of it is an error in the server's log, and sign-in works again.
    for (const s of stalled) s.socket.destroy();
    await waitFor('connections closed', async () => {
      const r = (await (await fetch(`${base}/api/ready`)).json()) as { connections: { open: number } };
      return r.connections.open < 10;
    }, 20_000);
    const after = await timed(() =>
      fetch(`${base}/api/auth/local/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: account.email, password: account.password }),
      }),
    );
    expect(after.status).toBe(200);
    const errorLines = server.output().split('\n').filter((l) => /"level":(50|60)/.test(l));
    expect(errorLines).toEqual([]);

    figures('stalled request bodies', {
      attempted: attempted + 1000,
      addresses: 750,
      serverFileLimit: FILE_LIMIT,
      held,
      answered503: busy,
      openedMs,
      healthMs: health.ms,
      signInMs: signIn.ms,
      downloadMs: download.ms,
      heldAtCap: heldFull,
      healthAtCapMs: healthFull.ms,
      busy503Ms: signInFull.ms,
      refusedCounted: ready.connections.refused,
      errorLines: errorLines.length,
    });
  });
});
