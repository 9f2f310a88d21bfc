import type { IndexItem, ItemType } from '../types.ts';

const TYPE_WORD: Record<Exclude<ItemType, 'section'>, string> = {
  tab: 'Tab',
  exhibit: 'Exhibit',
  schedule: 'Schedule',
  appendix: 'Appendix',
  document: 'Document',
};

/**
 * Bookmark title for an index item: `Tab 3 – Affidavit of …` (the item's type word, its label,
 * an en dash and its description); table-of-contents sections read `I. Introduction`.
 */
export function outlineTitle(item: Pick<IndexItem, 'type' | 'label' | 'text'>): string {
  const text = item.text.replace(/\s+/g, ' ').trim();
  if (item.type === 'section') {
    const label = /[.)]$/.test(item.label) ? item.label : `${item.label}.`;
    return text ? `${label} ${text}` : label;
  }
  const head = `${TYPE_WORD[item.type]} ${item.label}`;
  return text ? `${head} – ${text}` : head;
}
