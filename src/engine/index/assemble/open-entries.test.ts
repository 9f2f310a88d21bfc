import { describe, expect, it } from 'vitest';
import { parsedRowsOf } from '../make-parsed-rows.ts';
import { newAssemblyState } from './state.ts';
import { openLabelled, openUnlabelled, openUnpaged, pageColumnHeader } from './open-entries.ts';

describe('opening entries', () => {
  it('a labelled entry: its path, page number and description', () => {
    const [r] = parsedRowsOf([{ text: '3. | Affidavit of Jane Smith ........ 14', cols: [72, 108] }]);
    const s = newAssemblyState(false);
    openLabelled(s, r!, { depth: 0, reading: r!.labels[0]! });
    const d = s.out.items[0]!;
    expect(d.path.map((p) => p.readings.map((l) => l.text))).toEqual([['3']]);
    expect(d.pageRef).toBe('14');
    expect(d.words).toEqual(['Affidavit', 'of', 'Jane', 'Smith']);
    expect(s.current).toBe(d);
  });

  it('`A   Exhibit "A" – Letter …`: the keyword and label repeated in the text name the item\'s type', () => {
    const [r] = parsedRowsOf([{ text: 'A | Exhibit "A" – Letter of May 4', cols: [72, 108] }]);
    const s = newAssemblyState(false);
    openLabelled(s, r!, { depth: 0, reading: r!.labels[0]! });
    expect(s.out.items[0]!.keyword).toBe('exhibit');
    expect(s.out.items[0]!.words).toEqual(['Letter', 'of', 'May', '4']);
  });

  it('an unlabelled entry takes the lines of its title waiting right above it', () => {
    const [a, b] = parsedRowsOf(['STATEMENT OF THE', 'CASE ........ 4']);
    const s = newAssemblyState(true);
    s.pending = [a!];
    openUnlabelled(s, b!);
    expect(s.out.items[0]!.words).toEqual(['STATEMENT', 'OF', 'THE', 'CASE']);
    expect(s.out.items[0]!.pageRef).toBe('4');
    expect(s.pending).toEqual([]);
  });

  it('but not a line a blank line above it', () => {
    const [a, b] = parsedRowsOf([{ text: 'STATEMENT OF THE', y: 72 }, { text: 'CASE ........ 4', y: 120 }]);
    const s = newAssemblyState(true);
    s.pending = [a!];
    openUnlabelled(s, b!);
    expect(s.out.items[0]!.words).toEqual(['CASE']);
  });

  it('an unpaged entry closes the levels at its indentation and takes no row after it', () => {
    const [one, cert] = parsedRowsOf([{ text: 'I. | ARGUMENT ........ 1', cols: [72, 108] }, 'CERTIFICATE OF SERVICE']);
    const s = newAssemblyState(true);
    openLabelled(s, one!, { depth: 0, reading: one!.labels[0]! });
    openUnpaged(s, cert!);
    expect(s.stack).toEqual([]);
    expect(s.current).toBeNull();
    expect(s.out.items[1]!.pageRef).toBeUndefined();
  });

  it('a row ending in `PAGE` over the entry\'s page number heads the page column', () => {
    const [head, entry, other] = parsedRowsOf(['EXAMINATION BY: | PAGE', 'MR. GWILLIAM | 7', 'MR. GWILLIAM | 7']);
    const headX = head!.row.words[head!.row.words.length - 1]!.bbox[0];
    expect(entry!.refTokens![0]!.bbox[0] - headX).toBeLessThan(40);
    expect(pageColumnHeader(head!, entry!)).toBe(true);
    expect(pageColumnHeader(other!, entry!)).toBe(false);
  });
});
