import { openPdf } from '../pdf/index.ts';
import { readDocFacts, type DocFacts } from '../pdf/court-facts.ts';
import { freeCorner, readPageFacts, resampleImages, saveCompact, saveQuick, setDefaultView100, stampText, turnUpright, writeVolume } from '../pdf/court-fixes.ts';
import type { PdfSource } from '../pdf/types.ts';
import { bookmarkShowsPage, markFixed, preflight, showsPageNumber, type IndexEntry, type PreflightReport } from './preflight.ts';
import type { CourtProfile, RuleId } from './types.ts';

/** Check a written file against a profile: the file read back, page by page. */
export function preflightFile(source: PdfSource, bytes: number, profile: CourtProfile, opts: { name: string; indexEntries?: IndexEntry[]; firstPage?: number } ): PreflightReport {
  const pdf = openPdf(source);
  try {
    const facts = readDocFacts(pdf);
    return preflight(profile, { name: opts.name, bytes, facts, ...(opts.indexEntries ? { indexEntries: opts.indexEntries } : {}) });
  } finally {
    pdf.close();
  }
}

/**
 * Volumes of at most `limit` pages, each ending where a document ends (`starts`: the first pages of
 * the documents, the file's top-level bookmarks) when one ends inside the limit; a document longer
 * than the limit is cut at the limit. Returns [first, last] pages, 1-based.
 */
export function planVolumes(pages: number, starts: number[], limit: number): Array<[number, number]> {
  const bounds = [...new Set(starts)].filter((p) => p > 1 && p <= pages).sort((a, b) => a - b);
  const out: Array<[number, number]> = [];
  let first = 1;
  while (first <= pages) {
    const most = first + limit - 1;
    if (most >= pages) {
      out.push([first, pages]);
      break;
    }
    const cut = bounds.filter((b) => b > first && b <= most + 1).pop();
    const last = cut ? cut - 1 : most;
    out.push([first, last]);
    first = last + 1;
  }
  return out;
}

export interface FixedVolume {
  name: string;
  bytes: Uint8Array;
  /** Its first page in the whole file (the printed numbers run on across volumes). */
  firstPage: number;
  report: PreflightReport;
}

export interface FixOutcome {
  /** The file as given, checked. */
  before: PreflightReport;
  /** The fixed file: one, or its volumes. */
  volumes: FixedVolume[];
  /** What was changed, by rule, in words (the hyperlink report lists them). */
  fixes: Partial<Record<RuleId, string[]>>;
}

const base = (name: string) => name.replace(/\.pdf$/i, '');

/**
 * Apply what the profile asks that can be fixed in the file itself, in this order: pages turned
 * upright; images over the resolution resampled; a page number stamped where none is shown, in a
 * corner free of text, with page labels to match; bookmarks given their page numbers; the view set to
 * 100%; saved compacted; split into volumes at document boundaries. Every output is read back and
 * checked again; a rule that failed and now passes is `fixed`.
 */
export function fixForCourt(bytes: Uint8Array, profile: CourtProfile, opts: { name: string; indexEntries?: IndexEntry[] }): FixOutcome {
  const fixes: Partial<Record<RuleId, string[]>> = {};
  const note = (rule: RuleId, what: string) => (fixes[rule] ??= []).push(what);
  const pdf = openPdf(bytes);
  let written: Uint8Array;
  let before: PreflightReport;
  let outline: DocFacts['outline'];
  let labels: string[] | null = null;
  try {
    const facts = readDocFacts(pdf);
    before = preflight(profile, { name: opts.name, bytes: bytes.length, facts, ...(opts.indexEntries ? { indexEntries: opts.indexEntries } : {}) });
    const pages = facts.pages;
    if (profile.upright) {
      const turned: number[] = [];
      for (const p of pages) {
        if (p.direction && p.glyphs >= 20) {
          turnUpright(pdf, p.page, p.direction);
          turned.push(p.page);
          pages[p.page - 1] = readPageFacts(pdf, p.page);
        }
      }
      if (turned.length) note('upright', `${turned.length} page(s) turned to read left to right (/Rotate): ${turned.slice(0, 12).join(', ')}${turned.length > 12 ? ' …' : ''}`);
    }
    if (profile.maxImageDpi) {
      const r = resampleImages(pdf, pages, profile.maxImageDpi.value);
      if (r.replaced.length) {
        const top = Math.max(...r.replaced.map((x) => x.dpiBefore));
        note('maxImageDpi', `${r.replaced.length} image(s) resampled from up to ${top} dpi to ${profile.maxImageDpi.value} dpi`);
        if (profile.maxFileMb) note('maxFileMb', `images resampled to ${profile.maxImageDpi.value} dpi`);
      }
      for (const k of r.kept) note('maxImageDpi', `p. ${k.page}: not resampled (${k.why})`);
    }
    if (profile.numbering) {
      let stamped = 0;
      const blocked: number[] = [];
      for (const p of pages) {
        if (showsPageNumber(p)) continue;
        const text = String(p.page);
        const spot = freeCorner(p, text);
        if (!spot) {
          blocked.push(p.page);
          continue;
        }
        stampText(pdf, p.page, text, spot.x, spot.y);
        stamped++;
      }
      labels = pages.map((p) => String(p.page));
      pdf.setPageLabels(labels);
      if (stamped) note('numbering', `page numbers stamped on ${stamped} page(s), in a corner free of text; page labels set to the PDF page numbers`);
      if (blocked.length) note('numbering', `no corner free of text on ${blocked.length} page(s) (${blocked.slice(0, 12).join(', ')}): not stamped`);
    }
    outline = pdf.outline();
    if (profile.bookmarks?.value === 'page-number' && outline.length) {
      let changed = 0;
      const entries = outline.map((o) => {
        if (o.level !== 0 || o.page === null || bookmarkShowsPage(o.title, o.page)) return { title: o.title, page: o.page ?? 1, level: o.level };
        changed++;
        return { title: `${o.title}, p. ${o.page}`, page: o.page, level: o.level };
      });
      if (changed) {
        pdf.setOutline(entries);
        note('bookmarks', `${changed} bookmark(s) given their page numbers`);
      }
      outline = pdf.outline();
    }
    if (profile.defaultView && before.results.find((r) => r.rule === 'defaultView')?.status === 'fail') {
      setDefaultView100(pdf);
      note('defaultView', 'opens at 100% on page 1 (a destination, no action)');
    }
    // split into volumes: each volume is saved compacted; the whole is only their source
    const splitting = !!profile.pagesPerVolume && before.file.pages > profile.pagesPerVolume.value;
    written = splitting ? saveQuick(pdf) : saveCompact(pdf);
    const failed = (rule: RuleId) => before.results.some((r) => r.rule === rule && r.status === 'fail');
    if (failed('optimised')) note('optimised', 'saved with unused objects dropped and every stream compressed');
    if (failed('unencrypted')) note('unencrypted', 'saved without encryption');
  } finally {
    pdf.close();
  }

  const limit = profile.pagesPerVolume?.value;
  const count = before.file.pages;
  const plan = limit && count > limit ? planVolumes(count, outline.filter((o) => o.level === 0 && o.page !== null).map((o) => o.page!), limit) : [[1, count] as [number, number]];
  if (plan.length > 1) {
    note('pagesPerVolume', `split into ${plan.length} volumes (${plan.map(([a, b]) => `pp. ${a}–${b}`).join(', ')}), each ending at a document's end where one ends within ${limit} pages`);
  }
  const volumes: FixedVolume[] = plan.map(([first, last], i) => {
    const name = plan.length > 1 ? `${base(opts.name)} - Volume ${i + 1}.pdf` : opts.name;
    let out = written;
    if (plan.length > 1) {
      const v = writeVolume(written, first, last, {
        outline: outline.filter((o) => o.page !== null).map((o) => ({ title: o.title, page: o.page!, level: o.level })),
        labels: labels ? labels.slice(first - 1, last) : null,
        defaultView100: !!profile.defaultView,
      });
      out = v.bytes;
      if (v.linksRemoved) note('pagesPerVolume', `volume ${i + 1}: ${v.linksRemoved} link(s) into another volume removed`);
    }
    const readBack = openPdf(out);
    let facts: DocFacts;
    try {
      facts = readDocFacts(readBack);
    } finally {
      readBack.close();
    }
    // a volume's pages carry the bundle's numbers: page i of volume 2 shows (and is labelled) first + i - 1
    if (first > 1) {
      for (const p of facts.pages) p.page += first - 1;
      for (const o of facts.outline) if (o.page !== null) o.page += first - 1;
    }
    const volumeOf = (page: number) => plan.findIndex(([a, b]) => page >= a && page <= b) + 1;
    const entries = opts.indexEntries?.filter((e) => e.page >= first && e.page <= last).map((e) => {
      const local = { ...e, page: e.page - first + 1 };
      return e.targetPage !== undefined && (e.targetPage < first || e.targetPage > last) ? { ...local, otherVolume: volumeOf(e.targetPage) } : local;
    });
    const report = preflight(profile, {
      name,
      bytes: out.length,
      facts,
      ...(entries ? { indexEntries: entries } : {}),
      ...(plan.length > 1 ? { volume: i + 1, volumes: plan.length } : {}),
    });
    return { name, bytes: out, firstPage: first, report: markFixed(before, report, fixes) };
  });
  return { before, volumes, fixes };
}
