import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const load = (env: Record<string, string>) => loadConfig(env, '/srv/app');

function errorFor(env: Record<string, string>): ConfigError {
  try {
    load(env);
  } catch (err) {
    if (err instanceof ConfigError) return err;
    throw err;
  }
  throw new Error('expected a configuration error');
}

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const c = load({});
    expect(c).toMatchObject({
      port: 5000,
      host: '0.0.0.0',
      dataDir: '/srv/app/data',
      storageDir: '/srv/app/data/files',
      databaseUrl: undefined,
      maxUploadMb: 500,
      retentionDays: 90,
      logLevel: 'info',
      role: 'all',
      publicHost: undefined,
      appUrl: undefined,
      secureCookies: false,
      trustProxy: false,
      oidc: undefined,
      allowedEmailDomains: [],
      registration: 'invitation',
      requestIdleMs: 60_000,
      requestBodyMs: 30_000,
      uploadMs: 3_600_000,
      connections: { total: 1000, perAddress: 50 },
      shutdownMs: 30_000,
    });
  });

  it('reads every variable', () => {
    const c = load({
      PORT: '8080',
      DATA_DIR: '/var/lib/brieflink',
      STORAGE_DIR: '/mnt/files',
      DATABASE_URL: 'postgres://u:p@db:5432/brieflink',
      MAX_UPLOAD_MB: '50',
      RETENTION_DAYS: '30',
      ROLE: 'worker',
      PUBLIC_HOST: 'Brieflink.Example',
      APP_URL: 'https://briefs.example.com/',
      TRUST_PROXY: 'true',
      OIDC_ISSUER: 'https://id.example.com',
      OIDC_CLIENT_ID: 'brieflink',
      OIDC_CLIENT_SECRET: 'secret',
      ALLOWED_EMAIL_DOMAINS: 'Firm.Example, @partner.example,',
      OCR_WORKERS: '3',
      EMBEDDED_PG_PORT: '54329',
      JOB_STALE_SECONDS: '45',
      REGISTRATION: 'open',
      PDF_MEMORY_MB: '1024',
      PDF_SECONDS_PER_PAGE: '5',
      PDF_INCREMENTAL_FROM_MB: '0',
      REQUEST_IDLE_SECONDS: '30',
      ASSISTANT_URL: 'https://models.example.com/v1/',
      ASSISTANT_API_KEY: 'sk-test',
      ASSISTANT_MODEL: 'small-model',
      ASSISTANT_TIMEOUT_SECONDS: '4',
    });
    expect(c).toMatchObject({
      port: 8080,
      dataDir: '/var/lib/brieflink',
      storageDir: '/mnt/files',
      maxUploadMb: 50,
      retentionDays: 30,
      role: 'worker',
      publicHost: 'brieflink.example',
      appUrl: 'https://briefs.example.com',
      secureCookies: true,
      trustProxy: true,
      oidc: { issuer: 'https://id.example.com', clientId: 'brieflink', clientSecret: 'secret' },
      allowedEmailDomains: ['firm.example', 'partner.example'],
      ocrWorkers: 3,
      embeddedPgPort: 54329,
      staleJobMs: 45_000,
      registration: 'open',
      pdfMemoryMb: 1024,
      pdfSecondsPerPage: 5,
      pdfIncrementalFromMb: 0,
      requestIdleMs: 30_000,
      assistant: { url: 'https://models.example.com/v1', apiKey: 'sk-test', model: 'small-model', timeoutMs: 4000 },
    });
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ MAX_UPLOAD_MB: '0' }, 'MAX_UPLOAD_MB'],
    [{ RETENTION_DAYS: '1.5' }, 'RETENTION_DAYS'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ JOB_STALE_SECONDS: '2' }, 'JOB_STALE_SECONDS'],
    [{ PDF_MEMORY_MB: '64' }, 'PDF_MEMORY_MB'],
    [{ PDF_INCREMENTAL_FROM_MB: '-1' }, 'PDF_INCREMENTAL_FROM_MB'],
    [{ REQUEST_IDLE_SECONDS: '0' }, 'REQUEST_IDLE_SECONDS'],
    [{ REQUEST_BODY_SECONDS: 'soon' }, 'REQUEST_BODY_SECONDS'],
    [{ UPLOAD_SECONDS: '5' }, 'UPLOAD_SECONDS'],
    [{ MAX_CONNECTIONS: '0' }, 'MAX_CONNECTIONS'],
    [{ MAX_CONNECTIONS_PER_ADDRESS: '1.5' }, 'MAX_CONNECTIONS_PER_ADDRESS'],
    [{ SHUTDOWN_SECONDS: '0' }, 'SHUTDOWN_SECONDS'],
    [{ ROLE: 'admin' }, 'ROLE'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ APP_URL: 'briefs.example.com' }, 'APP_URL'],
    [{ TRUST_PROXY: 'maybe' }, 'TRUST_PROXY'],
    [{ OIDC_ISSUER: 'https://id.example.com', OIDC_CLIENT_ID: 'x' }, 'OIDC_CLIENT_SECRET'],
    [{ ALLOWED_EMAIL_DOMAINS: 'firm.example, not a domain' }, 'ALLOWED_EMAIL_DOMAINS'],
    [{ OCR_WORKERS: '-1' }, 'OCR_WORKERS'],
    [{ REGISTRATION: 'anyone' }, 'REGISTRATION'],
    [{ ASSISTANT_URL: 'models.example.com' }, 'ASSISTANT_URL'],
    [{ ASSISTANT_URL: 'https://models.example.com/v1' }, 'ASSISTANT_API_KEY'],
    [{ ASSISTANT_API_KEY: 'sk-test' }, 'ASSISTANT_URL'],
    [{ ASSISTANT_URL: 'https://m.example.com', ASSISTANT_API_KEY: 'k', ASSISTANT_TIMEOUT_SECONDS: '0' }, 'ASSISTANT_TIMEOUT_SECONDS'],
  ])('%j is refused naming %s', (env, variable) => {
    const err = errorFor(env);
    expect(err.variable).toBe(variable);
    expect(err.message).toContain(variable);
  });
});

describe('loadConfig and secrets', () => {
  it('names a bad DATABASE_URL without printing its password', () => {
    const err = errorFor({ DATABASE_URL: 'postgress://brief:hunter2-secret@db.example/brieflink' });
    expect(err.message).toContain('DATABASE_URL');
    expect(err.message).not.toContain('hunter2-secret');
  });

  it('never prints the assistant API key', () => {
    const err = errorFor({ ASSISTANT_API_KEY: 'sk-very-secret-key' });
    expect(err.variable).toBe('ASSISTANT_URL');
    expect(err.message).not.toContain('sk-very-secret-key');
    const bad = errorFor({ ASSISTANT_URL: 'ftp://m.example.com', ASSISTANT_API_KEY: 'sk-very-secret-key' });
    expect(bad.variable).toBe('ASSISTANT_URL');
    expect(bad.message).not.toContain('sk-very-secret-key');
  });
});

describe('AUTHORITY_LINKS', () => {
  it("is off unless set; 'on' gives the default templates; JSON gives a firm's templates by family", () => {
    expect(load({}).authorityLinks).toBe('off');
    expect(load({ AUTHORITY_LINKS: 'off' }).authorityLinks).toBe('off');
    expect(load({ AUTHORITY_LINKS: 'on' }).authorityLinks).toEqual({});
    const firm = { 'us-case': 'https://library.firm.example/cite?q={citation}', 'uk-neutral': null };
    expect(load({ AUTHORITY_LINKS: JSON.stringify(firm) }).authorityLinks).toEqual(firm);
  });

  it('refuses a file name, an unknown family, and a template that is not an https address with its host written out', () => {
    for (const bad of [
      '/etc/brieflink/links.json',
      './links.json',
      '{"us-case": "http://library.firm.example/{volume}"}',
      '{"us-case": "file:///etc/passwd"}',
      '{"us-case": "https://{name}.example/x"}',
      '{"us-case": "https://user@evil.example/{volume}"}',
      '{"us-case": ["https://ok.example/{volume}", 12]}',
      '{"nz-case": "https://ok.example/{volume}"}',
      '["https://ok.example/"]',
    ]) {
      const err = errorFor({ AUTHORITY_LINKS: bad });
      expect(err.variable, bad).toBe('AUTHORITY_LINKS');
    }
  });
});
