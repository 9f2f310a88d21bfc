import { describe, expect, it } from 'vitest';
import { makePage } from './make-page-text.ts';
import { REDACTED, withRedactions } from './redactions.ts';
import { pageRows } from './rows.ts';

describe('the black boxes of a redacted filing read as [redacted] where they stand', () => {
  // `E. Eolas uses the information received in ▇▇▇▇ in` / `connection with the amendments . . . 15`
  const first = makePage(2, { rows: [{ text: 'E. Eolas uses the information received in', x: 100, y: 100, splitColumns: false }] }).lines[0]!;
  const end = first.bbox[2];
  const page = makePage(2, { rows: [
    { text: 'E. Eolas uses the information received in', x: 100, y: 100, splitColumns: false },
    { text: 'in', x: end + 60, y: 100 },
    { text: 'connection with the amendments ........ 15', x: 177, y: 118 },
  ] });

  it('puts a word [redacted] into the line, in its place, for a box over blank paper', () => {
    const out = withRedactions(page, [[end + 4, 100, end + 35, 112], [end + 38, 101, end + 56, 112]]);
    const line = out.lines.find((l) => l.text.startsWith('E.'))!;
    expect(pageRows(out).map((r) => r.text)).toContain('E. Eolas uses the information received in [redacted] in');
    // two boxes side by side are one span
    expect(line.words.filter((w) => w.text === REDACTED)).toHaveLength(1);
  });

  it('leaves out a box behind words that are still there (a dark band behind text), and a page with none as it is', () => {
    const behind = withRedactions(page, [[177, 118, 300, 130]]);
    expect(behind.lines.flatMap((l) => l.words).some((w) => w.text === REDACTED)).toBe(false);
    expect(withRedactions(page, [])).toBe(page);
  });

  it('stands as a line of its own where no line is (a heading blacked out whole)', () => {
    const out = withRedactions(page, [[177, 160, 480, 172]]);
    expect(out.lines.at(-1)!.text).toBe(REDACTED);
  });
});
