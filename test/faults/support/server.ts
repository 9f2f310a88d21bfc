// The real server (`node bin/start.js`) as a child process for the fault suite, and an HTTP client
// that signs up, creates a case, uploads and reads documents through it.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { DocumentRecord } from '../../../src/contract/documents.ts';
import { newAccount } from '../../api/support/app.ts';

const root = fileURLToPath(new URL('../../..', import.meta.url));

export interface ServerProcess {
  child: ChildProcess;
  output(): string;
  /** SIGTERM, and the exit awaited. */
  stop(): Promise<void>;
}

/** `fileLimit`: the process's limit on open files (`ulimit -n`), lower than the test runner's. */
export function startServer(env: Record<string, string>, opts: { fileLimit?: number } = {}): ServerProcess {
  const [command, args] = opts.fileLimit
    ? ['/bin/sh', ['-c', `ulimit -n ${Math.floor(opts.fileLimit)} && exec "$0" bin/start.js`, process.execPath]]
    : [process.execPath, ['bin/start.js']];
  const child = spawn(command, args, {
    cwd: root,
    env: { ...process.env, BRIEFLINK_SKIP_WEB_BUILD: '1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  return {
    child,
    output: () => out,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

export async function waitFor<T>(what: string, fn: () => Promise<T | null | undefined | false>, ms: number, output: () => string = () => ''): Promise<T> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const v = await fn().catch(() => null);
    if (v) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what} did not happen in ${ms} ms:\n${output().slice(-3000)}`);
}

export const finished = (d: DocumentRecord) => d.status === 'completed' || d.status === 'failed';

/** A signed-in user of the server at `base`. */
export class Client {
  private constructor(
    readonly base: string,
    readonly cookie: string,
  ) {}

  static async signUp(base: string): Promise<Client> {
    const reg = await fetch(`${base}/api/auth/local/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(newAccount()),
    });
    if (reg.status !== 201) throw new Error(`register failed: ${reg.status} ${await reg.text()}`);
    return new Client(base, reg.headers.getSetCookie().map((c) => c.split(';')[0]).join('; '));
  }

  async createCase(caseNumber: string): Promise<string> {
    const res = await fetch(`${this.base}/api/cases`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: this.cookie },
      body: JSON.stringify({ caseNumber, title: 'Fault suite' }),
    });
    if (res.status !== 201) throw new Error(`case not created: ${res.status} ${await res.text()}`);
    return (await res.json()).id as string;
  }

  upload(caseId: string, bytes: Uint8Array, name: string): Promise<Response> {
    const form = new FormData();
    form.set('caseId', caseId);
    form.set('file', new Blob([Buffer.from(bytes)], { type: 'application/pdf' }), name);
    return fetch(`${this.base}/api/upload/document`, { method: 'POST', headers: { cookie: this.cookie }, body: form });
  }

  async uploadOk(caseId: string, bytes: Uint8Array, name: string): Promise<string> {
    const res = await this.upload(caseId, bytes, name);
    if (res.status !== 201) throw new Error(`upload failed: ${res.status} ${await res.text()}`);
    return (await res.json()).id as string;
  }

  get(path: string): Promise<Response> {
    return fetch(`${this.base}${path}`, { headers: { cookie: this.cookie } });
  }

  post(path: string, body?: object): Promise<Response> {
    return fetch(`${this.base}${path}`, {
      method: 'POST',
      headers: { cookie: this.cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
  }

  async document(id: string): Promise<DocumentRecord> {
    const res = await this.get(`/api/documents/${id}`);
    if (res.status !== 200) throw new Error(`document ${id}: ${res.status}`);
    return res.json() as Promise<DocumentRecord>;
  }
}

/** One line of figures, so a run of the suite shows what each fault held. */
export function figures(name: string, values: Record<string, string | number | boolean>): void {
  const parts = Object.entries(values).map(([k, v]) => `${k}=${v}`);
  process.stdout.write(`[fault] ${name}: ${parts.join(' ')}\n`);
}
