import type { PageText, ReviewAuthority } from '../types.ts';
import { placeInBook, type Book } from './book-of-authorities.ts';
import { findAuthorities } from './find-authorities.ts';
import { authorityTarget, type AuthorityLinks } from './targets.ts';

/**
 * The authorities of a brief as review.json lists them: found in its body and footnotes, each with the
 * public address its family's template gives (a short form the address of the citation it continues),
 * or none and why. With a Book of Authorities of the case (`book`, its first page at `masterStart` of the
 * master), a citation found in it links to its tab and pinpoint there instead.
 */
export function briefAuthorities(pages: PageText[], indexPages: readonly number[], citeAs: readonly string[], links: AuthorityLinks = {},
  book?: { book: Book; masterStart: number }, bodyEnd?: number | null): ReviewAuthority[] {
  return findAuthorities(pages, { indexPages, citeAs, bodyEnd: bodyEnd ?? null }).map((a) => {
    const orphan = a.shortForm && a.antecedent === undefined;
    const target = orphan
      ? { url: null, why: 'a short form with no full citation before it: not linked' }
      : authorityTarget(a.parts, links);
    const place = !orphan && book ? placeInBook(a.parts, book.book) : null;
    if (place) {
      return {
        id: a.id, page: a.page, text: a.text, kind: a.parts.kind, family: a.parts.family, parts: a.parts, url: target.url,
        targetPage: book!.masterStart + place.page - 1, tab: place.tab, why: place.why,
        bbox: a.spans[0]!.bbox, spans: a.spans,
        ...(a.shortForm ? { shortForm: a.shortForm } : {}),
        ...(a.antecedent !== undefined ? { antecedent: a.antecedent } : {}),
        ...(a.footnote ? { footnote: true as const } : {}),
        status: 'auto' as const,
      };
    }
    return {
      id: a.id,
      page: a.page,
      text: a.text,
      kind: a.parts.kind,
      family: a.parts.family,
      parts: a.parts,
      url: target.url,
      targetPage: null,
      why: a.shortForm && !orphan && target.url ? `${target.why} (continues citation ${a.antecedent})` : target.why,
      bbox: a.spans[0]!.bbox,
      spans: a.spans,
      ...(a.shortForm ? { shortForm: a.shortForm } : {}),
      ...(a.antecedent !== undefined ? { antecedent: a.antecedent } : {}),
      ...(a.footnote ? { footnote: true as const } : {}),
      status: 'auto' as const,
    };
  });
}
