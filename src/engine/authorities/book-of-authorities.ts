import { modelRecord, normLabel, type RecordModel } from '../refs/record-model.ts';
import type { PageText } from '../types.ts';
import type { AuthorityParts } from './types.ts';

/**
 * A Book of Authorities of the case (DESIGN §8): the authorities' texts behind tab dividers. A citation found
 * in it links there, before any public address: to the tab whose first pages print the citation (its neutral
 * citation, or its volume, reporter and first page; else both parties' names), and within the tab to the page
 * printed with the pinpoint page, or where the pinpoint paragraph (`[5]`, `5.`) stands; else to the
 * authority's first page after the divider.
 */
export interface BookTab {
  label: string;
  /** 1-based pages of the book: the divider, and the tab's last page. */
  divider: number;
  last: number;
  /** The text of the tab's first pages, reduced to upper-case words of letters and digits, spaced. */
  head: string;
}

export interface Book {
  model: RecordModel;
  pages: PageText[];
  tabs: BookTab[];
}

/** A record's short name that says it is a Book of Authorities (`BOA`, `JBA`, `Book of Authorities`, `Authorities`). */
export function isBookOfAuthorities(citeAs: string): boolean {
  return /^(?:[JR]?BOA|JBA|BA)$/i.test(citeAs.replace(/[^A-Za-z]/g, '')) || /authorit/i.test(citeAs);
}

const words = (s: string) => ` ${s.toUpperCase().replace(/[^A-Z0-9]+/g, ' ').trim()} `;

export function readBook(pages: PageText[]): Book {
  const model = modelRecord(pages);
  const starts = [...model.tabs.entries()].sort((a, b) => a[1] - b[1]);
  const tabs: BookTab[] = starts.map(([label, divider], i) => {
    const last = i + 1 < starts.length ? starts[i + 1]![1] - 1 : pages.length;
    const head = pages.slice(divider - 1, Math.min(last, divider + 2)).map((p) => p.lines.map((l) => l.text).join(' ')).join(' ');
    return { label, divider, last, head: words(head) };
  });
  return { model, pages, tabs };
}

/** The parties' last words (`Ashcroft v. Iqbal` → ASHCROFT, IQBAL), for a book whose pages do not print the citation. */
function parties(name: string | undefined): string[] {
  if (!name) return [];
  const sides = name.split(/\s+v\.?\s+/);
  if (sides.length !== 2) return [];
  return sides.map((s) => words(s).trim().split(' ').filter((w) => w.length > 2 && !/^(?:INC|LTD|CORP|LLC|THE)$/.test(w)).pop() ?? '').filter(Boolean);
}

export interface BookPlace {
  tab: string;
  /** 1-based page of the book. */
  page: number;
  why: string;
}

/** Where a citation (a short form's parts are its full citation's, with its own pinpoint) stands in the book, or null. */
export function placeInBook(p: AuthorityParts, book: Book): BookPlace | null {
  const keys: string[] = [];
  if (p.neutral) keys.push(words(p.neutral));
  if (p.volume && p.reporter && p.page) keys.push(words(`${p.volume} ${p.reporter} ${p.page}`));
  // a report cited by year, with no volume (`[1999] Bus LR 651`, `[2000] FSR 402`)
  if (!p.volume && p.year && p.reporter && p.page) keys.push(words(`${p.year} ${p.reporter} ${p.page}`));
  if (p.kind !== 'case') return null;
  let tab = book.tabs.find((t) => keys.some((k) => t.head.includes(k)));
  let how = 'its citation printed at the tab';
  if (!tab) {
    const names = parties(p.name);
    if (names.length === 2) tab = book.tabs.find((t) => names.every((n) => t.head.includes(` ${n} `)));
    how = 'its parties named at the tab';
  }
  if (!tab) return null;
  const first = Math.min(tab.divider + 1, tab.last);
  if (p.pinpoint) {
    const pages = (book.model.byLabel.get(normLabel(p.pinpoint.split(/[-–]/)[0]!)) ?? []).filter((n) => n > tab.divider && n <= tab.last);
    if (pages.length) return { tab: tab.label, page: pages[0]!, why: `Book of Authorities, tab ${tab.label} (${how}), the page printed ${p.pinpoint.split(/[-–]/)[0]}` };
  }
  if (p.paragraph) {
    // the first paragraph of a range or list (`12–14`, `4 to 6`)
    const n = /^\d+/.exec(p.paragraph)?.[0] ?? p.paragraph;
    const para = new RegExp(`^(?:\\[${n}\\]|${n}\\.)(?:\\s|$)`);
    for (let pg = tab.divider + 1; pg <= tab.last; pg++) {
      if (book.pages[pg - 1]!.lines.some((l) => para.test(l.text.trim()))) return { tab: tab.label, page: pg, why: `Book of Authorities, tab ${tab.label} (${how}), where paragraph ${n} stands` };
    }
  }
  return { tab: tab.label, page: first, why: `Book of Authorities, tab ${tab.label} (${how})` };
}
