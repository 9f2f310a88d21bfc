import type { IndexItem } from '../types.ts';
import { ANCHORS, type Candidate, type Evidence } from './candidates.ts';

/**
 * Confidence and a plain-words reason for a chosen destination.
 *
 * Calibration: a divider, marker or cover page read exactly is 0.9 alone, 0.82 through OCR confusions,
 * 0.75 for a page that opens with the tab and its title, 0.6 for an unreadable page taken as the divider;
 * each independent agreeing kind of evidence (a page reference, a heading) adds 0.04, up to 0.99.
 * A page reference confirmed by the footers is 0.85 (0.9 when the footer and the calibrated offset
 * both agree); a heading alone 0.45–0.6, 0.1 less when the same heading is on other pages too;
 * a bare page number taken as the PDF page 0.35.
 * A conflicting page reference (pointing more than a page away from a chosen divider) caps it at 0.7
 * and is named; a destination forced by index order away from the item's own best page loses 0.2.
 */
export function confidenceOf(item: IndexItem, chosen: Candidate, all: Candidate[]): { confidence: number; why: string } {
  const ev = chosen.evidence;
  const anchor = strongest(ev.filter((e) => ANCHORS.has(e.kind)));
  const ref = strongest(ev.filter((e) => e.kind === 'printed' || e.kind === 'offset' || e.kind === 'raw-ref'));
  const heading = strongest(ev.filter((e) => e.kind === 'heading'));
  const reasons = [...ev].sort((a, b) => rank(a) - rank(b)).map((e) => e.why);
  // A footer showing the page and the calibrated offset say the same thing: one reason.
  const printed = ev.find((e) => e.kind === 'printed');
  const offset = ev.find((e) => e.kind === 'offset');
  if (printed && offset) {
    reasons.splice(reasons.indexOf(printed.why), 1);
    reasons[reasons.indexOf(offset.why)] = `${offset.why}, shown in that page's footer`;
  }

  let conf: number;
  if (anchor) {
    conf = anchor.strength >= 0.99 ? 0.9 : anchor.strength >= 0.84 ? 0.82 : anchor.strength >= 0.7 ? 0.75 : 0.6;
    if (ref && ref.kind !== 'raw-ref') conf += 0.05;
    if (heading) conf += 0.04;
  } else if (ref && ref.kind !== 'raw-ref') {
    const both = ev.some((e) => e.kind === 'printed') && ev.some((e) => e.kind === 'offset');
    conf = (both ? 0.9 : 0.85) * Math.min(1, ref.strength / 0.7);
    if (heading) conf += 0.06;
  } else if (heading) {
    conf = heading.strength >= 0.5 ? 0.6 : 0.45;
    if (ref) conf += 0.1;
    // The same title heads other pages too (`REASONS FOR JUDGMENT`): the order alone chose this one.
    const others = all.filter((c) => c !== chosen && c.evidence.some((e) => e.kind === 'heading')).map((c) => c.page);
    if (others.length > 0) {
      conf -= 0.1;
      reasons.push(`the same heading is also on page${others.length > 1 ? 's' : ''} ${others.slice(0, 4).join(', ')}${others.length > 4 ? ' …' : ''}`);
    }
  } else {
    conf = 0.35;
  }

  // A contents entry that prints no page number (`Argument:`, `CERTIFICATE OF SERVICE`): only its heading places it.
  if (!anchor && !ref && item.label === '' && (item.pageRef === undefined || item.pageRef === '') && heading) {
    conf = Math.min(conf, 0.75);
    reasons.push('the index gives no page number for this entry: placed by its heading alone');
  }
  // A page reference elsewhere that disagrees with the chosen anchor.
  if (anchor && !ref) {
    const elsewhere = all.find((c) => c !== chosen && c.evidence.some((e) => e.kind === 'printed' || e.kind === 'offset') && Math.abs(c.pos - chosen.pos) > 1);
    if (elsewhere && item.pageRef) {
      conf = Math.min(conf, 0.7);
      reasons.push(`the index gives page ${item.pageRef}, which is PDF page ${elsewhere.page}${elsewhere.doc !== chosen.doc ? ` of the ${elsewhere.doc}` : ''}; the divider was trusted`);
    }
  }
  // The heading and the index's page number disagree: both are named, and the link is shown first for review.
  if (ev.some((e) => e.conflict)) conf = Math.min(conf, 0.55);
  const own = all.reduce((b, c) => (c.score > b.score ? c : b), chosen);
  if (own !== chosen && own.score > chosen.score + 0.05) {
    conf -= 0.2;
    reasons.push(`page ${own.page} looked likelier alone but is out of order with the neighbouring items`);
  }
  conf = Math.max(0.05, Math.min(0.99, conf));
  return { confidence: Math.round(conf * 100) / 100, why: reasons.join('; ') };
}

function strongest(ev: Evidence[]): Evidence | null {
  return ev.reduce<Evidence | null>((b, e) => (b === null || e.strength > b.strength ? e : b), null);
}

function rank(e: Evidence): number {
  return ['divider', 'marker', 'cover', 'printed', 'offset', 'raw-ref', 'heading'].indexOf(e.kind);
}
