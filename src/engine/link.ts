import { openPdf, type PdfSource } from './pdf/index.ts';
import type { BBox, ReviewJson } from './types.ts';
import { isExternalUri, overSameRow } from './util/geometry.ts';
import { outlineTitle } from './write/outline-title.ts';
import { recordBookmarks } from './write/write-master.ts';

const RECT_TOLERANCE = 1;

function sameRect(a: BBox, b: BBox): boolean {
  return a.every((v, i) => Math.abs(v - b[i]!) <= RECT_TOLERANCE);
}

/** Whether a link's `why` names the `*Tn` start marker it was placed by (e.g. "record marker '*T3'"). */
function usedMarker(why: string): boolean {
  return /\bmarker '[^']+'/i.test(why);
}

/**
 * Reference links read back: a resolved reference is linked when every line it covers carries one link of
 * its box to its target page; any other outcome is broken.
 */
function referenceLinks(review: ReviewJson, linksOn: (page: number) => Array<{ rect: BBox; targetPage: number | null; uri: string }>): { linked: number; broken: number } {
  let linked = 0;
  let broken = 0;
  for (const ref of review.references ?? []) {
    if ((ref.kind !== 'record' && !ref.internal) || ref.targetPage === null) continue;
    const ok = ref.spans.every((s) => linksOn(s.page).filter((k) => sameRect(k.rect, s.bbox) && k.targetPage === ref.targetPage).length >= 1);
    if (ok) linked++;
    else broken++;
  }
  return { linked, broken };
}

/**
 * Authority links read back: a citation is linked when every line it covers carries a link of its box to its
 * page of the Book of Authorities, or, when not in one, a web link to its address.
 */
function authorityLinks(review: ReviewJson, linksOn: (page: number) => Array<{ rect: BBox; targetPage: number | null; uri: string }>): { linked: number; broken: number } {
  let linked = 0;
  let broken = 0;
  for (const a of review.authorities ?? []) {
    if (a.url === null && a.targetPage === null) continue;
    const ok = a.spans.every((s) => linksOn(s.page).some((k) => sameRect(k.rect, s.bbox) && (a.targetPage !== null ? k.targetPage === a.targetPage : k.uri === a.url)));
    if (ok) linked++;
    else broken++;
  }
  return { linked, broken };
}

/**
 * Read the written Master.linked.pdf back and check it against review.json: every item with a
 * destination must have exactly one link over its row on its index page going to its masterPage;
 * a link there that is missing, goes elsewhere or nowhere is broken. Bookmarks must mirror the
 * linked items in order. Fills review.validation (DESIGN §5).
 */
export function validateMaster(pdf: PdfSource, review: ReviewJson): ReviewJson['validation'] {
  const doc = openPdf(pdf);
  try {
    const pageCount = doc.pageCount;
    const onPage = new Map<number, ReturnType<typeof doc.links>>();
    const linksOn = (page: number) => {
      if (!onPage.has(page)) onPage.set(page, page >= 1 && page <= pageCount ? doc.links(page) : []);
      return onPage.get(page)!;
    };
    const expected = review.links.filter((l) => l.masterPage !== null);
    let created = 0;
    let broken = 0;
    for (const l of expected) {
      // one link over the row, ours, to the right page: another internal link over the same row
      // (a duplicate) counts as broken
      const matches = linksOn(l.srcPage).filter((k) => !isExternalUri(k.uri) && overSameRow(k.rect, l.bbox));
      const good = matches.filter((k) => sameRect(k.rect, l.bbox) && k.targetPage === l.masterPage && k.targetPage !== null);
      if (good.length === 1 && matches.length === 1) created++;
      else broken++;
    }
    // any other internal link on an index page that leads nowhere is broken too
    for (const page of new Set(review.index.pages)) {
      for (const k of linksOn(page)) {
        const ours = expected.some((l) => l.srcPage === page && sameRect(k.rect, l.bbox));
        if (!ours && !isExternalUri(k.uri) && k.targetPage === null) broken++;
      }
    }
    const refs = referenceLinks(review, linksOn);
    const auths = authorityLinks(review, linksOn);
    const outline = doc.outline();
    const items = new Map(review.index.items.map((it) => [it.ordinal, it]));
    const wantOutline = [
      ...expected.map((l) => ({ title: outlineTitle(items.get(l.item)!), page: l.masterPage })),
      ...recordBookmarks(review),
    ];
    const outlineOk =
      outline.length === wantOutline.length &&
      // a court that wants the page number in each bookmark gets `…, p. 14` (court-rules/fix.ts)
      outline.every((o, i) => (o.title === wantOutline[i]!.title || o.title === `${wantOutline[i]!.title}, p. ${o.page}`) && o.page === wantOutline[i]!.page);
    const expectedTabs = review.index.items.length;
    const found = expected.length;
    return {
      expected_tabs: expectedTabs,
      found_tabs: found,
      links_created: created,
      broken_links: broken,
      markers_used: expected.filter((l) => usedMarker(l.why)).length,
      success: expectedTabs > 0 && found === expectedTabs && created === expectedTabs && broken === 0 && outlineOk && refs.broken === 0 && auths.broken === 0,
      ...(review.references ? { references_linked: refs.linked, references_broken: refs.broken } : {}),
      ...(review.authorities ? { authorities_linked: auths.linked, authorities_broken: auths.broken } : {}),
    };
  } finally {
    doc.close();
  }
}
