import { isFirst, isSuccessor, type Label, labelMatch } from '../labels.ts';
import type { ParsedRow } from '../parse-row.ts';
import { type AssemblyState, family, nextLabel, readByOcr } from './state.ts';

/**
 * Placing a labelled row in the list: the level whose last label its label continues (1 → 2, A → B, 5 → 5A),
 * a first sub-label opening a level under the entry above (I → A → 1), a label OCR read as its look-alike, a
 * numbering gap, a list that starts over, a series under a keyword of its own. Null: the row continues no level.
 */

/**
 * Where a labelled row fits in the list, or null when it does not continue it. `afterBreak`: the row right
 * above ends a block (`---oOo---`, a heading in capitals).
 */
export function placeLabel(s: AssemblyState, pr: ParsedRow, couldContinue: boolean, afterBreak = false): { depth: number; reading: Label } | null {
  const readings = [...pr.labels].sort((a, b) => Number(a.ocrGuess ?? false) - Number(b.ocrGuess ?? false));
  // `I.` set where this index's numbered sub-entries stand, under `H.`: OCR's `1.`, the first of them, not
  // the letter after H (which would stand where H does).
  const subHere = opensKnownLevel(s, pr, readings);
  const firstHere = firstSubLabel(s, pr, readings);
  for (let d = s.stack.length - 1; d >= 0; d--) {
    const level = s.stack[d]!;
    if (subHere && Math.abs(pr.labelX - level.x) > 12) continue;
    // set well right of the entries it would follow, on the same page: it opens a level under them
    if (firstHere && pr.labelX > level.x + 12 && s.current?.page === pr.row.page) continue;
    for (const r of readings) {
      const prev = level.slot.readings.find((p) => family(p.kind) === family(r.kind) && isSuccessor(p, r));
      if (prev) {
        level.slot.readings = [prev];
        return { depth: d, reading: r };
      }
    }
  }
  if (s.stack.length === 0) {
    return { depth: 0, reading: readings[0]! };
  }
  // `II.` where `1.` opened the list, at its indentation: OCR read `I.` as `1.` (a list's first label
  // of one kind whose look-alike in another kind comes right before this row's)
  for (let d = s.stack.length - 1; d >= 0 && readByOcr(pr); d--) {
    const level = s.stack[d]!;
    if (Math.abs(pr.labelX - level.x) > 8 || level.slot.readings.length !== 1) continue;
    const had = level.slot.readings[0]!;
    if (!isFirst(had)) continue;
    for (const r of readings) {
      const prev = nextLabel(r, -1);
      if (prev && family(prev.kind) !== family(had.kind) && labelMatch(prev.text, had.text) > 0) {
        level.slot.readings = [prev];
        return { depth: d, reading: r };
      }
    }
  }
  // `I.` after `II.` at its indentation, on a page read by OCR: `III.` with strokes lost (a roman numeral of
  // strokes alone is read with fewer of them; a list starting over after two entries is far rarer, and `I.`
  // after `I.` is one: a motion's one part, then its memorandum's)
  for (let d = s.stack.length - 1; d >= 0 && readByOcr(pr); d--) {
    const level = s.stack[d]!;
    if (Math.abs(pr.labelX - level.x) > 8) continue;
    const had = level.slot.readings.find((p) => p.kind === 'roman');
    const next = had && nextLabel(had);
    if (next && next.text === 'III' && readings.some((r) => r.kind === 'roman' && /^I+$/.test(r.text) && r.value < next.value)) {
      level.slot.readings = [had];
      return { depth: d, reading: next };
    }
    break;
  }
  // A row lost (OCR) or a numbering gap: a later label of the same kind at the same indentation.
  for (let d = s.stack.length - 1; d >= 0; d--) {
    const level = s.stack[d]!;
    if (Math.abs(pr.labelX - level.x) > 8) continue;
    for (const r of readings) {
      const prev = level.slot.readings.find((p) => family(p.kind) === family(r.kind) && r.value > (p.major ?? p.value) && r.value - (p.major ?? p.value) <= 5);
      // In a table the label stands in its own column and the text where the item above begins its text.
      const c = s.current;
      const tabled = c !== null && pr.descX !== undefined && Math.abs(pr.descX - c.descX) <= 4 && pr.labelX < c.descX - 10;
      if (prev && !r.ocrGuess && (!couldContinue || tabled || pr.keyword !== null || pr.pageRef !== undefined || pr.row.leader)) {
        level.slot.readings = [prev];
        return { depth: d, reading: r };
      }
    }
  }
  // A first sub-label opens a level under the current entry: it must be indented and be a kind
  // not used above, and (unless it is a parenthesised sub-label) the index must carry page numbers.
  const top = s.stack[s.stack.length - 1]!;
  const used = new Set(s.stack.filter((l) => l.slot.readings.length === 1).map((l) => family(l.slot.readings[0]!.kind)));
  for (const r of readings) {
    if (!isFirst(r) || used.has(family(r.kind))) continue;
    const paren = r.kind.startsWith('paren');
    const refs = pr.pageRef !== undefined || s.current?.pageRef !== undefined;
    // A sub-level seen before at this indentation (page numbers may be lost in OCR).
    const known = s.levelX.get(family(r.kind));
    const seen = known !== undefined && Math.abs(known - pr.labelX) <= 8;
    // `A   Exhibit "A" – …` in the tab column right under an affidavit's tab: that tab's exhibits.
    const exhibitRow = /^exhibit$/i.test(pr.desc[0]?.text ?? '') && labelMatch(r.text, pr.desc[1]?.text ?? '', false) > 0;
    if ((pr.labelX > top.x + 4 && (paren || refs || seen)) || exhibitRow) {
      for (const l of s.stack) {
        if (l.slot.readings.length > 1) {
          const keep = l.slot.readings.filter((p) => family(p.kind) !== family(r.kind));
          if (keep.length > 0) l.slot.readings = keep;
        }
      }
      return { depth: s.stack.length, reading: r };
    }
  }
  // `3.` after two entries blacked out whole under `A.`: they were 1 and 2, their labels under the boxes.
  if (s.redactedRun > 0 && pr.labelX > top.x + 4) {
    const r = readings.find((x) => !x.ocrGuess && x.value === s.redactedRun + 1 && !used.has(family(x.kind)));
    if (r) return { depth: s.stack.length, reading: r };
  }
  const root = s.stack[0]!;
  // The list starts over at its own indentation (`I. INTRODUCTION …… 14` after a motion's `I.` to `VII.`:
  // the next part of the document), where the row carries its page number.
  if (pr.pageRef !== undefined && pr.keyword === null && Math.abs(pr.labelX - root.x) <= 4) {
    const r = readings.find((x) => isFirst(x) && root.slot.readings.some((p) => family(p.kind) === family(x.kind)));
    if (r) return { depth: 0, reading: r };
  }
  // A block of its own (`REFERENCE TO PREVIOUSLY MARKED EXHIBITS` in a deposition index): rows naming their
  // keyword (`Exhibit 8` after `Exhibit 19`) number their items as the whole case does, not from this list.
  if (afterBreak && pr.keyword !== null && pr.keyword === s.out.items[s.out.items.length - 1]?.keyword && Math.abs(pr.labelX - root.x) <= 8) {
    return { depth: 0, reading: readings[0]! };
  }
  // A new series under a keyword of its own after the list (`SCHEDULE "A" – …` after PART V).
  if (pr.keyword !== null && s.current !== null && pr.keyword !== s.current.keyword && Math.abs(pr.labelX - root.x) <= 8) {
    const r = readings.find((x) => isFirst(x));
    if (r) return { depth: 0, reading: r };
  }
  return null;
}

/** Whether a reading of the row's label is the first of a kind not open now, set right of the entry above. */
function firstSubLabel(s: AssemblyState, pr: ParsedRow, readings: Label[]): boolean {
  const top = s.stack[s.stack.length - 1];
  if (!top || pr.labelX <= top.x + 12) return false;
  const used = new Set(s.stack.map((l) => family(l.slot.readings[0]!.kind)));
  return readings.some((r) => isFirst(r) && !used.has(family(r.kind)));
}

/** Whether a reading of the row's label is the first of a sub-level seen before at the row's indentation, not open now. */
function opensKnownLevel(s: AssemblyState, pr: ParsedRow, readings: Label[]): boolean {
  const top = s.stack[s.stack.length - 1];
  if (!top || pr.labelX <= top.x + 4) return false;
  const used = new Set(s.stack.map((l) => family(l.slot.readings[0]!.kind)));
  return readings.some((r) => {
    const known = s.levelX.get(family(r.kind));
    return isFirst(r) && !used.has(family(r.kind)) && known !== undefined && Math.abs(known - pr.labelX) <= 6;
  });
}
