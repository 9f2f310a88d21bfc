// One connection pool and one Drizzle handle per process.
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import * as schema from './schema.ts';

export type Db = NodePgDatabase<typeof schema>;

export interface Database {
  db: Db;
  pool: pg.Pool;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('../../../drizzle', import.meta.url));

export function openDatabase(url: string, max = 10): Database {
  const pool = new pg.Pool({ connectionString: url, max, application_name: 'brieflink' });
  // An idle client losing its connection (database restart) must not crash the process; nor must a
  // client in use (a transaction) whose connection is cut: pg emits 'error' on it with no listener,
  // which ended the process. Its queries fail (answered 503) and the pool discards it.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = drizzle(pool, { schema });
  return { db, pool, close: () => pool.end() };
}

/**
 * Runs `fn` while holding a PostgreSQL advisory lock, so processes starting together on one database
 * (scaled mode) do start-up work such as migrations and queue creation one at a time.
 */
export async function withStartupLock<T>(database: Database, fn: () => Promise<T>): Promise<T> {
  const client = await database.pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK]);
    return await fn();
  } finally {
    await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK]).catch(() => undefined);
    client.release();
  }
}
const STARTUP_LOCK = 0x6272_6966; // 'brif'

/** Applies pending migrations from drizzle/ (idempotent). */
export async function migrateDatabase(database: Database): Promise<void> {
  await withStartupLock(database, () => migrate(database.db, { migrationsFolder }));
}
