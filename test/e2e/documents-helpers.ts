import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { loadFixture } from '../fixtures/index.ts';
import { BASE_URL } from './helpers.ts';

const dir = mkdtempSync(join(tmpdir(), 'brieflink-e2e-files-'));

/** Writes a generated fixture's brief to a temporary PDF named `fileName`; returns its path and index size. */
export async function fixturePdf(name: string, fileName = `${name}.pdf`): Promise<{ path: string; items: number; bytes: Uint8Array }> {
  const fixture = await loadFixture(name);
  const path = join(dir, fileName);
  writeFileSync(path, fixture.brief);
  return { path, items: fixture.truth.items.length, bytes: fixture.brief };
}

/** A plain-text file that is not a PDF. */
export function textFile(fileName = 'notes.txt'): string {
  const path = join(dir, fileName);
  writeFileSync(path, 'Not a PDF, only some notes about the case.\n');
  return path;
}

/** Uploads a PDF through the API (setup for tests about the list), returning the new document's id. */
export async function uploadThroughApi(page: Page, caseId: string, fileName: string, bytes: Uint8Array, title?: string): Promise<{ id: string }> {
  const multipart: Record<string, string | { name: string; mimeType: string; buffer: Buffer }> = { caseId };
  if (title) multipart.title = title;
  multipart.file = { name: fileName, mimeType: 'application/pdf', buffer: Buffer.from(bytes) };
  const res = await page.request.post('/api/upload/document', { multipart, headers: { Origin: BASE_URL } });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return (await res.json()) as { id: string };
}

/** The document row in the case dashboard's list. */
export function documentRow(page: Page, title: string) {
  return page.getByRole('list', { name: 'Documents' }).getByRole('listitem', { name: `Document ${title}` });
}
