import { ANCHORS, type Candidate } from './candidates.ts';

/**
 * Chooses at most one candidate per item so that the chosen pages follow index order and the total
 * score is highest (dynamic programming over items × candidates). Two items may share a page only
 * when neither is anchored there by a divider, marker or cover page (sections of a report often
 * start on the same page; tabs never do). Returns the chosen candidate index per item, or -1.
 */
export function chooseSequence(cands: Candidate[][]): number[] {
  const n = cands.length;
  // best[i][j]: highest total of a valid sequence whose last chosen item is i with candidate j.
  const best: number[][] = cands.map((cs) => cs.map(() => 0));
  const from: Array<Array<[number, number] | null>> = cands.map((cs) => cs.map(() => null));
  const anchored = cands.map((cs) => cs.map((c) => c.evidence.some((e) => ANCHORS.has(e.kind))));
  for (let i = 0; i < n; i++) {
    const ci = cands[i]!;
    for (let j = 0; j < ci.length; j++) {
      const c = ci[j]!;
      let bestPrev = 0;
      let arg: [number, number] | null = null;
      for (let a = 0; a < i; a++) {
        const ca = cands[a]!;
        for (let b = 0; b < ca.length; b++) {
          const p = ca[b]!;
          const ok = p.pos < c.pos || (p.pos === c.pos && !anchored[a]![b] && !anchored[i]![j]);
          if (ok && best[a]![b]! > bestPrev) {
            bestPrev = best[a]![b]!;
            arg = [a, b];
          }
        }
      }
      best[i]![j] = c.score + bestPrev;
      from[i]![j] = arg;
    }
  }
  let top = 0;
  let end: [number, number] | null = null;
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < cands[i]!.length; j++) {
      if (best[i]![j]! > top) {
        top = best[i]![j]!;
        end = [i, j];
      }
    }
  }
  const chosen = new Array<number>(n).fill(-1);
  while (end) {
    chosen[end[0]] = end[1];
    end = from[end[0]]![end[1]]!;
  }
  return chosen;
}
