import { expect, test } from '@playwright/test';
import { BASE_URL, createCaseThroughApi, registerThroughApi, uniqueSuffix } from './helpers.ts';
import { documentRow, fixturePdf, uploadThroughApi } from './documents-helpers.ts';

test.beforeEach(async ({ page }) => {
  await registerThroughApi(page);
});

test('a scanned brief: links ready while its text layer is still being read, then nothing special once it is complete', async ({ page }) => {
  test.setTimeout(900_000);
  const brief = await fixturePdf('scanned-brief');
  const created = await createCaseThroughApi(page, `SCAN-${uniqueSuffix()}`, 'Scanned record');
  const doc = await uploadThroughApi(page, created.id, 'scanned-brief.pdf', brief.bytes, 'Scanned Record');
  await page.goto(`/cases/${created.id}`);
  const row = documentRow(page, 'Scanned Record');
  // the index is known from the quick reading; the text layer of the pages of prose comes after
  await expect(row).toContainText(`${brief.items} index items`, { timeout: 600_000 });
  const built = await page.request.post('/api/documents/start-hyperlinking', { data: { documentIds: [doc.id] }, headers: { Origin: BASE_URL }, timeout: 120_000 });
  expect(built.status()).toBe(200);
  // built through the API, not this page: the list learns of the links at its next refresh (every 2 s while the text layer is read)
  const note = row.getByLabel('Text layer');
  await expect(note).toHaveText(/^links ready · text layer \d+ of \d+ pages$/, { timeout: 30_000 });
  await page.screenshot({ path: test.info().outputPath('links-ready-text-layer.png'), fullPage: true });

  await page.goto(`/cases/${created.id}/ocr`);
  await expect(page.getByRole('listitem', { name: 'OCR Scanned Record' })).toContainText(/links ready · text layer \d+ of \d+ pages|Text ready on all \d+ pages/);

  await page.goto(`/cases/${created.id}`);
  await expect(row.getByLabel('Text layer')).toHaveCount(0, { timeout: 600_000 });
  await expect(row).toContainText(`${brief.items} links`);
});
