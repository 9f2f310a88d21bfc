import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { Storage } from './files.ts';

const caseId = '3f2a6c1e-8b7d-4c2a-9e1f-0a1b2c3d4e5f';
const docId = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';

describe('Storage', () => {
  const root = mkdtempSync(join(tmpdir(), 'brieflink-storage-'));
  const storage = new Storage(root);
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('builds paths from ids only and refuses anything else', () => {
    expect(storage.documentFile(caseId, docId, 'source.pdf')).toBe(join(root, 'cases', caseId, 'documents', docId, 'source.pdf'));
    for (const bad of ['../etc', 'a/b', '', `${caseId}/..`, 'CV-2024-001']) {
      expect(() => storage.caseDir(bad), bad).toThrow();
    }
    expect(() => storage.documentFile(caseId, docId, '../x.pdf')).toThrow();
    expect(() => storage.documentFile(caseId, docId, '.hidden')).toThrow();
  });

  it('writes through a temporary name and leaves no temporary file behind', async () => {
    const path = storage.documentFile(caseId, docId, 'source.pdf');
    await storage.writeAtomic(path, Buffer.from('%PDF-1.7 one'));
    await storage.writeAtomic(path, Readable.from([Buffer.from('%PDF-1.7 '), Buffer.from('two')]));
    expect(readFileSync(path, 'utf8')).toBe('%PDF-1.7 two');
    expect(readdirSync(storage.documentDir(caseId, docId))).toEqual(['source.pdf']);
  });

  it('keeps the previous file when a write fails midway', async () => {
    const path = storage.documentFile(caseId, docId, 'source.pdf');
    const failing = new Readable({
      read() {
        this.push(Buffer.from('partial'));
        this.destroy(new Error('connection lost'));
      },
    });
    await expect(storage.writeAtomic(path, failing)).rejects.toThrow('connection lost');
    expect(readFileSync(path, 'utf8')).toBe('%PDF-1.7 two');
    expect(readdirSync(storage.documentDir(caseId, docId))).toEqual(['source.pdf']);
  });

  it('removes a document, then a whole case', async () => {
    await storage.removeDocument(caseId, docId);
    expect(existsSync(storage.documentDir(caseId, docId))).toBe(false);
    await storage.writeAtomic(storage.documentFile(caseId, docId, 'out.pdf'), Buffer.from('x'));
    await storage.removeCase(caseId);
    expect(existsSync(storage.caseDir(caseId))).toBe(false);
  });
});
