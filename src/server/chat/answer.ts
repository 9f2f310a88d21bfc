// The assistant's built-in answers: what the engine knows about the document, chosen by what the question
// is about (a missing item, the index count, OCR, setting index pages by hand). No model, nothing sent
// anywhere; the same facts are what a configured model is given (model.ts).
import { LOW_LINK_CONFIDENCE, LOW_OCR_CONFIDENCE, type DocumentFacts, type ItemFact } from './facts.ts';

export type Topic = 'missing' | 'count' | 'ocr' | 'index-pages';

const TOPIC_PATTERNS: Record<Topic, RegExp> = {
  missing:
    /\b(missing|miss|not (?:been )?(?:found|linked|detected)|no (?:link|destination)|without (?:a )?(?:link|destination)|broken|unlinked|wrong (?:page|link|destination)|low confidence|doesn'?t link|does not link)\b/i,
  count: /\b(how many|count|number of|too (?:many|few)|extra items?)\b/i,
  ocr: /\b(ocr|scan(?:ned)?|misread|read wrong(?:ly)?|recogni[sz]|unreadable|garbled|text layer|confidence of (?:the )?pages?)\b/i,
  'index-pages': /\b(index pages?|set (?:the )?(?:index )?pages?|by hand|manual(?:ly)?|reanaly[sz]e|detect again|which pages? (?:is|are) the index)\b/i,
};

/** The topics a question is about, in the order they are answered. */
export function topicsOf(question: string): Topic[] {
  return (Object.keys(TOPIC_PATTERNS) as Topic[]).filter((t) => TOPIC_PATTERNS[t].test(question));
}

/** 2,3,4,7 → "2–4 and 7". */
export function pageList(pages: readonly number[]): string {
  const sorted = [...new Set(pages)].sort((a, b) => a - b);
  const runs: string[] = [];
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j++;
    runs.push(j > i ? `${sorted[i]}–${sorted[j]}` : String(sorted[i]));
    i = j + 1;
  }
  return runs.length <= 1 ? (runs[0] ?? '') : `${runs.slice(0, -1).join(', ')} and ${runs.at(-1)}`;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const pagesWord = (pages: readonly number[]) => `${pages.length === 1 ? 'page' : 'pages'} ${pageList(pages)}`;

const TYPE_WORDS: Record<string, string> = { tab: 'Tab', exhibit: 'Exhibit', schedule: 'Schedule', appendix: 'Appendix' };

/** How an item is named to the person: "Tab C – “Affidavit of …” (item 3, index page 2)". */
export function itemName(item: ItemFact): string {
  const word = TYPE_WORDS[item.type];
  const head = item.label ? `${word ?? 'Item'} ${item.label}` : `Item ${item.ordinal}`;
  const text = item.text.length > 140 ? `${item.text.slice(0, 137)}…` : item.text;
  return `${head} – “${text}” (item ${item.ordinal} of the index, on index page ${item.page})`;
}

/** The item a question names ("tab 4", "Exhibit C", "item 7"), if any. */
export function namedItem(question: string, items: readonly ItemFact[]): ItemFact | undefined {
  const re = /\b(tab|exhibit|schedule|appendix|item|document)\s+(?:no\.?\s*)?["“]?([A-Za-z]{1,3}\b|[0-9]{1,4}[A-Za-z]?(?:\([a-z0-9]+\))?|[IVXLC]+)/gi;
  for (const m of question.matchAll(re)) {
    const [, word, raw] = m;
    const label = raw!.toLowerCase();
    if (word!.toLowerCase() === 'item' && /^\d+$/.test(label)) {
      const byOrdinal = items.find((i) => i.ordinal === Number(label));
      if (byOrdinal) return byOrdinal;
    }
    const hit = items.find((i) => i.label.toLowerCase() === label);
    if (hit) return hit;
  }
  return undefined;
}

const howToSetPages = (caseLink: string | null) =>
  `To set the index pages by hand, open ${caseLink ? `the case's Reanalyze screen (${caseLink})` : "the case's Reanalyze screen"}, ` +
  'choose the document, type the index pages as a list or a range (for example 2,3,4 or 2-5) and detect the index again. ' +
  'The items are then read from those pages only, and links are built again.';

function destinationLine(item: ItemFact): string {
  const l = item.link!;
  if (l.targetPage === null) return `${itemName(item)}: no destination found${l.why ? ` — ${l.why}` : ''}.`;
  return `${itemName(item)}: page ${l.targetPage}${l.target === 'record' ? ' of the record' : ''} at ${Math.round(l.confidence * 100)}% confidence${l.why ? ` (${l.why})` : ''}.`;
}

function aboutItem(f: DocumentFacts, item: ItemFact): string {
  if (!item.link) return `${itemName(item)} was found in the index. Its link has not been built yet: select the document and use Process Selected.`;
  const line = destinationLine(item);
  if (item.link.targetPage === null) {
    return `${line} It is kept for review, never written as a broken link: in Lawyer Review, give it the page where it starts.`;
  }
  return item.link.confidence < LOW_LINK_CONFIDENCE ? `${line} That is low: check it in Lawyer Review.` : line;
}

function missingAnswer(f: DocumentFacts, caseLink: string | null): string {
  if (f.items.length === 0) return `No index items were found in “${f.title}”, so nothing could be linked. ${howToSetPages(caseLink)}`;
  if (!f.linksBuilt) {
    return (
      `The index of “${f.title}” lists ${plural(f.items.length, 'item')} on index ${pagesWord(f.indexPages)}; links have not been built yet ` +
      '(select the document and use Process Selected). If an item you expect is not among them, the index pages may be wrong. ' +
      howToSetPages(caseLink)
    );
  }
  const none = f.items.filter((i) => i.link && i.link.targetPage === null);
  const low = f.items.filter((i) => i.link && i.link.targetPage !== null && i.link.confidence < LOW_LINK_CONFIDENCE);
  const parts: string[] = [];
  if (none.length) {
    parts.push(
      `${plural(none.length, 'index item has', 'index items have')} no destination:\n` + none.map((i) => `• ${destinationLine(i)}`).join('\n') +
        '\nThey are kept for review and never written as broken links: in Lawyer Review, give each the page where it starts.',
    );
  }
  if (low.length) {
    parts.push(`${plural(low.length, 'link has', 'links have')} a low confidence:\n` + low.map((i) => `• ${destinationLine(i)}`).join('\n'));
  }
  if (!parts.length) {
    parts.push(
      `Every one of the ${plural(f.items.length, 'index item')} has a destination, each at ${Math.round(LOW_LINK_CONFIDENCE * 100)}% confidence or more. ` +
        `If an item of the printed index is missing from the ${f.items.length} found, the index pages may be wrong. ${howToSetPages(caseLink)}`,
    );
  }
  return parts.join('\n\n');
}

function countAnswer(f: DocumentFacts, caseLink: string | null): string {
  if (f.indexStatus === 'pending' || f.indexStatus === 'none') return `The index of “${f.title}” has not been detected yet; ask again once it has been read.`;
  if (f.indexStatus === 'error') return `Index detection failed for “${f.title}”${f.failureReason ? `: ${f.failureReason}` : ''}. Retry it from the document list or System Status.`;
  if (f.indexCount === 0) {
    return `No index was found in “${f.title}” (0 index items), so its start pages must be set by hand. ${howToSetPages(caseLink)}`;
  }
  const how = f.indexPagesSetByHand ? `the index pages set by hand (${f.indexPagesSetByHand})` : 'the index pages as detected';
  const types = new Map<string, number>();
  for (const i of f.items) types.set(i.type, (types.get(i.type) ?? 0) + 1);
  const kinds = [...types].map(([t, n]) => plural(n, t === 'appendix' ? 'appendix' : t, t === 'appendix' ? 'appendices' : `${t}s`)).join(', ');
  return (
    `I found ${plural(f.indexCount, 'index item')} in “${f.title}” on index ${pagesWord(f.indexPages)}, read from ${how}` +
    `${kinds ? ` (${kinds})` : ''}; each gets exactly one link. ` +
    `If the printed index has more or fewer entries, the index pages are probably not the right ones. ${howToSetPages(caseLink)}`
  );
}

function ocrAnswer(f: DocumentFacts): string {
  if (f.ocrPages === null) return `The pages of “${f.title}” have not all been read yet (or their text is too large to summarise here).`;
  const total = f.pageCount ?? 0;
  if (f.ocrPages.length === 0) return `No page of “${f.title}” needed OCR: all ${plural(total, 'page')} carry their own text layer.`;
  const mean = Math.round(f.ocrPages.reduce((s, p) => s + p.confidence, 0) / f.ocrPages.length);
  const low = f.ocrPages.filter((p) => p.confidence < LOW_OCR_CONFIDENCE).sort((a, b) => a.confidence - b.confidence);
  const lines = [
    `${plural(f.ocrPages.length, 'page')} of ${total} ${f.ocrPages.length === 1 ? 'was' : 'were'} read by OCR (${pagesWord(f.ocrPages.map((p) => p.page))}), at a mean word confidence of ${mean}%.`,
  ];
  if (low.length) {
    lines.push(
      `Read with low confidence (under ${LOW_OCR_CONFIDENCE}%): ` +
        low.slice(0, 12).map((p) => `page ${p.page} (${p.confidence}%)`).join(', ') +
        (low.length > 12 ? ` and ${low.length - 12} more` : '') +
        '. Words on those pages may be misread; an index row read wrongly there can lose its link.',
    );
  } else {
    lines.push(`No OCR'd page is under ${LOW_OCR_CONFIDENCE}% confidence.`);
  }
  const onIndex = f.ocrPages.filter((p) => f.indexPages.includes(p.page));
  if (onIndex.length) lines.push(`The index itself was read by OCR on ${pagesWord(onIndex.map((p) => p.page))}.`);
  if (f.failureReason) lines.push(`Processing reported: ${f.failureReason}`);
  return lines.join(' ');
}

function indexPagesAnswer(f: DocumentFacts | null, caseLink: string | null): string {
  const now = f
    ? f.indexPagesSetByHand
      ? `The index pages of “${f.title}” are set by hand to ${f.indexPagesSetByHand}. `
      : f.indexPages.length
        ? `The index of “${f.title}” was detected on ${pagesWord(f.indexPages)}. `
        : `No index page was detected in “${f.title}”. `
    : '';
  return now + howToSetPages(caseLink);
}

function summary(f: DocumentFacts, caseLink: string | null): string {
  if (f.status !== 'completed' && f.status !== 'failed') return `“${f.title}” is still being read (${f.status}); its index and links are not known yet.`;
  const parts = [countAnswer(f, caseLink).split('; each gets')[0]! + '.'];
  if (f.linksBuilt) {
    const none = f.items.filter((i) => i.link && i.link.targetPage === null).length;
    const low = f.items.filter((i) => i.link && i.link.targetPage !== null && i.link.confidence < LOW_LINK_CONFIDENCE).length;
    parts.push(`${plural(none, 'item has', 'items have')} no destination and ${plural(low, 'link has', 'links have')} a low confidence.`);
  } else {
    parts.push('Links have not been built yet.');
  }
  if (f.ocrPages?.length) parts.push(`${plural(f.ocrPages.length, 'page was', 'pages were')} read by OCR.`);
  parts.push('Ask about a missing index item, an OCR error or a wrong index count, or describe what you see.');
  return parts.join(' ');
}

const GENERAL_HELP =
  'I answer from what Brieflink read in a document: its index items and the pages they stand on, each link and how sure it is, ' +
  "and which pages were read by OCR. Open the chat from a case with a document to ask about that document. " +
  'If the index count is wrong or an item is missing, the index pages can be set by hand on the case\'s Reanalyze screen ' +
  '(for example 2,3,4 or 2-5).';

export const FEEDBACK_NOTE = 'Your messages are kept as feedback for support.';

/** The built-in reply to `question` about the document `f` (null: a general conversation). */
export function builtInAnswer(question: string, f: DocumentFacts | null, opts: { caseLink: string | null; first: boolean }): string {
  const { caseLink } = opts;
  let body: string;
  if (!f) {
    body = topicsOf(question).includes('index-pages') ? indexPagesAnswer(null, caseLink) : GENERAL_HELP;
  } else if (f.status !== 'completed' && f.status !== 'failed') {
    body = summary(f, caseLink);
  } else {
    const item = namedItem(question, f.items);
    const topics = topicsOf(question);
    const parts: string[] = [];
    if (item) parts.push(aboutItem(f, item));
    for (const t of topics) {
      if (t === 'missing' && !item) parts.push(missingAnswer(f, caseLink));
      if (t === 'count') parts.push(countAnswer(f, caseLink));
      if (t === 'ocr') parts.push(ocrAnswer(f));
      if (t === 'index-pages' && !topics.includes('count') && !topics.includes('missing')) parts.push(indexPagesAnswer(f, caseLink));
    }
    body = parts.length ? parts.join('\n\n') : summary(f, caseLink);
  }
  return opts.first ? `${body}\n\n${FEEDBACK_NOTE}` : body;
}

/** The facts as plain text, for a model's context. */
export function factsText(f: DocumentFacts | null, caseLink: string | null): string {
  if (!f) return `No document is selected. ${GENERAL_HELP}`;
  const lines = [
    `Document: “${f.title}”, ${f.pageCount ?? '?'} pages, processing status ${f.status}${f.failureReason ? ` (${f.failureReason})` : ''}.`,
    `Index status: ${f.indexStatus}; ${f.indexCount} index items on index pages ${pageList(f.indexPages) || 'none'}${f.indexPagesSetByHand ? ` (set by hand: ${f.indexPagesSetByHand})` : ' (detected)'}.`,
    `Links: ${f.linksBuilt ? 'built' : `not built (${f.linkStatus})`}${f.linkFailureReason ? `; failure: ${f.linkFailureReason}` : ''}.`,
    'Items (one link each):',
    ...f.items.slice(0, 300).map((i) => `- ${i.link ? destinationLine(i) : `${itemName(i)}: link not built yet.`}`),
  ];
  if (f.items.length > 300) lines.push(`… and ${f.items.length - 300} more items.`);
  lines.push(f.ocrPages === null ? 'OCR: not known yet.' : f.ocrPages.length === 0 ? 'OCR: no page needed OCR.' : `OCR: ${f.ocrPages.map((p) => `page ${p.page} ${p.confidence}%`).join(', ')}.`);
  lines.push(`Setting index pages by hand: ${howToSetPages(caseLink)}`);
  return lines.join('\n').slice(0, 30_000);
}
