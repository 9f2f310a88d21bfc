/**
 * Where the body cites an authority (a case, a statute, a rule), found only so that record references are
 * told apart from them: `Id.` after `Iqbal, 556 U.S. 662, 678` continues the case, not the record cited
 * before it, and `App.` inside `Cal. App. 4th 123` or `Fed. R. App. P. 28` names no appendix. Authorities
 * are linked by a stage of their own; here only their extent matters.
 */
export interface TextSpan {
  from: number;
  to: number;
}

const ORDINAL = '(?:2d|3d|4th|5th|6th)';
/** A reporter: one to four abbreviated words (`U.S.`, `F. Supp. 2d`, `Cal. App. 4th`, `S. Ct.`, `L. Ed. 2d`, `Wn. App.`). */
/** Abbreviations that name a record's documents, never a reporter (`10 Ex. 2` is a footnote's number and an exhibit). */
const NOT_REPORTER = '(?!(?:Exs?|Exh|Dkt|Doc|Tr|App|Add|Decl|Dep|Depo|Aff|Op|Br|Mot|Opp|Compl|Rec|Pet|Resp|Reply|Mem|Hr|Id|Ibid|See|Cf)\\.)';
const REPORTER = `(?:${NOT_REPORTER}[A-Z][A-Za-z]{0,5}\\.(?:\\s?(?:[A-Z][A-Za-z]{0,6}\\.|App(?:'|’)x|${ORDINAL})){0,4})`;
const PIN = '(?:,\\s*(?:at\\s*)?\\*?\\d{1,5}(?:[-–]\\d{1,5})?(?:\\s*(?:&|n\\.)\\s*\\d{1,3})?)*';

const PATTERNS: RegExp[] = [
  // US reporters: 556 U.S. 662, 678; 123 F.3d 45; 2019 WL 123456, at *3
  new RegExp(`\\b\\d{1,4}\\s+${REPORTER}\\s?\\d{1,5}${PIN}(?:\\s*\\([^)]{0,60}\\d{4}\\))?`, 'g'),
  /\b(?:19|20)\d{2}\s+(?:WL|U\.S\.\s?(?:Dist\.|App\.)\s?LEXIS|[A-Z][A-Za-z.]*\s?LEXIS)\s+\d+(?:,\s*at\s*\*\d+(?:[-–]\*?\d+)?)?/g,
  // neutral citations: 2016 SCC 27, at para. 5; [2024] EWHC 1809 (Ch); [2019] EWCA Civ 1
  /\[?\b(?:19|20)\d{2}\]?\s+(?:SCC|SCR|ONCA|ONSC|ONCJ|BCCA|BCSC|ABCA|ABQB|ABKB|QCCA|QCCS|SKCA|MBCA|NSCA|NBCA|NLCA|PECA|FCA|FC|TCC|UKSC|UKPC|UKHL|EWCA\s+(?:Civ|Crim)|EWHC|EWFC|CSIH|CSOH|UKUT|UKFTT)\s+\d+(?:\s*\([A-Za-z ]{1,20}\))?(?:,?\s*at\s+paras?\.?\s*\d+(?:[-–]\d+)?)?/g,
  // Canadian and English reporters: [1990] 1 S.C.R. 1; (1995), 25 O.R. (3d) 1 (C.A.)
  /[[(](?:18|19|20)\d{2}[\])],?\s+(?:\d{1,3}\s+)?[A-Z][A-Za-z.]*(?:\s+[A-Z][A-Za-z.]*){0,3}(?:\s*\(\d[a-z]{1,2}\))?\s+\d{1,5}(?:\s*\([A-Z][A-Za-z.]*\))?/g,
  // statutes and rules
  /\b\d{1,3}\s+U\.\s?S\.\s?C\.(?:\s?A\.)?\s*§§?\s*[\w().-]+/g,
  /§§?\s*\d[\w().:-]*(?:\s*(?:,|and|&|to|[-–])\s*\d[\w().:-]*)*/g,
  /\b(?:Fed\.\s?R\.\s?(?:Civ|Crim|App|Evid|Bankr)\.(?:\s?P\.)?|Fed\.\s?R\.\s?Evid\.|Sup\.\s?Ct\.\s?R\.|Cir\.\s?R\.|L\.\s?R\.|Local\s+Rule|(?:Civ|Crim)\.\s?L\.\s?R\.)\s*\d[\w().-]*/g,
  /\b(?:Rules?|R\.)\s+\d{1,3}(?:\.\d{1,3})*(?:\([a-z0-9]{1,4}\))+/g,
  /\bR\.S\.[A-Z]{1,2}\.\s*(?:19|20)\d{2},\s*c\.\s*[A-Z0-9.-]+(?:,\s*ss?\.\s*[\d().a-z]+)?/g,
  /\bS\.[A-Z]{1,2}\.\s*(?:19|20)\d{2},\s*c\.\s*\d+/g,
  /\bCPR\s+(?:r\.\s*)?\d{1,3}\.\d{1,3}(?:\(\d+\))*/g,
  // case names: `R. v. Jordan`, `Smith v. Jones`; a short form `Jordan, supra`
  /\b[A-Z][\w.'’&-]*\s+v\.?\s+[A-Z][\w.'’&-]*/g,
  /\b[A-Z][a-z]+,\s+supra\b/g,
];

/** The authority citations of a text, in order, overlaps merged. */
export function authoritySpans(text: string): TextSpan[] {
  const spans: TextSpan[] = [];
  for (const re of PATTERNS) {
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
