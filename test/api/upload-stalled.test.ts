// An upload that stops sending halfway is cut after REQUEST_IDLE_SECONDS: the connection closes, and
// the half-received file is removed (nothing stays open, nothing stays on disk).
import { readdirSync } from 'node:fs';
import { connect } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadFixture } from '../fixtures/index.ts';
import { signUp, startTestApp, type TestApp } from './support/app.ts';
import { createCase } from './support/documents.ts';

describe('a stalled upload', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await startTestApp({ env: { REQUEST_IDLE_SECONDS: '2' } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
  });
  afterAll(async () => t?.close());

  it('is closed once it has sent nothing for the idle time, and its partial file is removed', async () => {
    const { cookie } = await signUp(t.app);
    const caseId = await createCase(t.app, cookie);
    const { brief } = await loadFixture('lettered-tabs');
    const boundary = 'stalled-boundary';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="caseId"\r\n\r\n${caseId}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="brief.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    );
    const half = Buffer.from(brief.subarray(0, Math.floor(brief.length / 2)));
    const total = head.length + brief.length + `\r\n--${boundary}--\r\n`.length;
    const socket = connect(port, '127.0.0.1');
    await new Promise((r) => socket.once('connect', r));
    const sentAt = Date.now();
    socket.write(
      `POST /api/upload/document HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nCookie: ${cookie}\r\n` +
        `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${total}\r\n\r\n`,
    );
    socket.write(Buffer.concat([head, half]));
    // The part file exists while the upload is under way.
    const uploads = `${t.storage.root}/uploads`;
    await new Promise((r) => setTimeout(r, 500));
    expect(readdirSync(uploads).filter((n) => n.endsWith('.part'))).toHaveLength(1);
    const closed = await new Promise<number>((resolve) => {
      const guard = setTimeout(() => resolve(-1), 15_000);
      socket.once('close', () => {
        clearTimeout(guard);
        resolve(Date.now() - sentAt);
      });
      socket.resume();
    });
    expect(closed).toBeGreaterThan(1_500);
    expect(closed).toBeLessThan(8_000);
    await new Promise((r) => setTimeout(r, 300));
    expect(readdirSync(uploads).filter((n) => n.endsWith('.part'))).toEqual([]);
    // a cut upload is counted, and is no error of the server's
    expect((await t.app.inject('/api/ready')).json().connections.bodyTimeouts).toBe(1);
    const errors = t.logs().split('\n').filter((l) => l && (JSON.parse(l) as { level: number }).level >= 50);
    expect(errors).toEqual([]);
  });

  it('does not cut a request that waits longer than the idle time for its answer', async () => {
    // A signed-in request whose answer takes longer than REQUEST_IDLE_SECONDS (link building waited
    // for by start-hyperlinking can take minutes): here a case list asked while the cases table is locked.
    const { cookie } = await signUp(t.app);
    const holder = new pg.Client({ connectionString: t.config.databaseUrl! });
    await holder.connect();
    await holder.query('begin');
    await holder.query('lock table cases in access exclusive mode');
    const pending = fetch(`http://127.0.0.1:${port}/api/cases`, { headers: { cookie } });
    await new Promise((r) => setTimeout(r, 3_000));
    await holder.query('rollback');
    await holder.end();
    const res = await pending;
    expect(res.status).toBe(200);
  });
});
