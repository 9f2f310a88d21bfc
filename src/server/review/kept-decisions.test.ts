// Which reviewer decisions a rebuild of the links keeps: only on a link of the same item (ordinal,
// label and text) into the same document at the same page found by the engine.
import { describe, expect, it } from 'vitest';
import type { links } from '../db/schema.ts';
import { keptForLinks, type Decision, type ItemKey } from './kept-decisions.ts';

type LinkRow = typeof links.$inferSelect;
const DOC = '00000000-0000-4000-8000-000000000001';
const RECORD = '00000000-0000-4000-8000-000000000002';

const item = (ordinal: number, label = String.fromCharCode(64 + ordinal), text = `Affidavit ${ordinal}`): ItemKey => ({ ordinal, label, text });

function decided(key: ItemKey, engine: number | null, change: Partial<LinkRow>): Decision {
  const at = new Date(0);
  const link: LinkRow = {
    id: `00000000-0000-4000-8000-0000000001${String(key.ordinal).padStart(2, '0')}`,
    srcDocId: DOC,
    indexItemId: null,
    srcPage: 2,
    target: 'source',
    targetDocId: null,
    targetPage: engine,
    engineTargetPage: engine,
    masterPage: engine,
    bbox: [0, 0, 10, 10],
    status: 'auto',
    why: 'engine',
    confidence: '0.9',
    targetParagraph: null,
    highlighted: false,
    notes: null,
    createdAt: at,
    updatedAt: at,
    ...change,
  };
  return { link, item: key };
}

const fresh = (key: ItemKey, page: number | null, target: 'source' | 'record' = 'source') => ({
  item: key,
  row: {
    srcDocId: DOC,
    srcPage: 2,
    target,
    targetDocId: target === 'record' ? RECORD : null,
    targetPage: page,
    engineTargetPage: page,
    masterPage: page === null ? null : target === 'record' ? page + 40 : page,
    status: 'auto',
    why: 'found again',
    confidence: '0.8',
  },
});

const masterPageOf = (target: string, page: number) => (target === 'record' ? page + 40 : page);

describe('reviewer decisions across a rebuild', () => {
  it('keeps a confirmed, a removed and an overridden link that come back the same, with their ids', () => {
    const decisions = [
      decided(item(1), 10, { status: 'confirmed' }),
      decided(item(2), 12, { status: 'removed' }),
      decided(item(3), 14, { targetPage: 15, masterPage: 15, why: 'page set by the reviewer', confidence: '1', notes: 'see para 4' }),
    ];
    const { rows, carried } = keptForLinks(decisions, [fresh(item(1), 10), fresh(item(2), 12), fresh(item(3), 14), fresh(item(4), 16)], masterPageOf);
    expect(carried).toEqual({ kept: 3, dropped: 0 });
    expect(rows[0]).toMatchObject({ id: decisions[0]!.link.id, status: 'confirmed', targetPage: 10, why: 'found again' });
    expect(rows[1]).toMatchObject({ id: decisions[1]!.link.id, status: 'removed' });
    expect(rows[2]).toMatchObject({ id: decisions[2]!.link.id, status: 'auto', targetPage: 15, masterPage: 15, engineTargetPage: 14, why: 'page set by the reviewer', confidence: '1', notes: 'see para 4' });
    expect(rows[3]).not.toHaveProperty('id');
    expect(rows[3]).toMatchObject({ status: 'auto', targetPage: 16 });
  });

  it('drops a decision whose item changed or whose engine page moved', () => {
    const decisions = [
      decided(item(1), 10, { status: 'confirmed' }),
      decided(item(2), 12, { status: 'removed' }),
      decided(item(3), 14, { targetPage: 15, masterPage: 15 }),
    ];
    const { rows, carried } = keptForLinks(
      decisions,
      [fresh(item(1, 'A', 'Affidavit of someone else'), 10), fresh(item(2), 13), fresh(item(3), 14)],
      masterPageOf,
    );
    expect(carried).toEqual({ kept: 1, dropped: 2 });
    expect(rows.map((r) => r.status)).toEqual(['auto', 'auto', 'auto']);
    expect(rows.map((r) => r.targetPage)).toEqual([10, 13, 15]);
    expect(rows[2]).toMatchObject({ id: decisions[2]!.link.id });
  });

  it('drops a decision on a link now into another document, and places an override in the record after the brief', () => {
    const decisions = [
      decided(item(1), 10, { status: 'confirmed' }),
      decided(item(2), 5, { target: 'record', targetDocId: RECORD, targetPage: 6, masterPage: 46 }),
    ];
    const { rows, carried } = keptForLinks(decisions, [fresh(item(1), 10, 'record'), fresh(item(2), 5, 'record')], masterPageOf);
    expect(carried).toEqual({ kept: 1, dropped: 1 });
    expect(rows[0]).toMatchObject({ status: 'auto', target: 'record' });
    expect(rows[1]).toMatchObject({ id: decisions[1]!.link.id, targetPage: 6, masterPage: 46 });
  });
});
