import type { PageText, ReviewReference } from '../types.ts';
import { findReferences } from './find-references.ts';
import { resolveReferences, type RecordSource } from './resolve-references.ts';

/**
 * The references of a brief as review.json lists them: found in its body, resolved into its records (and
 * into pages bound into the brief itself), each with its boxes, target, confidence and why.
 */
export function briefReferences(briefPages: PageText[], indexPages: readonly number[], records: RecordSource[]): ReviewReference[] {
  const refs = findReferences(briefPages, { indexPages, citeAs: records.map((r) => r.citeAs) });
  return resolveReferences(refs, records, { brief: briefPages }).map((r) => ({
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
    confidence: Math.round(r.confidence * 100) / 100,
    why: r.why,
    status: 'auto' as const,
    ...(r.shortForm ? { shortForm: r.shortForm } : {}),
    ...(r.footnote ? { footnote: true as const } : {}),
  }));
}
