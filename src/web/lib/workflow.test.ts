import { describe, expect, it } from 'vitest';
import { currentStepFromPath, stepStatuses, type StepId } from './workflow.ts';

const uploaded = { ocrStatus: 'processing', status: 'processing' } as const;
const ocrDone = { ocrStatus: 'completed', status: 'ready' } as const;
const failed = { ocrStatus: 'failed', status: 'failed' } as const;

describe('current step from the path', () => {
  it.each([
    ['/case-management', [], 1],
    ['/cases/abc/ocr', [], 3],
    ['/ocr', [], 3],
    ['/hyperlinks', [], 4],
    ['/links', [], 4],
    ['/cases/abc/review', [], 5],
    ['/cases/abc/review/doc1', [], 5],
    ['/instant', [], 6],
    ['/court-ready', [], 6],
    ['/cases/abc', [uploaded], 2],
    ['/cases/abc', [uploaded, ocrDone], 3],
    ['/help', [ocrDone], 1],
  ] as const)('%s → step %i', (path, docs, step) => {
    expect(currentStepFromPath(path, docs)).toBe(step);
  });
});

describe('step statuses with auto-advance on', () => {
  const statuses = (current: StepId, documents: (typeof uploaded | typeof ocrDone | typeof failed)[]) =>
    stepStatuses({ autoAdvance: true, current, documents });

  it('a new case: step 1 done, upload in progress, the rest blocked', () => {
    expect(statuses(2, [])).toEqual({ 1: 'done', 2: 'in_progress', 3: 'blocked', 4: 'blocked', 5: 'blocked', 6: 'blocked' });
  });
  it('documents uploaded: upload done, OCR in progress', () => {
    expect(statuses(2, [uploaded])).toMatchObject({ 2: 'done', 3: 'in_progress', 4: 'blocked' });
  });
  it('OCR completed: OCR done; hyperlinking in progress only when it is the current step', () => {
    expect(statuses(3, [ocrDone])).toMatchObject({ 3: 'done', 4: 'blocked' });
    expect(statuses(4, [ocrDone])).toMatchObject({ 3: 'done', 4: 'in_progress' });
    expect(statuses(4, [uploaded])).toMatchObject({ 4: 'blocked' });
  });
  it('every document failed OCR: step 3 shows the error', () => {
    expect(statuses(2, [failed])).toMatchObject({ 3: 'error' });
    expect(statuses(2, [failed, uploaded])).toMatchObject({ 3: 'in_progress' });
  });
  it('review and court submission are in progress only when current', () => {
    expect(statuses(5, [ocrDone])).toMatchObject({ 5: 'in_progress', 6: 'blocked' });
    expect(statuses(6, [ocrDone])).toMatchObject({ 5: 'blocked', 6: 'in_progress' });
  });
});

describe('step statuses with auto-advance off', () => {
  it('the server’s steps when it has them', () => {
    const s = stepStatuses({ autoAdvance: false, current: 2, documents: [ocrDone], serverSteps: [{ id: 1, status: 'done' }, { id: 4, status: 'error' }] });
    expect(s).toEqual({ 1: 'done', 2: 'in_progress', 3: 'blocked', 4: 'error', 5: 'blocked', 6: 'blocked' });
  });
  it('otherwise the current step in progress and the rest blocked, whatever the documents', () => {
    const s = stepStatuses({ autoAdvance: false, current: 3, documents: [ocrDone] });
    expect(s).toEqual({ 1: 'blocked', 2: 'blocked', 3: 'in_progress', 4: 'blocked', 5: 'blocked', 6: 'blocked' });
  });
});

describe('steps 4 to 6 follow the documents', () => {
  const linked = { ocrStatus: 'completed', status: 'completed', aiProcessingStatus: 'completed', has_links: true, lawyerReviewed: false, reviewStatus: null, courtSubmitted: false } as const;
  const approved = { ...linked, lawyerReviewed: true, reviewStatus: 'approved' } as const;
  const submitted = { ...approved, courtSubmitted: true } as const;
  const linking = { ...linked, aiProcessingStatus: 'processing', has_links: false } as const;
  const statuses = (current: StepId, documents: object[]) => stepStatuses({ autoAdvance: true, current, documents: documents as never });

  it('links built: hyperlinking done and review open, on any page of the case', () => {
    expect(statuses(3, [linked])).toMatchObject({ 4: 'done', 5: 'in_progress', 6: 'blocked' });
    expect(statuses(2, [linked, ocrDone])).toMatchObject({ 4: 'done', 5: 'in_progress' });
  });
  it('links being built: hyperlinking in progress, not done', () => {
    expect(statuses(3, [linking])).toMatchObject({ 4: 'in_progress', 5: 'blocked' });
    expect(statuses(3, [linked, linking])).toMatchObject({ 4: 'in_progress', 5: 'in_progress' });
  });
  it('a rejected document keeps review open', () => {
    expect(statuses(3, [{ ...linked, reviewStatus: 'rejected' }])).toMatchObject({ 5: 'in_progress', 6: 'blocked' });
  });
  it('every linked document approved: review done, submission open', () => {
    expect(statuses(3, [approved])).toMatchObject({ 4: 'done', 5: 'done', 6: 'in_progress' });
    expect(statuses(3, [approved, linked])).toMatchObject({ 5: 'in_progress', 6: 'in_progress' });
  });
  it('submitted: submission done only when nothing approved or linked is left waiting', () => {
    expect(statuses(3, [submitted])).toMatchObject({ 5: 'done', 6: 'done' });
    expect(statuses(3, [submitted, approved])).toMatchObject({ 5: 'done', 6: 'in_progress' });
    expect(statuses(3, [submitted, linked])).toMatchObject({ 5: 'in_progress', 6: 'in_progress' });
  });
});
