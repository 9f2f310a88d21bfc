import { expect, test } from '@playwright/test';
import { BASE_URL, caseCard, createCaseThroughApi, registerThroughApi, toastWith, uniqueSuffix } from './helpers.ts';
import { fixturePdf, uploadThroughApi } from './documents-helpers.ts';

const origin = { Origin: BASE_URL };

test('Court Submit shows the preflight of the court chosen, refuses a failure, and files it with a reason', async ({ page }) => {
  test.setTimeout(180_000);
  await registerThroughApi(page);
  const created = await createCaseThroughApi(page, `CR-${uniqueSuffix()}`, 'Ashby v. Rowe');
  const brief = await fixturePdf('lettered-tabs', 'bundle.pdf');
  const doc = await uploadThroughApi(page, created.id, 'bundle.pdf', brief.bytes, 'Trial Bundle');
  await expect
    .poll(async () => ((await (await page.request.get(`/api/documents/${doc.id}`)).json()) as { index_status: string }).index_status, { timeout: 60_000 })
    .toBe('ok');
  expect((await page.request.post('/api/documents/start-hyperlinking', { data: { documentIds: [doc.id] }, headers: origin, timeout: 60_000 })).status()).toBe(200);
  expect((await page.request.post(`/api/documents/${doc.id}/regenerate`, { headers: origin, timeout: 60_000 })).status()).toBe(200);
  const approved = await page.request.post(`/api/documents/${doc.id}/review`, { data: { approved: true, reviewerName: 'Sam Partner', unreviewedAccepted: (await (await page.request.get(`/api/documents/${doc.id}`)).json()).unreviewedCount }, headers: origin });
  expect(approved.status(), await approved.text()).toBeLessThan(300);

  await page.goto(`/court-ready?case=${created.id}`);
  await page.getByLabel('Court rules').selectOption('ew-civil');
  await page.getByRole('checkbox', { name: /Trial Bundle/ }).check();
  const rules = page.getByRole('list', { name: 'Preflight rules' });
  await expect(rules).toContainText('default view 100%');
  await expect(rules).toContainText('General guidance on electronic court bundles');
  await expect(page.getByText(/rules? of England & Wales: civil e-bundle fails?/)).toBeVisible();

  await page.getByRole('button', { name: /Submit to Court/ }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'fails preflight' });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText('Nothing was submitted');

  await page.getByLabel(/Reason to file despite a failing preflight/).fill('The registry accepted this format in writing on 3 May');
  await page.getByRole('button', { name: /Submit to Court/ }).click();
  await expect(page.getByRole('heading', { name: 'Filed' })).toBeVisible({ timeout: 60_000 });
});

test('a case is set to its court on the case page, and Court Submit opens on that court', async ({ page }) => {
  await registerThroughApi(page);
  const number = `CT-${uniqueSuffix()}`;
  const created = await createCaseThroughApi(page, number, 'Re Estate of Hale');
  await page.goto('/case-management');
  const card = caseCard(page, number);
  await card.getByRole('button', { name: `Edit case ${number}` }).click();
  await expect(card.getByLabel('Court rules')).toHaveValue('custom');
  await card.getByLabel('Court rules').selectOption('ew-family');
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(toastWith(page, 'Case updated successfully')).toBeVisible();
  expect(await (await page.request.get(`/api/cases/${created.id}`)).json()).toMatchObject({ courtProfile: 'ew-family' });
  await page.goto(`/court-ready?case=${created.id}`);
  await expect(page.getByLabel('Court rules')).toHaveValue('ew-family');
});
