import type { BBox } from '../types.ts';
import type { DocFacts, PageFacts } from '../pdf/court-facts.ts';
import type { CourtProfile, Limit, ProfileId, RuleId } from './types.ts';
import { RULE_IDS } from './types.ts';

/**
 * Preflight: a court profile's rules checked against the facts read back from a written file
 * (pdf/court-facts.ts). Each rule the profile sets gives one result: `pass`, `fixed` (it failed on
 * the file as reviewed and passes on the file as fixed), `fail` with the pages or objects at fault, or
 * `unchecked` when the file alone cannot tell (index links without the index's entries).
 */

export type RuleStatus = 'pass' | 'fixed' | 'fail' | 'unchecked';

export interface RuleResult {
  rule: RuleId;
  status: RuleStatus;
  /** What the court requires, and where it says so. */
  requirement: string;
  source: string;
  firmDefault: boolean;
  /** What was found, one sentence each: `p. 214 is upside down`. Empty on a pass. */
  findings: string[];
  /** What a fix changed (on `fixed`). */
  fixes?: string[];
}

export interface PreflightReport {
  profile: ProfileId;
  profileName: string;
  /** The file checked, and its volume when split (1-based). */
  file: { name: string; pages: number; bytes: number; volume?: number; volumes?: number };
  results: RuleResult[];
  /** No rule failed. */
  ok: boolean;
}

/** An index entry of the document (review.json's index items): where it stands, to find its link. */
export interface IndexEntry {
  label: string;
  page: number;
  bbox: BBox;
  /** The page of the whole document it links to, when known. */
  targetPage?: number;
  /** In a volume of a split file: the volume its target page is in, when that is another volume. */
  otherVolume?: number;
}

export interface PreflightInput {
  name: string;
  bytes: number;
  facts: DocFacts;
  /** The index entries, when known: each must carry a link. */
  indexEntries?: IndexEntry[];
  volume?: number;
  volumes?: number;
}

const MB = 1048576;
/** Glyphs a page must show before its direction is judged. */
const MIN_GLYPHS_FOR_DIRECTION = 20;
/** Rounding room on image resolution (a 300-dpi scan placed on a page a point smaller reads 302 dpi). */
const DPI_SLACK = 1.05;

/** `p. 3`, `pp. 3–5, 9, 12–14`, at most `max` runs then `and N more`. */
export function pageList(pages: number[], max = 8): string {
  if (pages.length === 1) return `p. ${pages[0]}`;
  const runs: string[] = [];
  for (let i = 0; i < pages.length; ) {
    let j = i;
    while (j + 1 < pages.length && pages[j + 1] === pages[j]! + 1) j++;
    runs.push(j === i ? `${pages[i]}` : `${pages[i]}–${pages[j]}`);
    i = j + 1;
  }
  const shown = runs.slice(0, max).join(', ');
  return `pp. ${shown}${runs.length > max ? ` and ${runs.length - max} more runs` : ''}`;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The words near a page's top and foot, each with its box, read from the glyphs there. */
export function edgeWords(p: PageFacts): Array<{ text: string; box: BBox }> {
  const glyphs = [...p.edgeText].sort((a, b) => (Math.abs(a.box[3] - b.box[3]) > 3 ? a.box[3] - b.box[3] : a.box[0] - b.box[0]));
  const words: Array<{ text: string; box: BBox }> = [];
  let cur: { text: string; box: BBox } | null = null;
  for (const g of glyphs) {
    const space = /\s/.test(g.char);
    const h = g.box[3] - g.box[1];
    const joins = cur && !space && Math.abs(cur.box[3] - g.box[3]) < h * 0.5 && g.box[0] - cur.box[2] < h * 0.35;
    if (space) {
      if (cur) words.push(cur);
      cur = null;
    } else if (joins && cur) {
      cur.text += g.char;
      cur.box = [Math.min(cur.box[0], g.box[0]), Math.min(cur.box[1], g.box[1]), Math.max(cur.box[2], g.box[2]), Math.max(cur.box[3], g.box[3])];
    } else {
      if (cur) words.push(cur);
      cur = { text: g.char, box: [...g.box] as BBox };
    }
  }
  if (cur) words.push(cur);
  return words;
}

/** True when the page shows its PDF page number as a word of its own at its top or foot (`14`, `- 14 -`, `Page 14`). */
export function showsPageNumber(p: PageFacts): boolean {
  if (p.direction !== null && p.direction !== 0) return false; // a number on a page not upright is not read as one
  const n = String(p.page);
  return edgeWords(p).some((w) => w.text.replace(/^[-–(\[]+|[-–)\].]+$/g, '') === n);
}

const BOOKMARK_PAGE = /(?:\bp(?:age|p)?\.?\s*|,\s*|\[|\(|\s)(\d+)\s*[\])]?\s*$/i;

/** True when a bookmark's title ends with the page it goes to (`…, p. 14`, `… (14)`, `… 14`). */
export function bookmarkShowsPage(title: string, page: number): boolean {
  const m = BOOKMARK_PAGE.exec(title);
  return !!m && Number(m[1]) === page;
}

function check(rule: RuleId, limit: Limit<unknown>, input: PreflightInput, sourceTitle: string): RuleResult {
  const { facts } = input;
  const base = { rule, requirement: limit.says, source: sourceTitle, firmDefault: !!limit.firmDefault };
  const result = (findings: string[], status?: RuleStatus): RuleResult => ({ ...base, status: status ?? (findings.length ? 'fail' : 'pass'), findings });
  const pages = facts.pages;
  switch (rule) {
    case 'pagesPerVolume': {
      const max = limit.value as number;
      const what = input.volume ? `Volume ${input.volume}` : 'The file';
      return result(pages.length > max ? [`${what} is ${pages.length} pages; the limit is ${max}`] : []);
    }
    case 'maxFileMb': {
      const max = limit.value as number;
      return result(input.bytes > max * MB ? [`${input.volume ? `Volume ${input.volume}` : 'The file'} is ${(input.bytes / MB).toFixed(1)} MB; the limit is ${max} MB`] : []);
    }
    case 'numbering': {
      const unnumbered = pages.filter((p) => !showsPageNumber(p)).map((p) => p.page);
      const mislabelled = pages.filter((p) => p.label !== String(p.page)).map((p) => p.page);
      const out: string[] = [];
      if (unnumbered.length) out.push(`${plural(unnumbered.length, 'page does', 'pages do')} not show their PDF page number (${pageList(unnumbered)})`);
      if (mislabelled.length) out.push(`${plural(mislabelled.length, 'page has a', 'pages have a')} page label other than the PDF page number (${pageList(mislabelled)})`);
      return result(out);
    }
    case 'bookmarks': {
      const out: string[] = [];
      if (!facts.outline.length) return result(['the file has no bookmarks']);
      for (const b of facts.outline) {
        if (b.page === null) out.push(`bookmark "${b.title}" goes to no page of the file`);
        else if (limit.value === 'page-number' && b.level === 0) {
          if (!bookmarkShowsPage(b.title, b.page)) out.push(`bookmark "${b.title}" lacks its page number (${b.page})`);
        }
      }
      return result(out);
    }
    case 'indexLinks': {
      if (!input.indexEntries) return result(['the index entries are not known to this check: run it on a document with its review (review.json)'], 'unchecked');
      const out: string[] = [];
      // a link from one volume into another would be a link to a file, which no court PDF keeps: such an
      // entry is not held against the volume, and the check says how many there are
      const elsewhere = input.indexEntries.filter((e) => e.otherVolume !== undefined);
      for (const e of input.indexEntries) {
        if (e.otherVolume !== undefined) continue;
        const p = pages[e.page - 1];
        const linked = p?.internalLinks.some((l) => l.targetPage !== null && overlaps(l.rect, e.bbox));
        if (!linked) out.push(`index entry ${e.label} (p. ${e.page}) has no link`);
      }
      if (!out.length && elsewhere.length) {
        return result([`${plural(elsewhere.length, 'index entry goes', 'index entries go')} to another volume (${[...new Set(elsewhere.map((e) => e.otherVolume))].map((v) => `volume ${v}`).join(', ')}): links between files are not kept`], 'pass');
      }
      return result(out);
    }
    case 'searchable': {
      // a page that draws an image and no text is a scan without its text layer; a blank page is not
      const bare = pages.filter((p) => p.bodyTexts === 0 && p.images.length > 0).map((p) => p.page);
      return result(bare.length ? [`${plural(bare.length, 'page has', 'pages have')} no text layer (${pageList(bare)})`] : []);
    }
    case 'upright': {
      const out: string[] = [];
      const turned = pages.filter((p) => p.direction !== null && p.direction !== 0 && p.glyphs >= MIN_GLYPHS_FOR_DIRECTION);
      const say = { 90: 'reads top to bottom (turned clockwise)', 180: 'is upside down', 270: 'reads bottom to top (turned anticlockwise)' } as const;
      for (const p of turned.slice(0, 20)) out.push(`p. ${p.page} ${say[p.direction as 90 | 180 | 270]}`);
      if (turned.length > 20) out.push(`and ${turned.length - 20} more pages not upright`);
      return result(out);
    }
    case 'defaultView':
      return result(facts.openZoom === 1 ? [] : [facts.openZoom === null ? 'the file opens at the viewer’s own zoom, not 100%' : `the file opens at ${Math.round(facts.openZoom * 100)}%, not 100%`]);
    case 'maxImageDpi': {
      const max = limit.value as number;
      const over = pages.map((p) => ({ page: p.page, dpi: Math.max(0, ...p.images.map((i) => i.dpi)) })).filter((x) => x.dpi > max * DPI_SLACK);
      if (!over.length) return result([]);
      const top = Math.max(...over.map((x) => x.dpi));
      return result([`images at up to ${top} dpi on ${plural(over.length, 'page')} (${pageList(over.map((x) => x.page))}); the limit is ${max} dpi`]);
    }
    case 'optimised':
      return result(facts.uncompressedStreams ? [`${plural(facts.uncompressedStreams, 'stream is', 'streams are')} stored uncompressed`] : []);
    case 'unencrypted':
      return result(facts.encrypted ? ['the file is encrypted'] : []);
  }
}

function overlaps(a: BBox, b: BBox): boolean {
  const w = Math.min(a[2], b[2]) - Math.max(a[0], b[0]);
  const h = Math.min(a[3], b[3]) - Math.max(a[1], b[1]);
  return w > 0 && h > 0;
}

/** Check one written file against a profile. */
export function preflight(profile: CourtProfile, input: PreflightInput): PreflightReport {
  const titles = new Map(profile.sources.map((s) => [s.id, `${s.title}${s.date ? `, ${s.date}` : ''}`]));
  const results: RuleResult[] = [];
  for (const rule of RULE_IDS) {
    const limit = profile[rule] as Limit<unknown> | undefined;
    if (limit) results.push(check(rule, limit, input, titles.get(limit.source) ?? limit.source));
  }
  return {
    profile: profile.id,
    profileName: profile.name,
    file: {
      name: input.name,
      pages: input.facts.pages.length,
      bytes: input.bytes,
      ...(input.volume ? { volume: input.volume, volumes: input.volumes ?? input.volume } : {}),
    },
    results,
    ok: results.every((r) => r.status !== 'fail'),
  };
}

/** The report of a fixed file: a rule that failed before and passes now is `fixed`, with what was done. */
export function markFixed(before: PreflightReport, after: PreflightReport, fixes: Partial<Record<RuleId, string[]>>): PreflightReport {
  const was = new Map(before.results.map((r) => [r.rule, r.status]));
  const results = after.results.map((r) => {
    const did = fixes[r.rule];
    return r.status === 'pass' && was.get(r.rule) === 'fail' ? { ...r, status: 'fixed' as const, ...(did?.length ? { fixes: did } : {}) } : r;
  });
  return { ...after, results, ok: results.every((r) => r.status !== 'fail') };
}

/** The report as plain text (the CLI, preflight.txt in the court package). */
export function preflightText(reports: PreflightReport[]): string {
  const lines: string[] = [];
  for (const r of reports) {
    const vol = r.file.volume ? ` (volume ${r.file.volume} of ${r.file.volumes})` : '';
    lines.push(`Preflight: ${r.file.name}${vol} against ${r.profileName}`);
    lines.push(`${r.file.pages} pages, ${(r.file.bytes / MB).toFixed(2)} MB: ${r.ok ? 'no rule fails' : `${r.results.filter((x) => x.status === 'fail').length} rule(s) fail`}`);
    for (const x of r.results) {
      lines.push(`  ${x.status.toUpperCase().padEnd(9)} ${x.rule}: ${x.requirement}${x.firmDefault ? ' [firm default]' : ''}`);
      lines.push(`            source: ${x.source}`);
      for (const f of x.fixes ?? []) lines.push(`            fixed: ${f}`);
      for (const f of x.findings) lines.push(`            - ${f}`);
    }
    lines.push('');
  }
  return `${lines.join('\n')}`;
}
