import { describe, expect, it } from 'vitest';
import { checkRegistry, handlers, jobKinds, RegistryError } from './registry.ts';

describe('job registry', () => {
  it('has a handler for every registered kind', () => {
    expect(() => checkRegistry()).not.toThrow();
    expect(Object.keys(handlers).sort()).toEqual(Object.keys(jobKinds).sort());
  });

  it('refuses a kind without a handler, naming it', () => {
    const kinds = { ...jobKinds, 'document-ocr': { queue: {} } };
    expect(() => checkRegistry(kinds, handlers)).toThrow(RegistryError);
    expect(() => checkRegistry(kinds, handlers)).toThrow('Job kinds without a handler: document-ocr');
  });

  it('refuses a handler for a kind that is not registered', () => {
    const extra = { ...handlers, stray: async () => undefined };
    expect(() => checkRegistry(jobKinds, extra)).toThrow('Handlers for unregistered job kinds: stray');
  });
});
