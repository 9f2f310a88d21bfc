import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { detectBrief, linkBrief } from '../../src/engine/pipeline.ts';
import type { PageText } from '../../src/engine/types.ts';
import { FIXTURES, type Fixture, PENDING_FIXTURES, loadFixture } from '../fixtures/index.ts';
import { pagesOf } from '../fixtures/pages-of.ts';
import { scoreFixture } from '../fixtures/score.ts';

/**
 * Accuracy of the whole engine on generated fixtures of every style (exact ground truth) and on the
 * real filings in ../shared/real: items found, destinations right, links read back from the written PDF.
 */
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const REAL = join(ROOT, '..', 'shared', 'real');


const linesOf = (p: PageText | undefined) => (p?.lines ?? []).map((l) => l.text.replace(/\s+/g, ' ').trim()).filter(Boolean);
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const FOOTER = /^(\d+|Page \d+|- \d+ -|Case .* Page \d+ of \d+|Page \d+ of \d+|Tab \S+, p\. \d+)$/;

/** Running headers: lines (digits aside) printed on more than half the pages of a document. */
function runningLines(pages: PageText[]): Set<string> {
  const counts = new Map<string, number>();
  for (const p of pages) for (const l of new Set(linesOf(p).map((t) => t.replace(/\d+/g, '#')))) counts.set(l, (counts.get(l) ?? 0) + 1);
  return new Set([...counts].filter(([, n]) => n > pages.length / 2).map(([l]) => l));
}

/** A heading's words as a reader compares them with its contents row: case, punctuation, `&`, `§`, `No.` and ordinals aside. */
const headingWords = (s: string) => s.toLowerCase().replace(/&/g, ' and ').replace(/§/g, ' section ').replace(/\bno\./g, 'number')
  .replace(/(\d)(?:st|nd|rd|th)\b/g, '$1').split(/[^a-z0-9]+/).filter(Boolean);

/** A heading worded a little differently from its contents row: the same words but one added or dropped. */
function nearlyTitled(line: string, title: string): boolean {
  const [a, b] = [headingWords(line), headingWords(title)];
  if (b.length < 2 || Math.abs(a.length - b.length) > 1) return false;
  const [long, short] = a.length >= b.length ? [a, b] : [b, a];
  let k = 0;
  while (k < short.length && short[k] === long[k]) k++;
  return short.slice(k).join(' ') === long.slice(k + (long.length - short.length)).join(' ');
}

/**
 * Where an item visibly starts, per style: a divider page showing only 'TAB 7', an exhibit cover
 * page, a '*T3' marker, a TOC section heading; 'heading' when only the document's own capitalised
 * heading opens the page (records without dividers).
 */
function startMark(item: Fixture['truth']['items'][number], page: PageText | undefined, running = new Set<string>()): 'mark' | 'heading' | null {
  const lines = linesOf(page).filter((l) => !FOOTER.test(l) && !running.has(l.replace(/\d+/g, '#')));
  if (item.target === 'record' && lines.some((l) => l === `*T${item.label}`)) return 'mark';
  if (item.type === 'exhibit') {
    // A commissioner's cover ('This is Exhibit "C" referred to…', any case) or a bare 'EXHIBIT 4' slip sheet.
    // An exhibit listed under its affidavit's tab is labelled '2.A': its cover names it 'A'.
    const own = escape(item.label.split('.').at(-1) ?? '');
    const cover = new RegExp(`^this is exhibit ["“]${own}["”]`, 'i');
    const slip = new RegExp(`^exhibit ["“]?${own}["”]?$`, 'i');
    return lines.some((l) => cover.test(l)) || (lines.length === 1 && slip.test(lines[0] ?? '')) ? 'mark' : null;
  }
  if (item.type === 'section') {
    const last = escape(item.label.split('.').at(-1) ?? '');
    // a title with a span blacked out in the index: its heading opens with the words before the span
    const redacted = item.text.indexOf('[redacted]');
    const text = escape(redacted >= 0 ? item.text.slice(0, redacted).trim() : item.text);
    const end = redacted >= 0 ? '' : '$';
    const part = new RegExp(`^PART ${escape(item.label)} – ${text}${end}`);
    // A heading with its number, a PART heading, or (reports that drop the numbers) the title alone, any case.
    const bare = new RegExp(`^${text}${end}`, 'i');
    const numbered = new RegExp(`^${last}\\. ${text}${end}`);
    // On pleading paper a heading may wrap over two or three numbered lines, each read with its line number.
    const plain = lines.map((l) => l.replace(/^\d{1,2} (?=\S)/, ''));
    const joined = plain.flatMap((l, i) => [l, `${l} ${plain[i + 1] ?? ''}`.trim(), `${l} ${plain[i + 1] ?? ''} ${plain[i + 2] ?? ''}`.trim()]);
    // (a pro se filing's headings say a little differently what its contents row says, a count's over its title or before it)
    const count = /^count \d+$/i.test(item.label);
    const near = (l: string) => nearlyTitled(l, item.text) || (count && nearlyTitled(l, `${item.label} ${item.text}`));
    return [...lines, ...joined].some((l) => numbered.test(l) || part.test(l) || bare.test(l) || near(l)) ? 'mark' : null;
  }
  // A schedule opening under its own heading ('SCHEDULE "A" – LIST OF AUTHORITIES').
  const titled = new RegExp(`^(SCHEDULE|APPENDIX) "?${escape(item.label)}"? – ${escape(item.text)}$`);
  if (item.type !== 'tab' && lines.some((l) => titled.test(l))) return 'mark';
  // A divider page: the tab alone, or with the document's title under it (letter-spaced text may be read 'Ta b 3').
  const divider = new RegExp(`^(TAB|Tab|SCHEDULE|APPENDIX)${escape(item.label)}$`);
  if (lines.length <= 3 && divider.test((lines[0] ?? '').replace(/ /g, ''))) return 'mark';
  return /^[A-Z][A-ZÉ0-9 .,'&()\-]{3,}$/.test(lines[0] ?? '') ? 'heading' : null;
}

/**
 * A document begins on `page` (one of several filed together with no slip sheet): its stamp or footer reads `Page 1 of N`
 * or the page before's `Page N of N`, the page turns between portrait and landscape, or its footer number is 1 (or it
 * has none and the next page's is 2) after a numbered page.
 */
function documentBegins(prev: PageText | undefined, page: PageText | undefined, next: PageText | undefined): boolean {
  if (!prev || !page) return false;
  const of = (p: PageText) => linesOf(p).map((l) => /\bPage (\d+) of (\d+)\b/.exec(l)).find((m) => m !== null) ?? undefined;
  // (the number alone at the head or foot of the page, a letter's `Page 2` at its head: pleading paper's line numbers stand
  // in its margin, from an inch down)
  const number = (p: PageText | undefined) => p?.lines.filter((l) => l.bbox[1] > 0.88 * p.height || l.bbox[3] < 0.09 * p.height).map((l) => /^(?:Page )?(\d+)$/.exec(l.text.trim())?.[1]).find((n) => n !== undefined);
  const turned = (prev.width > prev.height) !== (page.width > page.height);
  const before = of(prev);
  const restart = number(prev) !== undefined && (number(page) === '1' || (number(page) === undefined && number(next) === '2'));
  return turned || of(page)?.[1] === '1' || (before !== undefined && before[1] === before[2]) || restart;
}

describe('generated fixtures carry their ground truth in the text layer', () => {
  // Pending variants too: their truth must hold even while the engine still misses them.
  for (const spec of [...FIXTURES, ...PENDING_FIXTURES].filter((s) => (s.scanned ?? 'none') === 'none' && s.size === 'small')) {
    test(spec.name, async () => {
      const f = await loadFixture(spec.name);
      const brief = pagesOf(f.brief);
      const record = f.record ? pagesOf(f.record) : [];
      const running = new Map([[brief, runningLines(brief)], [record, runningLines(record)]]);
      const indexText = f.truth.indexPages.map((p) => linesOf(brief[p - 1]).join(' ')).join(' ');
      // A word wrapped at its hyphen ('Cross-' / 'Examination') counts whole, and so does a word ending a sentence ('2019.').
      const tokens = [...indexText.split(' '), ...indexText.replace(/(\p{L}-) (?=\p{L})/gu, '$1').split(' ')];
      // (and a word with its page number glued to it, 'statements?1', 'VENUE4')
      const indexWords = new Set([...tokens, ...tokens.map((t) => t.replace(/[.,;:]$/, '')), ...tokens.map((t) => t.replace(/(?<=[A-Za-z][.?]?)\d{1,4}$/, ''))]);
      // A text layer that lies is set aside when the page is read (it is OCR'd): nothing of it is left to check.
      if (spec.garbledIndex) expect(indexText.trim(), 'the lying layer is set aside').toBe('');
      for (const item of f.truth.items) {
        // (a span blacked out in a redacted filing is on the index as a black box, not as words)
        const shown = item.text.replace(/\[redacted(?: heading)?\]/g, ' ').split(' ').filter(Boolean);
        if (!spec.garbledIndex) for (const word of shown) expect(indexWords, `${item.label}: '${word}' on the index`).toContain(word);
        // A row pointing at a page the file does not hold: nothing to find, and no page printed with its number.
        if (item.noDestination) {
          expect(item.targetPage).toBe(0);
          expect(f.truth.printedPages ?? [], `${item.label}: page ${item.printedPage} is not in the file`).not.toContain(item.printedPage);
          continue;
        }
        // A transcript reference: the page printed with that number.
        if (item.startsAtPrinted) {
          expect(f.truth.printedPages?.indexOf(item.printedPage ?? '-'), `${item.label}: printed ${item.printedPage}`).toBe(item.targetPage - 1);
          expect(linesOf(brief[item.targetPage - 1]), `${item.label}: page ${item.targetPage} prints ${item.printedPage}`)
            .toContain(`Page ${item.printedPage}`);
          continue;
        }
        // An exhibit filed with no slip sheet: its first page tells only that a new document begins there.
        if (item.startsAtBoundary) {
          const at = item.targetPage - 1;
          expect(documentBegins(brief[at - 1], brief[at], brief[at + 1]), `${item.label}: a document begins on p.${item.targetPage}`).toBe(true);
          continue;
        }
        // An entry blacked out whole, its heading too: only the page printed with its number tells where it starts.
        if (item.text === '[redacted heading]') {
          expect(f.truth.printedPages?.[item.targetPage - 1], `${item.label}: page ${item.targetPage} prints ${item.printedPage}`).toBe(item.printedPage);
          continue;
        }
        const doc = item.target === 'record' ? record : brief;
        const kind = startMark(item, doc[item.targetPage - 1], running.get(doc));
        expect(kind, `${spec.name} ${item.label} starts on p.${item.targetPage}`).not.toBeNull();
        // TOC headings may repeat under different parts ('B. Methodology'); other marks are unique.
        if (kind === 'mark' && item.type !== 'section') {
          const elsewhere = doc.filter((p) => p.page !== item.targetPage && startMark(item, p, running.get(doc)) === 'mark').map((p) => p.page);
          expect(elsewhere, `${spec.name} ${item.label}: start mark only on p.${item.targetPage}`).toEqual(item.decoyPages ?? []);
        }
      }
    });
  }
});

describe('accuracy on generated fixtures', () => {
  for (const spec of FIXTURES) {
    test(`${spec.name} (${spec.style}${spec.scanned && spec.scanned !== 'none' ? `, ${spec.scanned} scanned` : ''})`, async () => {
      const f = await loadFixture(spec.name);
      const s = await scoreFixture(f);
      const detail = s.problems.join('\n');
      expect(s.brokenLinks, 'broken links').toBe(0);
      expect(s.extraLinks, 'extra links').toBe(0);
      expect(s.review.validation.broken_links).toBe(0);
      if (f.truth.noIndex) {
        expect(s.found, 'no index: no items').toBe(0);
        expect(s.reason ?? '', 'no index: a reason').toMatch(/\w{3,}/);
        return;
      }
      expect(s.labelsInOrder, detail).toBe(true);
      const need = f.scanned ? Math.ceil(0.98 * s.destTotal) : s.destTotal;
      expect(s.destRight, detail).toBeGreaterThanOrEqual(need);
      // Rows naming a page the file does not hold count as right when kept without a link.
      expect(s.review.validation.links_created).toBe(s.destRight - f.truth.items.filter((t) => t.noDestination).length);
      // Bookmarks mirror the index: on a text layer every description reads as printed (whole, not merged).
      if (!f.scanned) expect(s.textProblems, 'descriptions as printed').toEqual([]);
      // The number printed on every page, as review.json gives it (and the PDF's page labels carry it).
      if (f.truth.printedPages && !f.scanned) {
        expect((s.review.source.printedPages ?? []).map((p) => p ?? ''), 'printed page numbers').toEqual(f.truth.printedPages);
      }
      // Where the index's page number disagrees with the divider, the divider wins with a lower confidence.
      const conf = (i: number) => s.review.links.find((l) => l.item === i + 1)?.confidence ?? 0;
      const doubtful = f.truth.items.flatMap((t, i) => (t.refDisagrees ? [conf(i)] : []));
      const agreeing = f.truth.items.flatMap((t, i) => (t.refDisagrees ? [] : [conf(i)]));
      if (doubtful.length) expect(Math.max(...doubtful), 'confidence when the index disagrees').toBeLessThan(Math.min(...agreeing));
      if (spec.size === 'large') console.log(`${spec.name}: ${s.review.source.pages} pages linked in ${Math.round(s.ms)} ms`);
    }, spec.size === 'large' || spec.scanned ? 600_000 : 120_000);
  }
});

const haveReal = existsSync(join(REAL, 'toc-expert-report-391pp.pdf'));
if (!haveReal) console.warn(`real filings not found at ${REAL}: their accuracy tests are skipped`);

describe.skipIf(!haveReal)('accuracy on the real filings in ../shared/real', () => {
  test('TOC expert report: 71 nested entries, PDF page = printed page + 5', async () => {
    const brief = new Uint8Array(readFileSync(join(REAL, 'toc-expert-report-391pp.pdf')));
    const { review } = await linkBrief({ brief, briefName: 'toc-expert-report-391pp.pdf', ocr: 'auto' });
    expect(review.index.pages).toEqual([3, 4, 5]);
    expect(review.index.items).toHaveLength(71);
    for (const item of review.index.items) {
      const link = review.links.find((l) => l.item === item.ordinal);
      expect(item.pageRef, `${item.label} has a printed page`).toMatch(/^\d+$/);
      expect(link?.targetPage, `${item.label} ${item.text}`).toBe(Number(item.pageRef) + 5);
    }
    // Entries checked by hand (README): label -> PDF page.
    const checked: Array<[string, number]> = [['I', 6], ['II', 15], ['III', 21], ['IV', 113], ['V', 125], ['VI', 323], ['VII', 333], ['VII.F', 372]];
    for (const [label, page] of checked) {
      const item = review.index.items.find((i) => i.label === label);
      expect(item, `entry ${label}`).toBeDefined();
      expect(review.links.find((l) => l.item === item?.ordinal)?.targetPage, `entry ${label}`).toBe(page);
    }
    expect(review.validation.broken_links).toBe(0);
    expect(review.validation.links_created).toBe(71);
  }, 300_000);

  test('mixed scanned opinion: no index, 0 items, with a reason', async () => {
    const brief = new Uint8Array(readFileSync(join(REAL, 'mixed-scanned-opinion-15pp.pdf')));
    const d = await detectBrief({ brief, ocr: 'auto' });
    expect(d.items).toHaveLength(0);
    expect(d.reason ?? '').toMatch(/\w{3,}/);
    const { review } = await linkBrief({ brief, briefName: 'mixed-scanned-opinion-15pp.pdf', ocr: 'auto' });
    expect(review.links.filter((l) => l.targetPage !== null)).toHaveLength(0);
    expect(review.validation.broken_links).toBe(0);
  }, 300_000);
});
