import { describe, expect, test } from 'vitest';
import { textLayerNote } from './text-layer.ts';

describe('textLayerNote', () => {
  test('says links are ready while the text layer is still being read', () => {
    expect(textLayerNote({ status: 'completed', has_links: true, textLayer: { done: 240, total: 400 } })).toBe('links ready · text layer 240 of 400 pages');
    expect(textLayerNote({ status: 'completed', has_links: false, textLayer: { done: 12, total: 30 } })).toBe('text layer 12 of 30 pages');
  });
  test('says nothing once the text layer is complete, or before the first reading', () => {
    expect(textLayerNote({ status: 'completed', has_links: true, textLayer: { done: 400, total: 400 } })).toBeNull();
    expect(textLayerNote({ status: 'processing', has_links: false, textLayer: { done: 0, total: 0 } })).toBeNull();
  });
});
