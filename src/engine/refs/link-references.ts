import type { PageText, ReviewReference } from '../types.ts';
import { findReferences } from './find-references.ts';
import { resolveReferences, type RecordSource } from './resolve-references.ts';
import type { ResolvedReference } from './types.ts';

/** `Tab 7 of this Brief` → the entry labelled 7; `Part III above`, `Section II.B, infra` → III, II.B (or its last part). */
function withinBrief(r: ResolvedReference, parts: OwnPart[]): ResolvedReference {
  if (r.parts.docKey !== 'BRIEF') return r;
  const m = /^(?:Tabs?|Part|Section|Point|Argument|§)\s+([0-9A-Z.()]+?)(?:,|\s|$)/i.exec(r.text) ?? /(?:Part|Section|Point|§)\s+([0-9A-Z.()]+)/i.exec(r.text);
  if (!m) return r;
  const label = m[1]!.replace(/\.$/, '').toUpperCase();
  const norm = (l: string) => l.toUpperCase().replace(/[()]/g, '').replace(/\.$/, '');
  const hit = parts.find((p) => norm(p.label) === label) ?? parts.find((p) => norm(p.label).split('.').pop() === label.split('.').pop() && norm(p.label).startsWith(label.split('.')[0]!));
  if (!hit || hit.masterPage === null) return r;
  return { ...r, targetPage: hit.masterPage, record: null, confidence: 0.9, why: `the brief's own entry ${hit.label}, linked as the case asks` };
}

/** An index entry of the brief and where its link goes: what a reference to the brief's own parts can link to. */
export interface OwnPart {
  label: string;
  masterPage: number | null;
}

/**
 * The references of a brief as review.json lists them: found in its body, resolved into its records (and
 * into pages bound into the brief itself), each with its boxes, target, confidence and why. With `ownParts`
 * (the case asks for links within the brief), a reference to the brief's own tab or part (`Tab 7 of this
 * Brief`, `Part III above`) links where that index entry links; another party's brief is never linked.
 * `bodyEnd`: where the documents bound after the brief begin (bound-documents.ts); nothing from there on is body.
 */
export function briefReferences(briefPages: PageText[], indexPages: readonly number[], records: RecordSource[], ownParts?: OwnPart[], bodyEnd?: number | null): ReviewReference[] {
  const refs = findReferences(briefPages, { indexPages, citeAs: records.map((r) => r.citeAs), bodyEnd: bodyEnd ?? null });
  return resolveReferences(refs, records, { brief: briefPages }).map((r) => (ownParts && r.kind === 'brief' ? withinBrief(r, ownParts) : r)).map((r) => ({
    id: r.id,
    page: r.page,
    text: r.text,
    kind: r.kind,
    doc: r.parts.doc,
    volume: r.parts.volume ?? null,
    target: r.target,
    targetPage: r.targetPage,
    bbox: r.spans[0]!.bbox,
    spans: r.spans,
    parts: r.parts,
    record: r.record !== null ? records[r.record]!.citeAs : null,
    ...(r.kind === 'brief' && r.targetPage !== null ? { internal: true as const } : {}),
    confidence: Math.round(r.confidence * 100) / 100,
    why: r.why,
    status: 'auto' as const,
    ...(r.shortForm ? { shortForm: r.shortForm } : {}),
    ...(r.footnote ? { footnote: true as const } : {}),
  }));
}
