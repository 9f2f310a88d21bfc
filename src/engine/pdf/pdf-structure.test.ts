import { describe, expect, it } from 'vitest';
import { pdfVariants, writeVariant, type VariantShape } from '../../../test/fixtures/pdf-variants.ts';
import { readOrRefuse } from '../../../test/fixtures/read-or-refuse.ts';

const plain: VariantShape = {
  pages: 2, tree: 'flat', resources: 'page', form: 'none', geometry: 'page', compress: true,
  length: 'right', objectStreams: false, update: false, xref: 'right', keep: 1, oddTree: 'none',
};

/** A shape no damage was drawn for: it must be read, with the text of every page. */
const valid = (s: VariantShape) => s.keep === 1 && s.oddTree === 'none' && (s.length === 'right' || s.length === 'indirect') && s.xref === 'right';

describe('PDFs of legal but unusual structure', () => {
  it.each<[string, Partial<VariantShape>]>([
    ['a page without /Resources', { resources: 'absent' }],
    ['a page whose /Resources is null', { resources: 'null' }],
    ['resources inherited from the root of the page tree', { resources: 'inherited', tree: 'deep' }],
    ['a form XObject without /Resources', { form: 'no-resources' }],
    ['a form XObject that draws itself', { form: 'cycle' }],
    ['a form XObject that is missing', { form: 'missing' }],
    ['MediaBox and Rotate inherited through nested page nodes', { geometry: 'inherited', tree: 'nested', pages: 4 }],
    ['objects in object streams, with an incremental update', { objectStreams: true, update: true, length: 'indirect' }],
  ])('%s is read: limits walked, text read, linked', async (_name, change) => {
    const shape = { ...plain, ...change };
    const out = await readOrRefuse(writeVariant(shape, 3));
    expect(out).toMatchObject({ outcome: 'read', pages: shape.pages });
    const text = out.outcome === 'read' ? out.text : '';
    expect(text).toContain('Affidavit of Jane Morrison');
    expect(text).toContain('TAB 1');
    // a form drawn without resources of its own uses its page's
    expect(text.includes('Form text')).toBe(['no-resources', 'cycle', 'own-resources'].includes(shape.form) && (shape.resources === 'page' || shape.resources === 'inherited'));
  });

  it('a page tree whose kid is a missing object is refused as damaged, naming the page', async () => {
    // the deep tree's first node cut off: the root's only kid does not exist
    const bytes = writeVariant({ ...plain, pages: 1, tree: 'deep', resources: 'null', form: 'no-resources', geometry: 'inherited', length: 'right' }, 1);
    const at = Buffer.from(bytes).indexOf('\n5 0 obj');
    expect(at).toBeGreaterThan(0);
    const cut = bytes.subarray(0, at + 1);
    expect(await readOrRefuse(cut)).toMatchObject({ outcome: 'refused', code: 'damaged', reason: expect.stringContaining('page 1 of 1 is missing from its page tree') });
  });
});

describe('fuzz: generated PDF structures, valid and damaged', () => {
  it('every file is read or refused with the engine reason, never an internal error; every valid one is read with its text', async () => {
    const outcomes = { read: 0, refused: 0, internal: [] as string[] };
    for (const v of pdfVariants(1, 200)) {
      const out = await readOrRefuse(v.bytes);
      if (out.outcome === 'internal') outcomes.internal.push(`seed ${v.seed} ${JSON.stringify(v.shape)}: ${out.error}`);
      else outcomes[out.outcome]++;
      if (valid(v.shape)) {
        expect(out, `seed ${v.seed}`).toMatchObject({ outcome: 'read', pages: v.shape.pages });
        expect(out.outcome === 'read' && out.text, `seed ${v.seed}`).toContain('Affidavit of Jane Morrison');
      }
      if (out.outcome === 'refused') expect(out.reason).toMatch(/^damaged PDF that cannot be repaired: \S/);
    }
    expect(outcomes.internal).toEqual([]);
    // both kinds are there: the generator is not blind
    expect(outcomes.read).toBeGreaterThan(150);
    expect(outcomes.refused).toBeGreaterThan(5);
  });
});
