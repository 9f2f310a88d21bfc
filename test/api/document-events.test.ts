// The LISTEN connection behind the progress streams is given back when the app closes, even when the
// close comes while it is still connecting, so closing the database pool afterwards does not hang.
import { describe, expect, it } from 'vitest';
import pg from 'pg';
import { DocumentEvents } from '../../src/server/documents/document-events.ts';
import { createTestDatabase } from './support/database.ts';

const within = <T>(ms: number, p: Promise<T>) =>
  Promise.race([p.then(() => 'done' as const), new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), ms))]);

describe('document events', () => {
  it('releases its connection when closed while connecting', async () => {
    const database = await createTestDatabase();
    const pool = new pg.Pool({ connectionString: database.url, max: 2 });
    try {
      const events = new DocumentEvents(pool, { warn: () => undefined });
      const subscribed = events.subscribe('00000000-0000-4000-8000-000000000000', () => undefined);
      await events.close();
      await subscribed;
      expect(await within(3_000, pool.end())).toBe('done');
    } finally {
      await database.drop();
    }
  });
});
