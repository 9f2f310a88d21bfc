import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/** The page model sits beneath the index and resolve stages: what it knows of a page, they read, never the other way. */

const HERE = dirname(fileURLToPath(import.meta.url));
const ENGINE = join(HERE, '..');

/** Every module specifier a source file imports, statically or dynamically. */
function importsOf(file: string): string[] {
  const src = readFileSync(file, 'utf8');
  return [...src.matchAll(/(?:from\s+|import\s*\(\s*)'([^']+)'/g)].map((m) => m[1]!);
}

const sources = (dir: string) => readdirSync(dir).filter((f) => f.endsWith('.ts')).map((f) => join(dir, f));

describe('the engine\'s layers', () => {
  it('page-model/ imports nothing from index/ or resolve/, tests included', () => {
    const wrong = sources(HERE).flatMap((f) => importsOf(f).filter((s) => /(^|\/)(index|resolve)\//.test(s)).map((s) => `${f.slice(ENGINE.length + 1)}: ${s}`));
    expect(wrong).toEqual([]);
  });

  it('index/ imports nothing from resolve/', () => {
    const dirs = [join(ENGINE, 'index'), join(ENGINE, 'index', 'assemble'), join(ENGINE, 'index', 'parse-row')];
    const wrong = dirs.flatMap(sources).flatMap((f) => importsOf(f).filter((s) => /(^|\/)resolve\//.test(s)).map((s) => `${f.slice(ENGINE.length + 1)}: ${s}`));
    expect(wrong).toEqual([]);
  });
});
