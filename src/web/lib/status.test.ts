import { describe, expect, it } from 'vitest';
import { retryFor } from './status.ts';
import { ageOf } from '../components/status/status-cards.tsx';

describe('status page rules', () => {
  it('offers Retry Index for an index in error and Retry Links for an index with items and no links', () => {
    expect(retryFor({ index_status: 'error', index_count: 0, has_links: false })).toBe('reindex');
    expect(retryFor({ index_status: 'ok', index_count: 13, has_links: false })).toBe('relink');
    expect(retryFor({ index_status: 'ok', index_count: 13, has_links: true })).toBeNull();
    expect(retryFor({ index_status: 'ok', index_count: 0, has_links: false })).toBeNull();
    expect(retryFor({ index_status: 'pending', index_count: null, has_links: false })).toBeNull();
    expect(retryFor({ index_status: 'none', index_count: null, has_links: false })).toBeNull();
  });

  it('says how long ago a job was queued', () => {
    const now = Date.parse('2026-01-01T12:00:00Z');
    expect(ageOf('2026-01-01T11:59:30Z', now)).toBe('30 s ago');
    expect(ageOf('2026-01-01T11:45:00Z', now)).toBe('15 min ago');
    expect(ageOf('2026-01-01T09:00:00Z', now)).toBe('3 h ago');
    expect(ageOf('2025-12-29T12:00:00Z', now)).toBe('3 days ago');
  });
});
