import { describe, expect, it } from 'vitest';
import { outlineLevel, outlineTitle } from './outline-title.ts';

describe('outline titles', () => {
  it('names items by their type word and label, with the description after an en dash', () => {
    expect(outlineTitle({ type: 'tab', label: '3', text: 'Affidavit of  Jane Doe' })).toBe('Tab 3 – Affidavit of Jane Doe');
    expect(outlineTitle({ type: 'exhibit', label: 'C', text: 'Lease' })).toBe('Exhibit C – Lease');
    expect(outlineTitle({ type: 'schedule', label: '2', text: '' })).toBe('Schedule 2');
    expect(outlineTitle({ type: 'appendix', label: 'A', text: 'Statutes' })).toBe('Appendix A – Statutes');
    expect(outlineTitle({ type: 'document', label: '5A', text: 'Letter' })).toBe('Document 5A – Letter');
    expect(outlineLevel({ type: 'tab', label: '5A' })).toBe(0);
  });

  it('reads table-of-contents sections as printed and nests them by label', () => {
    expect(outlineTitle({ type: 'section', label: 'I', text: 'INTRODUCTION' })).toBe('I. INTRODUCTION');
    expect(outlineTitle({ type: 'section', label: 'I.A', text: 'Qualifications' })).toBe('A. Qualifications');
    expect(outlineTitle({ type: 'section', label: 'V.C.2', text: 'Market shares' })).toBe('2. Market shares');
    expect([outlineLevel({ type: 'section', label: 'I' }), outlineLevel({ type: 'section', label: 'I.A' }),
      outlineLevel({ type: 'section', label: 'V.C.2' })]).toEqual([0, 1, 2]);
  });

  it('names an entry printed without a label by its description alone', () => {
    expect(outlineTitle({ type: 'section', label: '', text: 'ARGUMENT' })).toBe('ARGUMENT');
    expect(outlineTitle({ type: 'document', label: '', text: 'Notice of  Motion' })).toBe('Notice of Motion');
    expect(outlineLevel({ type: 'section', label: '' })).toBe(0);
  });
});
