import { expect, test, type Locator, type Page } from '@playwright/test';
import { BASE_URL, caseCard, createCaseThroughApi, registerThroughApi, uniqueSuffix } from './helpers.ts';
import { fixturePdf, uploadThroughApi } from './documents-helpers.ts';

const LONG_PLAINTIFF = 'Consolidated Amalgamated Northwestern Pipeline Transportation Holdings Incorporated and Subsidiaries';
const LONG_DEFENDANT = 'TheRegionalMunicipalityOfSomewhereWithAVeryLongNameWithoutSpaces';

async function pageScrollsSideways(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

async function expectInside(inner: Locator, outer: Locator) {
  const a = (await inner.boundingBox())!;
  const b = (await outer.boundingBox())!;
  expect(a.x).toBeGreaterThanOrEqual(b.x);
  expect(a.x + a.width).toBeLessThanOrEqual(b.x + b.width + 0.5);
}

test('on a 390 px phone the case list and the case dashboard fit the screen, long party names included', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await registerThroughApi(page);
  const caseNumber = `PH-${uniqueSuffix()}`;
  const created = await createCaseThroughApi(page, caseNumber, 'Consolidated Amalgamated Northwestern Pipeline v. Municipality');
  const patched = await page.request.patch(`/api/cases/${created.id}`, { data: { plaintiff: LONG_PLAINTIFF, defendant: LONG_DEFENDANT }, headers: { Origin: BASE_URL } });
  expect(patched.status(), await patched.text()).toBe(200);
  const name = 'a-very-long-file-name-of-a-motion-record-volume-one-of-three.pdf';
  const brief = await fixturePdf('lettered-tabs', name);
  await uploadThroughApi(page, created.id, name, brief.bytes, 'Motion Record of the Applicant, Volume One of Three');

  await page.goto('/case-management');
  const card = caseCard(page, caseNumber);
  await expect(card).toContainText('Consolidated Amalgamated Northwestern');
  expect(await pageScrollsSideways(page)).toBe(0);
  await expectInside(card.getByRole('button', { name: `Delete case ${caseNumber}` }), card);

  await page.goto(`/cases/${created.id}`);
  const row = page.getByRole('listitem', { name: /^Document Motion Record/ });
  await expect(row).toBeVisible();
  expect(await pageScrollsSideways(page)).toBe(0);
  await expectInside(row.getByRole('button', { name: /^Delete / }), page.locator('#case-documents'));
  await expectInside(page.getByLabel('Reviewer'), page.getByRole('region', { name: 'Workflow' }));

  // the chat widget, closed and open, stays on the screen
  await page.getByRole('button', { name: 'Open feedback chat' }).click();
  const chat = page.getByRole('dialog', { name: 'Feedback chat' });
  await expect(chat).toBeVisible();
  expect(await pageScrollsSideways(page)).toBe(0);
  const box = (await chat.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
});
