import { describe, expect, it } from 'vitest';
import { caseStepStatuses, currentStepFromPath, shownCaseId, workflowView, type DocFacts } from './workflow.ts';

// A document in each state of spec §4, as the documents list gives it.
const uploading = { ocrStatus: 'pending', status: 'awaiting-file' } as const;
const reading = { ocrStatus: 'processing', status: 'processing', aiProcessingStatus: 'none' } as const;
const unreadable = { ocrStatus: 'failed', status: 'failed', aiProcessingStatus: 'none' } as const;
const read = { ocrStatus: 'completed', status: 'completed', aiProcessingStatus: 'none', has_links: false, lawyerReviewed: false, reviewStatus: null, courtSubmitted: false } as const;
const linkQueued = { ...read, aiProcessingStatus: 'queued' } as const;
const linking = { ...read, aiProcessingStatus: 'processing' } as const;
const linkFailed = { ...read, aiProcessingStatus: 'failed' } as const;
const linked = { ...read, aiProcessingStatus: 'completed', has_links: true } as const;
const noLinks = { ...read, aiProcessingStatus: 'completed', has_links: false } as const;
const rejected = { ...linked, reviewStatus: 'rejected' } as const;
const approved = { ...linked, lawyerReviewed: true, reviewStatus: 'approved' } as const;
const submitted = { ...approved, courtSubmitted: true } as const;

const view = (documents: DocFacts[], pathname = '/cases/c1') => workflowView({ hasCase: true, autoAdvance: true, pathname, documents });

describe('the steps follow the documents (auto-advance on): one current step, the truth about each', () => {
  it.each([
    ['a new case', [], 2, ['done', 'ready', 'blocked', 'blocked', 'blocked', 'blocked']],
    ['a file still being uploaded', [uploading], 2, ['done', 'ready', 'blocked', 'blocked', 'blocked', 'blocked']],
    ['a document being read', [reading], 3, ['done', 'done', 'in_progress', 'blocked', 'blocked', 'blocked']],
    ['every document unreadable', [unreadable], 3, ['done', 'done', 'error', 'blocked', 'blocked', 'blocked']],
    ['read: hyperlinking is next, not "not available"', [read], 4, ['done', 'done', 'done', 'ready', 'blocked', 'blocked']],
    ['links queued', [linkQueued], 4, ['done', 'done', 'done', 'in_progress', 'blocked', 'blocked']],
    ['links being built', [linking], 4, ['done', 'done', 'done', 'in_progress', 'blocked', 'blocked']],
    ['link building failed', [linkFailed], 4, ['done', 'done', 'done', 'error', 'blocked', 'blocked']],
    ['links built: review is next', [linked], 5, ['done', 'done', 'done', 'done', 'ready', 'blocked']],
    ['no index found: its pages are set by hand in review', [noLinks], 5, ['done', 'done', 'done', 'done', 'ready', 'blocked']],
    ['rejected: review again', [rejected], 5, ['done', 'done', 'done', 'done', 'ready', 'blocked']],
    ['approved: filing is next', [approved], 6, ['done', 'done', 'done', 'done', 'done', 'ready']],
    ['filed: every step done', [submitted], 6, ['done', 'done', 'done', 'done', 'done', 'done']],
  ] as const)('%s', (_name, docs, current, statuses) => {
    const v = view([...docs]);
    expect(v.current).toBe(current);
    expect(Object.values(v.statuses)).toEqual(statuses);
  });

  it('never two steps in progress for the same work, and the highlight is on the first step left to do', () => {
    // one brief read while another is being linked, a third approved: both servers' jobs spin, the case is on step 3
    const v = view([reading, linking, approved]);
    expect(v.statuses).toMatchObject({ 3: 'in_progress', 4: 'in_progress', 5: 'done', 6: 'ready' });
    expect(v.current).toBe(3);
    // a brief to review and one to file: review first; filing waits for the person, it is not "in progress"
    const w = view([linked, approved]);
    expect(w.current).toBe(5);
    expect(w.statuses).toMatchObject({ 5: 'ready', 6: 'ready' });
    expect(Object.values(w.statuses).filter((s) => s === 'in_progress')).toEqual([]);
  });

  it('a new document after a filing brings the case back to the step it needs', () => {
    expect(view([submitted, read]).current).toBe(4);
    expect(view([submitted, reading]).current).toBe(3);
  });

  it('the current step is the same on every screen of the case', () => {
    for (const path of ['/cases/c1', '/cases/c1/ocr', '/cases/c1/review', '/instant', '/links', '/status', '/case-management']) {
      expect(view([linked], path).current).toBe(5);
    }
  });
});

describe('with auto-advance off the person moves: the screen is the current step, the statuses the server’s', () => {
  it('the server’s steps when it has them', () => {
    const v = workflowView({ hasCase: true, autoAdvance: false, pathname: '/cases/c1', documents: [read], serverSteps: [{ id: 1, status: 'done' }, { id: 4, status: 'error' }] });
    expect(v.statuses).toEqual({ 1: 'done', 2: 'blocked', 3: 'in_progress', 4: 'error', 5: 'blocked', 6: 'blocked' });
    expect(v.current).toBe(3);
  });
  it('otherwise the screen’s step in progress and the rest blocked', () => {
    const v = workflowView({ hasCase: true, autoAdvance: false, pathname: '/cases/c1/review', documents: [read] });
    expect(v.statuses).toEqual({ 1: 'blocked', 2: 'blocked', 3: 'blocked', 4: 'blocked', 5: 'in_progress', 6: 'blocked' });
    expect(v.current).toBe(5);
  });
});

describe('without a case', () => {
  it('step 1 is the one to do', () => {
    const v = workflowView({ hasCase: false, autoAdvance: true, pathname: '/case-management', documents: [] });
    expect(v.current).toBe(1);
    expect(v.statuses).toEqual({ 1: 'ready', 2: 'blocked', 3: 'blocked', 4: 'blocked', 5: 'blocked', 6: 'blocked' });
  });
});

describe('the step of the screen', () => {
  it.each([
    ['/case-management', [], 1],
    ['/cases/abc/ocr', [], 3],
    ['/ocr', [], 3],
    ['/hyperlinks', [], 4],
    ['/links', [], 4],
    ['/cases/abc/review', [], 5],
    ['/cases/abc/review/doc1', [], 5],
    ['/cases/abc/workspace', [], 5],
    ['/instant', [], 6],
    ['/court-ready', [], 6],
    ['/cases/abc', [reading], 2],
    ['/cases/abc', [reading, read], 3],
    ['/status', [read], 1],
  ] as const)('%s (%j) → step %i', (path, docs, step) => {
    expect(currentStepFromPath(path, docs)).toBe(step);
  });
});

describe('the case a screen shows (and the sidebar follows)', () => {
  const caseIds = ['c1', 'c2', 'c3'];
  it('the case in the path, whatever else is known', () => {
    expect(shownCaseId({ pathname: '/cases/c2/review', requested: 'c3', lastOpened: 'c1', caseIds: null })).toBe('c2');
  });
  it('else the one asked for, else the last opened, else the first: never none while a case exists', () => {
    expect(shownCaseId({ pathname: '/instant', requested: 'c3', lastOpened: 'c1', caseIds })).toBe('c3');
    expect(shownCaseId({ pathname: '/instant', requested: null, lastOpened: 'c2', caseIds })).toBe('c2');
    expect(shownCaseId({ pathname: '/case-management', requested: null, lastOpened: null, caseIds })).toBe('c1');
    expect(shownCaseId({ pathname: '/case-management', requested: null, lastOpened: 'deleted', caseIds })).toBe('c1');
    expect(shownCaseId({ pathname: '/case-management', requested: null, lastOpened: null, caseIds: [] })).toBeNull();
  });
});

describe('caseStepStatuses', () => {
  it('a document waiting for its file does not count as uploaded', () => {
    expect(caseStepStatuses([uploading, read])[2]).toBe('done');
    expect(caseStepStatuses([uploading])[2]).toBe('ready');
  });
});
