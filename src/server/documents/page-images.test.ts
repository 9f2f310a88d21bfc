import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildBombPdf } from '../../../test/fixtures/bomb.ts';
import { loadFixture } from '../../../test/fixtures/index.ts';
import { PageRenderer } from './page-images.ts';

const dir = mkdtempSync(join(tmpdir(), 'brieflink-page-images-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the page renderer shared by everyone', () => {
  it("takes people in turn: one person's many heavy pages delay another's page by one render, not all of them", async () => {
    // five pages that each draw 3 MB of lines: slow to render; and an ordinary brief
    const heavy = join(dir, 'heavy.pdf');
    writeFileSync(heavy, await buildBombPdf(5, 3));
    const brief = join(dir, 'brief.pdf');
    writeFileSync(brief, (await loadFixture('lettered-tabs')).brief);
    const renderer = new PageRenderer();
    try {
      const order: string[] = [];
      const a = [1, 2, 3, 4, 5].map((n) => renderer.render(heavy, 'heavy', n, 1200, 'person-a').then(() => order.push(`a${n}`)));
      // asked after all five of the other person's
      const b = renderer.render(brief, 'brief', 1, 800, 'person-b').then((r) => {
        order.push('b1');
        return r;
      });
      const page = await b;
      await Promise.all(a);
      expect(page.png.length).toBeGreaterThan(1000);
      // the first heavy page was already being rendered; the ordinary page comes next
      expect(order.indexOf('b1')).toBeLessThanOrEqual(1);
      // and the heavy pages still come out in the order they were asked for
      expect(order.filter((x) => x !== 'b1')).toEqual(['a1', 'a2', 'a3', 'a4', 'a5']);
    } finally {
      await renderer.close();
    }
  });

  it('answers a page out of range with its reason and goes on with the next request', async () => {
    const brief = join(dir, 'brief-2.pdf');
    writeFileSync(brief, (await loadFixture('lettered-tabs')).brief);
    const renderer = new PageRenderer();
    try {
      await expect(renderer.render(brief, 'b2', 100_000, 800, 'x')).rejects.toThrow(/page/i);
      const ok = await renderer.render(brief, 'b2', 1, 800, 'x');
      expect(ok.info.width).toBeGreaterThan(0);
    } finally {
      await renderer.close();
    }
  });
});
