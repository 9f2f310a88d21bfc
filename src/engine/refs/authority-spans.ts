import { AUTHORITY_PATTERNS } from '../authorities/patterns.ts';

/**
 * Where the body cites an authority (a case, a statute, a rule), found only so that record references are
 * told apart from them: `Id.` after `Iqbal, 556 U.S. 662, 678` continues the case, not the record cited
 * before it, and `App.` inside `Cal. App. 4th 123` or `Fed. R. App. P. 28` names no appendix. The patterns
 * are the authority finder's (`../authorities/patterns.ts`); here only their extent matters.
 */
export interface TextSpan {
  from: number;
  to: number;
}

/** The authority citations of a text, in order, overlaps merged. */
export function authoritySpans(text: string): TextSpan[] {
  const spans: TextSpan[] = [];
  for (const { re } of AUTHORITY_PATTERNS) {
    re.lastIndex = 0;
    for (const m of text.matchAll(re)) spans.push({ from: m.index, to: m.index + m[0].length });
  }
  spans.sort((a, b) => a.from - b.from);
  const out: TextSpan[] = [];
  for (const s of spans) {
    const prev = out[out.length - 1];
    if (prev && s.from <= prev.to) prev.to = Math.max(prev.to, s.to);
    else out.push({ ...s });
  }
  return out;
}
