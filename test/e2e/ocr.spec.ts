import { expect, test } from '@playwright/test';
import { createCaseThroughApi, registerThroughApi, uniqueSuffix } from './helpers.ts';
import { documentRow, fixturePdf, uploadThroughApi } from './documents-helpers.ts';

test.beforeEach(async ({ page }) => {
  await registerThroughApi(page);
});

test('a brief with scanned pages: the OCR page follows it live until its text is ready, then the index count shows', async ({ page }) => {
  test.setTimeout(150_000);
  const brief = await fixturePdf('mixed-brief');
  const created = await createCaseThroughApi(page, `OCR-${uniqueSuffix()}`, 'Scanned matter');
  await uploadThroughApi(page, created.id, 'mixed-brief.pdf', brief.bytes, 'Scanned Brief');
  await page.goto(`/cases/${created.id}/ocr`);

  const row = page.getByRole('listitem', { name: 'OCR Scanned Brief' });
  const card = page.getByLabel('OCR progress of Scanned Brief');
  await expect(card).toBeVisible();
  await expect(card).toContainText(/Waiting to start…|Page \d+ of \d+|Reading pages…/);
  await expect(card.getByRole('progressbar')).toHaveAttribute('aria-valuenow', /\d+/);
  // While the only document is being read, step 3 of the sidebar counts its pages.
  await expect(page.getByRole('navigation', { name: 'Workflow' })).toContainText(/Processing page \d+ of \d+ \(\d+%\)/, { timeout: 60_000 });
  await expect(row).toContainText(/Text ready on all \d+ pages/, { timeout: 120_000 });
  await expect(card).toHaveCount(0);

  await page.getByRole('link', { name: 'Case dashboard' }).click();
  await expect(documentRow(page, 'Scanned Brief')).toContainText(`${brief.items} index items`, { timeout: 30_000 });
});
