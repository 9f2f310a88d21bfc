import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiRequestError, NETWORK_ERROR, apiRequest, errorReason, getOrNullOn401 } from './api.ts';
import { retryPolicy } from './query-client.ts';

let server: Server;
let base = '';

beforeAll(async () => {
  server = createServer((req, res) => {
    const send = (status: number, body: string, type = 'application/json') => {
      res.writeHead(status, { 'Content-Type': type });
      res.end(body);
    };
    if (req.url === '/ok') return send(200, JSON.stringify({ method: req.method, contentType: req.headers['content-type'] ?? null }));
    if (req.url === '/echo') {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => send(200, body));
      return;
    }
    if (req.url === '/empty') {
      res.writeHead(204);
      return res.end();
    }
    if (req.url === '/conflict') return send(409, JSON.stringify({ error: 'conflict', message: 'Case number A-1 already exists', field: 'caseNumber' }));
    if (req.url === '/plain') return send(500, 'database unavailable', 'text/plain');
    if (req.url === '/bare') return send(503, '');
    if (req.url === '/proxy') return send(502, '<html><body><h1>502 Bad Gateway</h1></body></html>', 'text/html');
    if (req.url === '/coded') return send(409, JSON.stringify({ error: 'conflict' }));
    if (req.url === '/limited') return send(429, JSON.stringify({ error: 'rate_limited', message: 'Too many requests' }));
    if (req.url === '/auth') return send(401, JSON.stringify({ error: 'unauthorized', message: 'Sign in required' }));
    send(404, 'nope', 'text/plain');
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((done) => server.close(() => done())));

describe('apiRequest', () => {
  it('parses JSON and sends a JSON body only when there is one', async () => {
    expect(await apiRequest('GET', `${base}/ok`)).toEqual({ method: 'GET', contentType: null });
    expect(await apiRequest('POST', `${base}/echo`, { caseNumber: 'A-1' })).toEqual({ caseNumber: 'A-1' });
  });

  it('returns null for 204', async () => {
    expect(await apiRequest('DELETE', `${base}/empty`)).toBeNull();
  });

  it("turns an error into the server's sentence, never its JSON body", async () => {
    const error = await apiRequest('POST', `${base}/conflict`, {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    const e = error as ApiRequestError;
    expect(e.status).toBe(409);
    expect(e.message).toBe('Case number A-1 already exists');
    expect(e.reason).toBe('Case number A-1 already exists');
    expect(e.field).toBe('caseNumber');
    expect(errorReason(e)).toBe('Case number A-1 already exists');
  });

  it('uses a short plain-text body, else a sentence for the status; never JSON or markup', async () => {
    await expect(apiRequest('GET', `${base}/plain`)).rejects.toThrow('database unavailable');
    const bare = (await apiRequest('GET', `${base}/bare`).catch((e: unknown) => e)) as ApiRequestError;
    expect(bare.status).toBe(503);
    expect(errorReason(bare)).toBe('The service is unavailable; try again shortly.');
    const proxy = (await apiRequest('GET', `${base}/proxy`).catch((e: unknown) => e)) as ApiRequestError;
    expect(errorReason(proxy)).toBe('The server is not answering; try again shortly.');
    const coded = (await apiRequest('GET', `${base}/coded`).catch((e: unknown) => e)) as ApiRequestError;
    expect(errorReason(coded)).toBe('This cannot be done in the current state; refresh and try again.');
    for (const e of [bare, proxy, coded]) expect(errorReason(e)).not.toMatch(/[{<]/);
  });

  it('says in words when the server cannot be reached', async () => {
    const closed = createServer();
    await new Promise<void>((done) => closed.listen(0, '127.0.0.1', done));
    const url = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/gone`;
    await new Promise<void>((done) => closed.close(() => done()));
    const error = await apiRequest('GET', url).catch((e: unknown) => e);
    expect(errorReason(error)).toBe(NETWORK_ERROR);
  });

  it("reports 429 as 'Rate limit reached' with a console warning", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await expect(apiRequest('GET', `${base}/limited`)).rejects.toThrow('Rate limit reached');
    expect(warn).toHaveBeenCalledWith('Rate limit reached - backing off');
    warn.mockRestore();
  });

  it('getOrNullOn401 answers null when signed out and still throws other errors', async () => {
    expect(await getOrNullOn401(`${base}/auth`)).toBeNull();
    await expect(getOrNullOn401(`${base}/plain`)).rejects.toThrow('database unavailable');
  });
});

describe('retryPolicy', () => {
  it('retries server and network failures up to the limit, never a client error (401, 403, 429, 409…)', () => {
    const queries = retryPolicy(2);
    const serverError = new ApiRequestError(500, '', 'Internal Server Error');
    expect(queries(0, serverError)).toBe(true);
    expect(queries(1, serverError)).toBe(true);
    expect(queries(2, serverError)).toBe(false);
    for (const status of [400, 401, 403, 404, 409, 429]) expect(queries(0, new ApiRequestError(status, '', ''))).toBe(false);
    expect(queries(0, new TypeError('fetch failed'))).toBe(true);
    expect(retryPolicy(1)(1, serverError)).toBe(false);
  });
});
