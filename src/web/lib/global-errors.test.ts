import { describe, expect, it } from 'vitest';
import { ApiRequestError } from './api.ts';
import { isSuppressedRejection } from './global-errors.ts';

describe('isSuppressedRejection', () => {
  it('suppresses rate limits, chat conversation errors and invalid HTTP methods', () => {
    expect(isSuppressedRejection(new ApiRequestError(429, '', 'Too Many Requests'))).toBe(true);
    expect(isSuppressedRejection(new Error('Failed to load chat conversations'))).toBe(true);
    expect(isSuppressedRejection('TypeError: Invalid HTTP method PATCHX')).toBe(true);
    expect(isSuppressedRejection(new Error('Request failed with status 429'))).toBe(true);
  });

  it('lets every other error through to be logged', () => {
    expect(isSuppressedRejection(new ApiRequestError(500, 'database unavailable', ''))).toBe(false);
    expect(isSuppressedRejection(new Error('Case number 429 already exists'))).toBe(false);
    expect(isSuppressedRejection(undefined)).toBe(false);
  });
});
