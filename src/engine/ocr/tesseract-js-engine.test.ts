import { existsSync, readdirSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTesseractJsEngine, offlineWorkerOptions } from './tesseract-js-engine.ts';

describe('tesseract.js engine offline', () => {
  it('reads the English data from the installed package on disk and caches nothing', async () => {
    const opts = offlineWorkerOptions();
    // A plain absolute path (not a URL) makes tesseract.js read the file instead of fetching it.
    expect(isAbsolute(opts.langPath)).toBe(true);
    expect(opts.langPath).not.toMatch(/^[a-z]+:\/\//i);
    expect(existsSync(join(opts.langPath, 'eng.traineddata.gz'))).toBe(true);
    expect(opts).toMatchObject({ gzip: true, cacheMethod: 'none' });

    const before = readdirSync(process.cwd());
    const engine = await createTesseractJsEngine();
    await engine.close();
    expect(readdirSync(process.cwd())).toEqual(before);
    expect(existsSync(join(process.cwd(), 'eng.traineddata'))).toBe(false);
  });
});
