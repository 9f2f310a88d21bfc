import { expect, test, type Page } from '@playwright/test';
import { loadRefFixture } from '../fixtures/refs/index.ts';
import { BASE_URL, createCaseThroughApi, registerThroughApi, toastWith, uniqueSuffix, widest } from './helpers.ts';
import { documentRow, uploadThroughApi } from './documents-helpers.ts';

type Doc = { status: string; aiProcessingStatus: string; recordDocumentIds: string[]; referenceCount: number; pageCount: number };
const docOf = async (page: Page, id: string) => (await (await page.request.get(`/api/documents/${id}`)).json()) as Doc;

test.beforeEach(async ({ page }) => {
  await registerThroughApi(page);
});

test('a factum is paired in the browser with both volumes of its Appeal Book, named as it cites them, and its references are listed for review', async ({ page }) => {
  test.setTimeout(240_000);
  const f = await loadRefFixture('refs-ca-appeal-book');
  const created = await createCaseThroughApi(page, `RR-${uniqueSuffix()}`, 'Singh v. Harbour Holdings');
  const brief = await uploadThroughApi(page, created.id, 'factum.pdf', f.brief, 'Factum');
  const v1 = await uploadThroughApi(page, created.id, 'appeal-book-1.pdf', f.records[0]!.pdf, 'Appeal Book 1');
  const v2 = await uploadThroughApi(page, created.id, 'appeal-book-2.pdf', f.records[1]!.pdf, 'Appeal Book 2');
  for (const d of [brief, v1, v2]) await expect.poll(async () => (await docOf(page, d.id)).status, { timeout: 90_000 }).toBe('completed');
  const built = await page.request.post('/api/documents/start-hyperlinking', { data: { documentIds: [brief.id] }, headers: { Origin: BASE_URL }, timeout: 60_000 });
  expect(built.status()).toBe(200);

  await page.goto(`/cases/${created.id}`);
  // each volume marked as a record, named as the factum cites it
  for (const [title, volume] of [['Appeal Book 1', '1'], ['Appeal Book 2', '2']] as const) {
    const row = documentRow(page, title);
    await row.getByRole('button', { name: `Edit ${title}` }).click();
    await row.getByLabel('Document kind').selectOption('record');
    await row.getByLabel('Cited in briefs as').fill('AB');
    await row.getByLabel('Volume').fill('x');
    await expect(row).toContainText('A volume is a whole number from 1 to 999');
    await row.getByLabel('Volume').fill(volume);
    await row.getByRole('button', { name: 'Save' }).click();
    await expect(row.getByLabel('Pairing')).toContainText(`Cited as “AB Vol. ${volume}”`);
  }

  // the factum points into volume 1, then volume 2
  const briefRow = documentRow(page, 'Factum');
  await briefRow.getByRole('button', { name: 'Edit Factum' }).click();
  await briefRow.getByLabel('Links point into').selectOption({ label: 'Trial record: Appeal Book 1 (AB Vol. 1)' });
  await briefRow.getByLabel('Appeal Book 2').check();
  await briefRow.getByRole('button', { name: 'Save' }).click();
  await expect(toastWith(page, 'Document Updated')).toBeVisible();
  await expect(briefRow.getByLabel('Pairing')).toContainText('→ record: Appeal Book 1, Appeal Book 2');
  await expect.poll(async () => (await docOf(page, brief.id)).recordDocumentIds, { timeout: 30_000 }).toEqual([v1.id, v2.id]);
  await expect.poll(async () => (await docOf(page, brief.id)).aiProcessingStatus, { timeout: 90_000 }).toBe('completed');
  const refs = (await docOf(page, brief.id)).referenceCount;
  expect(refs).toBe(f.truth.references.filter((r) => r.kind === 'record').length);

  // the review lists them beside the links, each going into its volume
  await page.goto(`/cases/${created.id}/review/${brief.id}`);
  const panel = page.getByRole('region', { name: 'References to the record' });
  await expect(panel).toContainText(`${refs} found`);
  const items = panel.getByRole('list', { name: 'References' }).getByRole('listitem');
  await expect(items).toHaveCount(refs);
  await expect(panel).toContainText('→ AB Vol. 2 page');
  await panel.getByLabel('Filter references by record document').selectOption({ label: 'AB Vol. 2 – Appeal Book 2' });
  const inVol2 = await items.count();
  expect(inVol2).toBeGreaterThan(0);
  expect(inVol2).toBeLessThan(refs);
  for (const t of await items.allInnerTexts()) expect(t).toContain('→ AB Vol. 2 page');

  // removed in the list, as a link is
  const first = items.first();
  const text = (await first.getAttribute('aria-label'))!.replace(/^Reference /, '');
  await first.getByRole('button', { name: `Remove reference ${text}` }).click();
  // (the modal says its toasts again inside it; a removed reference goes to the end of the list)
  await expect(page.getByRole('dialog').getByRole('status')).toContainText('Reference Updated');
  const removed = panel.getByRole('listitem', { name: `Reference ${text}`, exact: true });
  await expect(removed).toContainText('Removed');
  await expect(items.last()).toHaveAttribute('aria-label', `Reference ${text}`);

  // on a phone the review with its references fits the width
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByRole('region', { name: 'References to the record' })).toContainText(`${refs} found`);
  await page.getByRole('region', { name: 'References to the record' }).scrollIntoViewIfNeeded();
  expect(await widest(page)).toBeNull();
});
