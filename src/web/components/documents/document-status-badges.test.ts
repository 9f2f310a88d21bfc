import { describe, expect, it } from 'vitest';
import { processingText } from './document-status-badges.tsx';

const doc = (stage: 'text' | 'ocr' | 'index' | null, parseProgress: number, percent: number) => ({
  parseProgress,
  ocrProgress: { status: 'processing' as const, stage, done: 0, total: 0, percent, etaMs: null, avgMsPerPage: null },
});

describe('what a document being read says it is doing', () => {
  it('names each stage with its figure, and never shows a finished OCR while the index pages are read', () => {
    expect(processingText(doc('text', 25, 0))).toBe('Reading text 50%');
    expect(processingText(doc('ocr', 70, 44))).toBe('OCR 44%');
    expect(processingText(doc('index', 97, 100))).toBe('Reading the index pages in full · 97%');
  });
});
