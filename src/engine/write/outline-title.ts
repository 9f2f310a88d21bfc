import type { IndexItem, ItemType } from '../types.ts';

const TYPE_WORD: Record<Exclude<ItemType, 'section'>, string> = {
  tab: 'Tab',
  exhibit: 'Exhibit',
  schedule: 'Schedule',
  appendix: 'Appendix',
  document: 'Document',
};

/** The type's word for a bookmark; none for sections (and any type without one). */
function typeWord(type: ItemType): string | undefined {
  return Object.hasOwn(TYPE_WORD, type) ? TYPE_WORD[type as keyof typeof TYPE_WORD] : undefined;
}

/**
 * Nesting level of an item's bookmark: table-of-contents sections nest by their label
 * ('I' 0, 'I.A' 1, 'I.A.1' 2); every other item is at the top level.
 */
export function outlineLevel(item: Pick<IndexItem, 'type' | 'label'>): number {
  if (typeWord(item.type)) return 0;
  return Math.max(0, item.label.split('.').filter(Boolean).length - 1);
}

/**
 * Bookmark title for an index item: `Tab 3 – Affidavit of …` (the item's type word, its label,
 * an en dash and its description); table-of-contents sections read as printed, `I. Introduction`,
 * `A. Qualifications` (nested under their parent section). An entry printed without a label
 * reads as its description alone, as in the index.
 */
export function outlineTitle(item: Pick<IndexItem, 'type' | 'label' | 'text'>): string {
  const text = item.text.replace(/\s+/g, ' ').trim();
  const word = typeWord(item.type);
  if (!item.label.trim()) return text || word || 'Untitled entry';
  if (!word) {
    const own = item.label.split('.').filter(Boolean).at(-1) ?? item.label;
    const label = /[.)]$/.test(own) ? own : `${own}.`;
    return text ? `${label} ${text}` : label;
  }
  const head = `${word} ${item.label}`;
  return text ? `${head} – ${text}` : head;
}
