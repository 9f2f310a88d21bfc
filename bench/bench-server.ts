// The real server (`node bin/start.js`) as a child process for the benchmarks that measure what users
// get through it, started on a free port with its own data folder, and the line saying what machine ran.
import { spawn, type ChildProcess } from 'node:child_process';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../src/server/db/embedded.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function machineLine(): string {
  return `machine: ${cpus().length} × ${cpus()[0]?.model ?? '?'}, ${(totalmem() / 2 ** 30).toFixed(1)} GiB, Node ${process.version}, load ${loadavg().map((l) => l.toFixed(2)).join(' ')}`;
}

export interface BenchServer {
  base: string;
  port: number;
  server: ChildProcess;
  /** SIGTERM, and the exit awaited. */
  stop(): Promise<void>;
}

/** A signed-up account's calls to the server: JSON calls, uploads, and waiting for a document's state. */
export interface BenchClient {
  cookie: string;
  json(method: string, path: string, body?: unknown): Promise<any>;
  uploadBytes(caseId: string, bytes: Uint8Array, name: string, fields?: Record<string, string>): Promise<any>;
  /** Polls the document every `pollMs` until `done` holds. */
  waitDoc(id: string, done: (d: Record<string, unknown>) => boolean): Promise<any>;
}

/** Signs up a new account on the server at `base` and returns its calls. */
export async function signUpClient(base: string, pollMs: number): Promise<BenchClient> {
  const reg = await fetch(`${base}/api/auth/local/register`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: `bench${Date.now()}@example.com`, firstName: 'Bench', lastName: 'Mark', password: 'bench-password-123' }),
  });
  const cookie = reg.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const json = async (method: string, path: string, body?: unknown) => {
    const r = await fetch(`${base}${path}`, {
      method, headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) }, ...(body ? { body: JSON.stringify(body) } : {}),
    });
    return r.json();
  };
  const uploadBytes = async (caseId: string, bytes: Uint8Array, name: string, fields: Record<string, string> = {}) => {
    const form = new FormData();
    form.set('caseId', caseId);
    for (const [k, v] of Object.entries(fields)) form.set(k, v);
    form.set('file', new Blob([Buffer.from(bytes)], { type: 'application/pdf' }), name);
    const send = () => fetch(`${base}/api/upload/document`, { method: 'POST', headers: { cookie }, body: form });
    // A kept-alive connection the server closed after its idle time (5 s, while the bench was making a
    // file) can be picked for the upload just as it closes: the write fails before the server reads
    // anything, and the upload is sent again on a new connection.
    const res = await send().catch((err: { cause?: { code?: string } }) => {
      if (err.cause?.code === 'EPIPE' || err.cause?.code === 'ECONNRESET') return send();
      throw err;
    });
    return res.json();
  };
  const waitDoc = async (id: string, done: (d: Record<string, unknown>) => boolean) => {
    for (;;) {
      const d = await json('GET', `/api/documents/${id}`);
      if (done(d)) return d;
      await sleep(pollMs);
    }
  };
  return { cookie, json, uploadBytes, waitDoc };
}

/** Starts the server with its data under `work` and waits until /api/health answers. */
export async function startBenchServer(work: string, env: Record<string, string> = {}): Promise<BenchServer> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['bin/start.js'], {
    cwd: root,
    env: { ...process.env, BRIEFLINK_SKIP_WEB_BUILD: '1', LOG_LEVEL: 'warn', DATA_DIR: join(work, 'data'), PORT: String(port), ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const kill = () => server.exitCode === null && server.kill('SIGTERM');
  process.on('exit', kill);
  const stop = async () => {
    kill();
    await new Promise((r) => (server.exitCode === null ? server.once('exit', r) : r(null)));
  };
  for (let i = 0; ; i++) {
    if (i > 600 || server.exitCode !== null) {
      await stop();
      throw new Error('server did not start');
    }
    if (await fetch(`${base}/api/health`).then((r) => r.ok).catch(() => false)) break;
    await sleep(100);
  }
  return { base, port, server, stop };
}
