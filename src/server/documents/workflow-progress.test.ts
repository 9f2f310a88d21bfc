import { describe, expect, it } from 'vitest';
import type { documents } from '../db/schema.ts';
import { progressOf } from './workflow-progress.ts';

type Doc = typeof documents.$inferSelect;
const at = (s: string) => new Date(`2026-03-0${s}T10:00:00Z`);
const created = at('1');

function doc(over: Partial<Doc>): Doc {
  return {
    uploadedAt: at('2'), status: 'uploaded', ocrStatus: 'pending', ocrDone: 0, ocrTotal: 0, pageCount: null,
    aiProcessingStatus: 'none', hasLinks: false, lawyerReviewed: false, reviewStatus: null, reviewedAt: null,
    regeneratedAt: null, courtSubmitted: false, courtSubmittedAt: null, indexDetectedAt: null, ...over,
  } as Doc;
}
const read = { status: 'completed', ocrStatus: 'completed', ocrDone: 10, ocrTotal: 10, pageCount: 10, indexDetectedAt: at('3') };
const linked = { ...read, aiProcessingStatus: 'completed', hasLinks: true };
const approved = { ...linked, lawyerReviewed: true, reviewStatus: 'approved', reviewedAt: at('4'), regeneratedAt: at('4') };
const statuses = (docs: Doc[]) => Object.fromEntries(progressOf(created, docs).steps.map((s) => [s.id, s.status]));

describe('workflow progress as the server records it', () => {
  it('a new case: only step 1, done when the case was created', () => {
    expect(progressOf(created, []).steps).toEqual([{ id: 1, status: 'done', total: 1, done: 1, completedAt: created.toISOString() }]);
  });
  it('uploads are step 2 and pages read are step 3, in progress while read, with the pages counted', () => {
    const p = progressOf(created, [doc({ status: 'processing', ocrStatus: 'processing', ocrDone: 4, ocrTotal: 10 }), doc(read)]);
    expect(p.steps.find((s) => s.id === 2)).toMatchObject({ status: 'done', total: 2, done: 2 });
    expect(p.steps.find((s) => s.id === 3)).toMatchObject({ status: 'in_progress', total: 20, done: 14 });
    expect(statuses([doc(read)])).toEqual({ 1: 'done', 2: 'done', 3: 'done' });
    expect(statuses([doc({ status: 'failed', ocrStatus: 'failed' })])).toEqual({ 1: 'done', 2: 'done', 3: 'error' });
  });
  it('steps 4 to 6 follow links built, review and submission', () => {
    expect(statuses([doc({ ...read, aiProcessingStatus: 'processing' })])[4]).toBe('in_progress');
    expect(statuses([doc(linked)])).toEqual({ 1: 'done', 2: 'done', 3: 'done', 4: 'done' });
    expect(statuses([doc({ ...linked, regeneratedAt: at('4') })])[5]).toBe('in_progress');
    expect(statuses([doc(approved)])).toEqual({ 1: 'done', 2: 'done', 3: 'done', 4: 'done', 5: 'done' });
    expect(statuses([doc(approved), doc(linked)])[5]).toBeUndefined();
    const filed = doc({ ...approved, courtSubmitted: true, courtSubmittedAt: at('5') });
    expect(statuses([filed])).toEqual({ 1: 'done', 2: 'done', 3: 'done', 4: 'done', 5: 'done', 6: 'done' });
    expect(progressOf(created, [filed]).steps.at(-1)!.completedAt).toBe(at('5').toISOString());
  });
});
