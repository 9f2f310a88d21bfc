import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { openDatabase } from '../../src/server/db/client.ts';
import { freePort } from '../../src/server/db/embedded.ts';
import { createLogger } from '../../src/server/logger.ts';
import { startTestApp, type TestApp } from './support/app.ts';

describe('health and readiness', () => {
  let t: TestApp;
  let web: string;
  beforeAll(async () => {
    web = mkdtempSync(join(tmpdir(), 'brieflink-web-'));
    writeFileSync(join(web, 'index.html'), '<!doctype html><title>Brieflink</title><div id="root"></div>');
    t = await startTestApp({ webRoot: web });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(web, { recursive: true, force: true });
  });

  it('GET /api/health answers healthy with a timestamp, signed out', async () => {
    const res = await t.app.inject('/api/health');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe('healthy');
    expect(Math.abs(Date.parse(body.timestamp) - Date.now())).toBeLessThan(60_000);
  });

  it('GET /api/ready reports the database connected and the queue running', async () => {
    const res = await t.app.inject('/api/ready');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ready', services: { database: 'connected', queue: 'running' } });
    // the connection figures: nothing refused, cut or aborted in a quiet server
    expect(res.json().connections).toMatchObject({ refused: 0, bodyTimeouts: 0, aborted: 0 });
  });

  it('GET /api/ready answers 503 naming the queue once the queue has stopped', async () => {
    const other = await startTestApp();
    await other.queue.stop();
    const res = await other.app.inject('/api/ready');
    await other.close();
    expect(res.statusCode).toBe(503);
    expect(res.json().services).toEqual({ database: 'connected', queue: 'stopped' });
  });

  it('GET /api/ready answers 503 naming the database when it cannot be reached', async () => {
    const port = await freePort(); // nothing listens there
    const database = openDatabase(`postgres://postgres@127.0.0.1:${port}/none`, 1);
    const app = await buildApp({
      config: t.config,
      db: database.db,
      storage: t.storage,
      logger: createLogger('silent'),
      queueState: async () => 'running',
    });
    const res = await app.inject('/api/ready');
    await app.close();
    await database.close();
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: 'not ready', services: { database: 'disconnected', queue: 'running' } });
  });

  it('unknown /api paths answer 404 JSON; other paths get the web app (SPA fallback)', async () => {
    const api = await t.app.inject('/api/no-such-thing');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ error: 'not_found' });
    for (const path of ['/', '/case-management', '/cases/123', '/privacy-policy']) {
      const page = await t.app.inject(path);
      expect(page.statusCode, path).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).toContain('<div id="root">');
    }
    const file = await t.app.inject('/index.html');
    expect(file.statusCode).toBe(200);
    for (const res of [api, file]) {
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['referrer-policy']).toBe('same-origin');
      expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(res.headers['permissions-policy']).toContain('camera=()');
      const csp = String(res.headers['content-security-policy']);
      for (const directive of ["default-src 'self'", "script-src 'self'", "object-src 'none'", "frame-ancestors 'none'", "base-uri 'self'"]) {
        expect(csp, directive).toContain(directive);
      }
      expect(csp.split(';').find((d) => d.trim().startsWith('script-src'))).not.toContain('unsafe');
      expect(res.headers['strict-transport-security']).toBeUndefined(); // plain http here
    }
  });
});
