import { expect, test } from '@playwright/test';
import { BASE_URL, createCaseThroughApi, registerThroughApi, uniqueSuffix } from './helpers.ts';
import { fixturePdf, uploadThroughApi } from './documents-helpers.ts';

const origin = { Origin: BASE_URL };

test('a refused court submission is said in a sentence beside the button, never as the server’s JSON', async ({ page }) => {
  test.setTimeout(120_000);
  await registerThroughApi(page);
  const created = await createCaseThroughApi(page, `CS-${uniqueSuffix()}`, 'Northgate v. Tremblay');
  const brief = await fixturePdf('lettered-tabs', 'motion-record.pdf');
  const doc = await uploadThroughApi(page, created.id, 'motion-record.pdf', brief.bytes, 'Motion Record');
  await expect
    .poll(async () => ((await (await page.request.get(`/api/documents/${doc.id}`)).json()) as { index_status: string }).index_status, { timeout: 60_000 })
    .toBe('ok');
  expect((await page.request.post('/api/documents/start-hyperlinking', { data: { documentIds: [doc.id] }, headers: origin, timeout: 60_000 })).status()).toBe(200);
  expect((await page.request.post(`/api/documents/${doc.id}/regenerate`, { headers: origin, timeout: 60_000 })).status()).toBe(200);
  const approved = await page.request.post(`/api/documents/${doc.id}/review`, { data: { approved: true, reviewerName: 'Sam Partner, LSO 999', unreviewedAccepted: (await (await page.request.get(`/api/documents/${doc.id}`)).json()).unreviewedCount }, headers: origin });
  expect(approved.status(), await approved.text()).toBeLessThan(300);

  await page.goto(`/court-ready?case=${created.id}`);
  await page.getByRole('checkbox', { name: /Motion Record/ }).check();
  await page.getByLabel('Court limit').selectOption('pages');
  await page.getByLabel('Max pages').fill('1');
  await page.getByRole('button', { name: /Submit to Court/ }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'Nothing was submitted' });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText("over the court's limit of 1");
  await expect(alert).not.toContainText('{');
  await expect(alert).not.toContainText('"error"');
});
