import { describe, expect, it } from 'vitest';
import { INDEX_STAGE_FROM } from '../documents/serialize.ts';
import { indexStageProgress } from './document-process.ts';

describe('the index stage\'s progress figure', () => {
  it('goes up through the stage and never back when a new round of pages starts from 0', () => {
    const shown = indexStageProgress();
    // three rounds: two list-headed pages, then the index page, then the page after it
    const figures = [[0, 2], [1, 2], [2, 2], [0, 1], [1, 1], [0, 1], [1, 1]].map(([d, t]) => shown(d!, t!));
    expect(figures[0]).toBe(INDEX_STAGE_FROM);
    for (let i = 1; i < figures.length; i++) expect(figures[i]).toBeGreaterThanOrEqual(figures[i - 1]!);
    expect(Math.max(...figures)).toBe(99); // and it stays within the stage, short of done
  });
});
