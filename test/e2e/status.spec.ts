import { expect, test, type Page } from '@playwright/test';
import { createCaseThroughApi, registerThroughApi, toastWith, uniqueSuffix } from './helpers.ts';
import { fixturePdf, uploadThroughApi } from './documents-helpers.ts';

async function indexedDocument(page: Page, caseId: string, title: string): Promise<string> {
  const brief = await fixturePdf('lettered-tabs', `${title}.pdf`);
  const doc = await uploadThroughApi(page, caseId, `${title}.pdf`, brief.bytes, title);
  await expect
    .poll(async () => ((await (await page.request.get(`/api/documents/${doc.id}`)).json()) as { index_status: string }).index_status, { timeout: 60_000 })
    .toBe('ok');
  return doc.id;
}

test.beforeEach(async ({ page }) => {
  await registerThroughApi(page);
});

test('System Status refreshes itself and Retry Links turns a document from none to linked', async ({ page }) => {
  test.setTimeout(150_000);
  const created = await createCaseThroughApi(page, `ST-${uniqueSuffix()}`, 'Status v. Check');
  const first = await indexedDocument(page, created.id, `Status brief ${uniqueSuffix()}`);

  await page.goto('/');
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'System Status' }).click();
  await expect(page).toHaveURL(/\/status$/);
  await expect(page.getByRole('heading', { name: 'System Status' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Auto-refresh' })).toBeChecked();
  await expect(page.getByTestId('card-health')).toContainText('Healthy');
  await expect(page.getByTestId('card-database')).toContainText('Connected');
  await expect(page.getByTestId('card-ocr')).toContainText(/Native Tesseract|tesseract\.js/);
  await expect(page.getByTestId('card-jobs')).toContainText('Queued');
  // the server's own worker (ROLE=all) processed the brief: named with what it did
  await expect(page.getByTestId('job-workers')).toContainText(/\d+ running · [1-9]\d* processed, last/);
  // the workflow sidebar is here too, following the case
  await expect(page.getByRole('navigation', { name: 'Workflow' })).toBeVisible();

  const row = page.getByTestId(`recent-doc-${first}`);
  await expect(row.getByText('ok', { exact: true })).toBeVisible();
  await expect(row.getByText('none', { exact: true })).toBeVisible();
  const count = await (await page.request.get(`/api/documents/${first}`)).json() as { index_count: number };
  await expect(row.getByRole('cell').nth(3)).toHaveText(String(count.index_count), { useInnerText: true });

  // a document uploaded after the page opened shows up without a reload (auto-refresh every 10 s)
  const second = await indexedDocument(page, created.id, `Second brief ${uniqueSuffix()}`);
  await expect(page.getByTestId(`recent-doc-${second}`)).toBeVisible({ timeout: 25_000 });

  await row.getByRole('button', { name: 'Retry Links' }).click();
  await expect(row.getByText('linked', { exact: true })).toBeVisible({ timeout: 60_000 });
  await expect(row.getByRole('button', { name: 'Retry Links' })).toHaveCount(0);
});

test('Report an Issue from the header menu is listed on the status page; a 404 offers it and has no sidebar', async ({ page }) => {
  const created = await createCaseThroughApi(page, `RI-${uniqueSuffix()}`, 'Report v. Issue');
  const brief = await fixturePdf('lettered-tabs', 'reported.pdf');
  const title = `Reported brief ${uniqueSuffix()}`;
  await uploadThroughApi(page, created.id, 'reported.pdf', brief.bytes, title);

  await page.goto(`/cases/${created.id}`);
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Report an Issue' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('within 24 hours')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Send report' })).toBeDisabled();
  const text = `Tab C opens the wrong page ${uniqueSuffix()}`;
  await dialog.getByLabel('What happened?').fill(text);
  await dialog.getByLabel('Which document (optional)').selectOption({ label: title });
  // a screenshot of the page, taken by the browser, attached as the person would attach theirs
  const shot = await page.screenshot({ type: 'png' });
  await dialog.getByLabel('Screenshot of the page (optional)').setInputFiles({ name: 'screen.png', mimeType: 'image/png', buffer: shot });
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(toastWith(page, 'Issue reported')).toContainText('within 24 hours');

  await page.goto('/status');
  const report = page.getByTestId('issue-report').filter({ hasText: text });
  await expect(report).toContainText(title);
  await expect(report).toContainText(`/cases/${created.id}`);
  const img = report.getByRole('img', { name: 'Screenshot sent with the report' });
  await expect(img).toBeVisible();
  expect(await img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(100);
  await expect(page.getByText('Non-critical issues get a response within 24 hours.')).toBeVisible();

  await page.goto(`/cases/${created.id}/no-such-screen`);
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await expect(page.getByText('Auto-advance steps')).toHaveCount(0);
  await expect(page.getByText('Workflow', { exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'Report an Issue' }).click();
  await expect(page.getByRole('dialog').getByText(`/cases/${created.id}/no-such-screen`)).toBeVisible();
  await page.keyboard.press('Escape');

  // Help, which tells people to use the button, has it
  await page.goto('/help');
  await page.getByRole('button', { name: 'Report an Issue' }).click();
  await expect(page.getByRole('dialog', { name: 'Report an Issue' })).toBeVisible();
});
