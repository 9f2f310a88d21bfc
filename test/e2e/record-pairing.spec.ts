import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { loadFixture } from '../fixtures/index.ts';
import { BASE_URL, createCaseThroughApi, registerThroughApi, toastWith, uniqueSuffix } from './helpers.ts';
import { documentRow, uploadThroughApi } from './documents-helpers.ts';

const status = async (page: Page, id: string) => (await (await page.request.get(`/api/documents/${id}`)).json()) as { status: string; aiProcessingStatus: string };

test.beforeEach(async ({ page }) => {
  await registerThroughApi(page);
});

test('a brief whose tabs point into a separate trial record is paired with it in the browser, and its links land in the record', async ({ page }) => {
  test.setTimeout(180_000);
  const f = await loadFixture('brief-record');
  const items = f.truth.items.length;
  const created = await createCaseThroughApi(page, `TR-${uniqueSuffix()}`, 'Harrow v. Lindqvist');
  const brief = await uploadThroughApi(page, created.id, 'factum.pdf', f.brief, 'Factum');
  const record = await uploadThroughApi(page, created.id, 'record.pdf', f.record!, 'Trial Record');
  await expect.poll(async () => (await status(page, brief.id)).status, { timeout: 60_000 }).toBe('completed');
  await expect.poll(async () => (await status(page, record.id)).status, { timeout: 60_000 }).toBe('completed');
  // built before the record is known: none of its items is found in the brief itself
  const built = await page.request.post('/api/documents/start-hyperlinking', { data: { documentIds: [brief.id] }, headers: { Origin: BASE_URL }, timeout: 60_000 });
  expect(built.status()).toBe(200);

  await page.goto(`/cases/${created.id}`);
  const briefRow = documentRow(page, 'Factum');
  const recordRow = documentRow(page, 'Trial Record');
  await expect(briefRow).toContainText(`${items} items, 0 linked — set the record or the pages`);

  // the record is marked in Edit
  await recordRow.getByRole('button', { name: 'Edit Trial Record' }).click();
  await recordRow.getByLabel('Document kind').selectOption('record');
  await recordRow.getByRole('button', { name: 'Save' }).click();
  await expect(recordRow.getByLabel('Pairing')).toContainText('Trial record');
  await expect(recordRow).toContainText('No brief points into it yet');

  // the brief is offered the record, and attached with one click
  const offer = briefRow.getByRole('note');
  await expect(offer).toContainText('Items point outside this brief — attach the trial record “Trial Record”?');
  await page.screenshot({ path: join(tmpdir(), 'record-pairing-offer.png'), fullPage: true });
  await offer.getByRole('button', { name: 'Attach the record' }).click();
  await expect(toastWith(page, 'Document Updated')).toBeVisible();
  await expect(briefRow.getByLabel('Pairing')).toContainText('→ record: Trial Record');
  await expect(recordRow).toContainText('Briefs pointing into it: Factum');
  await expect(briefRow).toContainText(`${items} links`, { timeout: 60_000 });
  await expect(briefRow).not.toContainText('set the record or the pages');
  await expect(briefRow.getByRole('note')).toHaveCount(0);
  await page.screenshot({ path: join(tmpdir(), 'record-pairing-paired.png'), fullPage: true });

  // the review list shows each link going to its page in the record, after the brief's pages
  const briefPages = ((await (await page.request.get(`/api/documents/${brief.id}`)).json()) as { pageCount: number }).pageCount;
  await page.goto(`/cases/${created.id}/review`);
  const list = page.getByRole('list', { name: 'Least certain links of Factum' });
  const recordPages = new Set(f.truth.items.map((i) => i.targetPage));
  await expect(list).toContainText(`Record page`);
  const rows = list.getByRole('listitem').filter({ hasText: 'Record page' });
  expect(await rows.count()).toBeGreaterThan(0);
  const texts = await rows.allInnerTexts();
  for (const t of texts) {
    const m = /Record page (\d+) \(master page (\d+)\)/.exec(t);
    expect(m, t).not.toBeNull();
    expect(Number(m![2])).toBe(Number(m![1]) + briefPages);
    expect(recordPages.has(Number(m![1])), t).toBe(true);
  }
});

test('the Detect Index action says what it found', async ({ page }) => {
  test.setTimeout(120_000);
  const f = await loadFixture('brief-record');
  const created = await createCaseThroughApi(page, `DI-${uniqueSuffix()}`, 'Detect matter');
  const brief = await uploadThroughApi(page, created.id, 'factum.pdf', f.brief, 'Factum');
  await expect.poll(async () => (await status(page, brief.id)).status, { timeout: 60_000 }).toBe('completed');
  await page.goto(`/cases/${created.id}`);
  await documentRow(page, 'Factum').getByRole('button', { name: 'Detect index of Factum' }).click();
  const toast = toastWith(page, 'Index Detection Complete');
  await expect(toast).toContainText(`Found ${f.truth.items.length} index items across ${f.truth.indexPages.length} pages`);
});
