import { describe, expect, it } from 'vitest';
import { isPublicHost, loginHref } from './auth.ts';

const config = (publicHost: string | null | undefined) => ({ mode: 'local' as const, maxUploadMb: 500, retentionDays: 90, publicHost });

describe('isPublicHost', () => {
  it('is true only on the configured public host, ignoring case and a port', () => {
    expect(isPublicHost(config('brieflink.example'), 'brieflink.example')).toBe(true);
    expect(isPublicHost(config('Brieflink.Example'), 'brieflink.example')).toBe(true);
    expect(isPublicHost(config('brieflink.example:443'), 'brieflink.example')).toBe(true);
    expect(isPublicHost(config('brieflink.example'), 'app.brieflink.example')).toBe(false);
    expect(isPublicHost(config('brieflink.example'), 'localhost')).toBe(false);
  });

  it('is false when no public host is configured or the config has not loaded', () => {
    expect(isPublicHost(config(undefined), 'localhost')).toBe(false);
    expect(isPublicHost(config(null), 'localhost')).toBe(false);
    expect(isPublicHost(config('  '), 'localhost')).toBe(false);
    expect(isPublicHost(undefined, 'localhost')).toBe(false);
  });
});

describe('loginHref', () => {
  it('stays relative unless on the public host with an app URL configured', () => {
    const withApp = { ...config('brieflink.example'), appUrl: 'https://app.brieflink.example' };
    expect(loginHref(withApp, 'brieflink.example')).toBe('https://app.brieflink.example/api/login');
    expect(loginHref(withApp, 'app.brieflink.example')).toBe('/api/login');
    expect(loginHref(config('brieflink.example'), 'brieflink.example')).toBe('/api/login');
    expect(loginHref(undefined, 'localhost')).toBe('/api/login');
  });
});
