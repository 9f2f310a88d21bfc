import { AUTHORITY_FAMILIES, EWHC_DIVISIONS, FEDERAL_RULES, neutralCourtOf, type AuthorityFamily } from './reporters.ts';
import type { AuthorityParts } from './types.ts';

/**
 * Where an authority links: a public address built from its citation by a template per family, never by a
 * network call. A firm changes a family's template, or turns a family (or all of them) off. A template is
 * an address with `{placeholders}` filled from the citation (`{volume}`, `{reporter}`, `{page}`, `{year}`, `{number}`,
 * `{court}`, `{database}`, `{jurisdiction}`, `{title}`, `{section}`, `{chapter}`, `{rules}`, `{rule}`, `{part}`,
 * `{pinpoint}`, `{paragraph}`, and for a case `{citation}` and `{name}`, URL-encoded); a family may list several, the first whose
 * placeholders the citation fills wins (a statute with a section, then without). A citation that fills
 * none is listed as unresolved with the reason, and not linked.
 */
export type AuthorityTemplates = Partial<Record<AuthorityFamily, string | string[] | null>>;

/** The `authorityLinks` option: templates by family (over the defaults; null turns a family off), or 'off'. */
export type AuthorityLinks = AuthorityTemplates | 'off';

/**
 * The default addresses. CanLII: `/{lang}/{jurisdiction}/{database}/doc/{year}/{year}{database}{number}/…html`
 * (its documented document address); Find Case Law: `/{court path}/{year}/{number}`; CourtListener's
 * citation look-up `/c/{reporter}/{volume}/{page}/`; Cornell LII for the US Code and the federal rules;
 * Justice Laws for the Revised Statutes of Canada by chapter; Ontario e-Laws by year and chapter; the
 * Ministry of Justice's pages of the Civil Procedure Rules by part. Westlaw numbers, Canadian and English
 * printed reporters and other statutes have no public address by citation alone: none by default.
 */
export const DEFAULT_TEMPLATES: Readonly<Record<AuthorityFamily, string[]>> = {
  'us-case': ['https://www.courtlistener.com/c/{reporter}/{volume}/{page}/'],
  'us-database': [],
  'ca-neutral': ['https://www.canlii.org/en/{jurisdiction}/{database}/doc/{year}/{year}{database}{number}/{year}{database}{number}.html'],
  'ca-reporter': [],
  'uk-neutral': ['https://caselaw.nationalarchives.gov.uk/{court}/{year}/{number}'],
  'uk-reporter': [],
  'us-code': ['https://www.law.cornell.edu/uscode/text/{title}/{section}'],
  'us-rule': ['https://www.law.cornell.edu/rules/{rules}/rule_{rule}'],
  'ca-statute': ['https://laws-lois.justice.gc.ca/eng/acts/{chapter}/section-{section}.html', 'https://laws-lois.justice.gc.ca/eng/acts/{chapter}/'],
  'on-statute': ['https://www.ontario.ca/laws/statute/{yy}{chapter}'],
  'ca-other-statute': [],
  'uk-cpr': ['https://www.justice.gov.uk/courts/procedure-rules/civil/rules/part{part}'],
};

export interface AuthorityTarget {
  url: string | null;
  why: string;
}

/** The values a citation fills a template with, each as it goes into an address. */
export function placeholders(p: AuthorityParts): Record<string, string> {
  const v: Record<string, string> = {};
  const put = (k: string, s: string | undefined) => {
    if (s !== undefined && s !== '') v[k] = s;
  };
  put('volume', p.volume);
  put('page', p.page);
  put('year', p.year);
  put('number', p.number);
  put('title', p.title);
  put('pinpoint', p.pinpoint);
  put('paragraph', p.paragraph);
  if (p.reporter) put('reporter', encodeURIComponent(p.reporter.replace(/’/g, "'")));
  // the citation itself, for a firm's library that searches by it (`?q={citation}`): a case's neutral citation or report
  const report = p.volume && p.reporter && p.page ? `${p.volume} ${p.reporter} ${p.page}` : p.reporter && p.number ? `${p.year} ${p.reporter} ${p.number}` : undefined;
  const citation = p.neutral ?? report;
  if (p.kind === 'case' && citation) put('citation', encodeURIComponent(citation.replace(/’/g, "'")));
  if (p.kind === 'case' && p.name) put('name', encodeURIComponent(p.name.replace(/’/g, "'")));
  switch (p.family) {
    case 'ca-neutral': {
      const court = neutralCourtOf(p.court ?? '');
      put('jurisdiction', court?.jurisdiction);
      put('database', court?.database);
      break;
    }
    case 'uk-neutral': {
      const court = neutralCourtOf(p.court ?? '');
      if (court?.path === 'ewhc') put('court', p.division && EWHC_DIVISIONS[p.division] ? `ewhc/${EWHC_DIVISIONS[p.division]}` : undefined);
      else put('court', court?.path);
      break;
    }
    case 'us-code':
      // `1983(a)(2)` → 1983: the section's page holds its subsections
      put('section', /^[0-9A-Za-z-]+/.exec(p.section ?? '')?.[0]);
      break;
    case 'us-rule':
      put('rules', FEDERAL_RULES.find((r) => r.cite.test(p.rules ?? ''))?.set);
      put('rule', /^\d+/.exec(p.rule ?? '')?.[0]);
      break;
    case 'ca-statute':
      put('chapter', p.chapter);
      put('section', /^[0-9.]+/.exec(p.section ?? '')?.[0]?.replace(/\.$/, ''));
      break;
    case 'on-statute':
      put('yy', p.year?.slice(2));
      put('chapter', p.chapter?.replace(/[^A-Za-z0-9]/g, '').toLowerCase());
      break;
    case 'uk-cpr': {
      const m = /^(\d+)\.(\d+)/.exec(p.rule ?? '');
      put('part', m?.[1]);
      put('rule', m ? `${m[1]}.${m[2]}` : undefined);
      break;
    }
    default:
      put('section', p.section);
  }
  return v;
}

const PLACEHOLDER = /\{([a-z]+)\}/g;

/** Where a citation (a short form's parts are its full citation's) links, and why; url null when nowhere. */
export function authorityTarget(p: AuthorityParts, links: AuthorityLinks = {}): AuthorityTarget {
  if (links === 'off') return { url: null, why: 'authority links are off' };
  const given = links[p.family];
  if (given === null) return { url: null, why: `links for ${p.family} are off` };
  const templates = given === undefined ? DEFAULT_TEMPLATES[p.family] : Array.isArray(given) ? given : [given];
  if (templates.length === 0) return { url: null, why: `no public address for ${p.family} citations (set a template for ${p.family} to link them)` };
  const values = placeholders(p);
  for (const t of templates) {
    const missing = [...t.matchAll(PLACEHOLDER)].map((m) => m[1]!).filter((k) => values[k] === undefined);
    if (missing.length) continue;
    const url = t.replace(PLACEHOLDER, (_, k: string) => values[k]!);
    if (!/^https:\/\//i.test(url)) return { url: null, why: `the ${p.family} template gives no https address` };
    return { url, why: `${p.family}: ${given === undefined ? 'the default' : "the firm's"} address for the citation` };
  }
  const need = [...new Set(templates.flatMap((t) => [...t.matchAll(PLACEHOLDER)].map((m) => m[1]!)).filter((k) => values[k] === undefined))];
  return { url: null, why: `the citation does not give ${need.join(', ')} for the ${p.family} address` };
}

/**
 * Templates by family as a firm gives them (a parsed JSON object), checked: known families only, each a
 * template, a list of them, or null (the family off); a template an https address whose host is written
 * out (no placeholder in it), so a citation can only ever fill in the path or query. Throws an Error saying
 * what is wrong.
 */
export function checkAuthorityTemplates(value: unknown): AuthorityTemplates {
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new Error('expected an object of address templates by family');
  const out: AuthorityTemplates = {};
  for (const [family, t] of Object.entries(value as Record<string, unknown>)) {
    if (!(AUTHORITY_FAMILIES as readonly string[]).includes(family)) throw new Error(`unknown family '${family}' (one of ${AUTHORITY_FAMILIES.join(', ')})`);
    const list = t === null ? [] : Array.isArray(t) ? t : [t];
    for (const x of list) {
      if (typeof x !== 'string' || !isHttpsTemplate(x)) throw new Error(`${family}: a template is an https address with its host written out, a list of them, or null`);
    }
    out[family as AuthorityFamily] = t as string | string[] | null;
  }
  return out;
}

function isHttpsTemplate(t: string): boolean {
  const m = /^https:\/\/([^/?#]+)(?:[/?#]|$)/i.exec(t);
  if (!m || /[{}\s@\\]/.test(m[1]!)) return false;
  try {
    return new URL(t.replace(PLACEHOLDER, 'x')).protocol === 'https:';
  } catch {
    return false;
  }
}
