// Every request body has an idle and a total deadline, not only uploads: a JSON body that stalls, or
// trickles in too slowly, is answered 408 and its connection closed. A client that goes away mid-body
// is counted on /api/ready and logged at debug level, never as an error.
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/app.ts';

/** What the server sent on `socket` until it closed it (or '' if it did not within `ms`). */
function answer(socket: Socket, ms: number): Promise<{ text: string; closed: boolean }> {
  let text = '';
  socket.on('data', (d: Buffer) => (text += d.toString('latin1')));
  return new Promise((resolve) => {
    const guard = setTimeout(() => resolve({ text, closed: false }), ms);
    socket.once('close', () => {
      clearTimeout(guard);
      resolve({ text, closed: true });
    });
  });
}

describe('request body deadlines', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await startTestApp({ env: { REQUEST_IDLE_SECONDS: '1', REQUEST_BODY_SECONDS: '4' } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
  });
  afterAll(async () => t?.close());

  async function openLogin(bodyLength: number): Promise<Socket> {
    const socket = connect(port, '127.0.0.1');
    await new Promise((r) => socket.once('connect', r));
    socket.on('error', () => undefined);
    socket.write(
      `POST /api/auth/local/login HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${bodyLength}\r\n\r\n`,
    );
    return socket;
  }

  it('answers 408 to a JSON body that stops sending, and closes its connection', async () => {
    const body = JSON.stringify({ email: 'someone@example.com', password: 'a-password-long-enough' });
    const socket = await openLogin(body.length);
    socket.write(body.slice(0, 10));
    const res = await answer(socket, 10_000);
    expect(res.closed).toBe(true);
    expect(res.text).toMatch(/^HTTP\/1\.1 408 /);
    expect(res.text).toContain('"error":"request_timeout"');
    expect(res.text).toContain('The request sent nothing for 1 s');
  });

  it('answers 408 to a JSON body trickled in a byte at a time past the total deadline', async () => {
    const body = JSON.stringify({ email: 'someone@example.com', password: 'a-password-long-enough' });
    const socket = await openLogin(body.length);
    let sent = 0;
    const trickle = setInterval(() => {
      if (sent < body.length - 1 && !socket.destroyed) socket.write(body[sent++]!);
    }, 400);
    const res = await answer(socket, 15_000);
    clearInterval(trickle);
    expect(res.closed).toBe(true);
    expect(res.text).toMatch(/^HTTP\/1\.1 408 /);
    expect(res.text).toContain('The request took longer than 4 s to arrive');
    expect(sent).toBeLessThan(body.length - 1); // cut before the body was whole
  });

  it('closes the connection of a request answered before its body came, once the body stalls', async () => {
    // signed out: answered 401 at once, its body never read
    const socket = connect(port, '127.0.0.1');
    await new Promise((r) => socket.once('connect', r));
    socket.on('error', () => undefined);
    socket.write(`POST /api/cases HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"caseNumber":`);
    const res = await answer(socket, 10_000);
    expect(res.text).toMatch(/^HTTP\/1\.1 401 /);
    expect(res.closed).toBe(true);
  });

  it('counts a client that goes away mid-body, without an error in the log', async () => {
    const before = (await t.app.inject('/api/ready')).json().connections;
    const sockets = await Promise.all(Array.from({ length: 5 }, () => openLogin(200)));
    for (const s of sockets) s.write('{"email":');
    await new Promise((r) => setTimeout(r, 200));
    for (const s of sockets) s.destroy();
    await new Promise((r) => setTimeout(r, 300));
    const after = (await t.app.inject('/api/ready')).json().connections;
    expect(after.aborted - before.aborted).toBe(5);
    expect(after.bodyTimeouts).toBeGreaterThanOrEqual(3); // the bodies cut above
    const lines = t.logs().split('\n').filter(Boolean).map((l) => JSON.parse(l) as { level: number; msg: string });
    expect(lines.filter((l) => l.level >= 40)).toEqual([]);
    expect(lines.filter((l) => l.msg === 'request aborted by the client').length).toBeGreaterThanOrEqual(5);
  });
});
