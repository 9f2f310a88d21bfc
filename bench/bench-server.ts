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
