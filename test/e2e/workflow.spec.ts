import { expect, test, type Page } from '@playwright/test';
import { BASE_URL, createCaseThroughApi, registerThroughApi, uniqueSuffix } from './helpers.ts';
import { fixturePdf, uploadThroughApi } from './documents-helpers.ts';

test.beforeEach(async ({ page }) => {
  await registerThroughApi(page);
});

function sidebar(page: Page) {
  return page.getByRole('navigation', { name: 'Workflow' });
}

function step(page: Page, name: RegExp) {
  return sidebar(page).getByRole('button', { name });
}

test('a new case: step 1 done, upload current and ready, later steps blocked; not shown on /', async ({ page }) => {
  const number = `WF-${uniqueSuffix()}`;
  const created = await createCaseThroughApi(page, number, 'Workflow matter');
  await page.goto(`/cases/${created.id}`);
  const nav = sidebar(page);
  await expect(nav).toContainText(number);
  await expect(nav).toContainText('Workflow matter');
  await expect(step(page, /1 Create Case/)).toContainText('Done');
  await expect(step(page, /1 Create Case/)).toContainText('Completed');
  await expect(step(page, /2 Upload Documents/)).toHaveAttribute('aria-current', 'step');
  await expect(step(page, /2 Upload Documents/)).toContainText('Ready to start');
  for (const name of [/3 OCR Processing/, /4 AI Hyperlinking/, /5 Lawyer Review/, /6 Court Submit/]) {
    await expect(step(page, name)).toBeDisabled();
    await expect(step(page, name)).toContainText('Not available yet');
  }
  await step(page, /1 Create Case/).click();
  await expect(page).toHaveURL(/\/case-management$/);

  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Case Management' })).toBeVisible();
  await expect(sidebar(page)).toHaveCount(0);
});

test('Auto-advance steps is on by default and its change is kept on the case', async ({ page }) => {
  const created = await createCaseThroughApi(page, `AA-${uniqueSuffix()}`, 'Auto matter');
  await page.goto(`/cases/${created.id}`);
  const box = sidebar(page).getByRole('checkbox', { name: /Auto-advance steps/ });
  await expect(box).toBeChecked();
  await expect(sidebar(page)).toContainText('Automatically move to next step when current step completes');
  const saved = page.waitForResponse((r) => r.url().endsWith(`/api/cases/${created.id}`) && r.request().method() === 'PATCH');
  await box.uncheck();
  const answer = await saved;
  expect(answer.status(), await answer.text()).toBe(200);
  // With auto-advance off the steps are the server's record of the case: the case exists (step 1 done),
  // the current step with nothing recorded is in progress, the rest not available yet.
  await expect(step(page, /1 Create Case/)).toContainText('Done');
  await expect(step(page, /2 Upload Documents/)).toContainText('In progress');
  for (const name of [/3 OCR Processing/, /4 AI Hyperlinking/, /5 Lawyer Review/, /6 Court Submit/]) {
    await expect(step(page, name)).toContainText('Not available yet');
  }
  await page.reload();
  await expect(sidebar(page).getByRole('checkbox', { name: /Auto-advance steps/ })).not.toBeChecked();

  // a document uploaded and read: steps 2 and 3 done from the server's record, still with auto-advance off
  const brief = await fixturePdf('lettered-tabs', 'auto-off.pdf');
  const doc = await uploadThroughApi(page, created.id, 'auto-off.pdf', brief.bytes, 'Auto off brief');
  await expect
    .poll(async () => ((await (await page.request.get(`/api/documents/${doc.id}`)).json()) as { index_status: string }).index_status, { timeout: 60_000 })
    .toBe('ok');
  await page.reload();
  await expect(step(page, /1 Create Case/)).toContainText('Done');
  await expect(step(page, /2 Upload Documents/)).toContainText('Done');
  await expect(step(page, /3 OCR Processing/)).toContainText('Done');
  await expect(step(page, /4 AI Hyperlinking/)).toContainText('Not available yet');
});

test('after OCR the case is on step 4, ready to start; /ocr opens the last opened case’s OCR page with the document done', async ({ page }) => {
  const brief = await fixturePdf('ontario-brief');
  const older = await createCaseThroughApi(page, `OC-${uniqueSuffix()}`, 'Older matter');
  const created = await createCaseThroughApi(page, `OC-${uniqueSuffix()}`, 'OCR matter');
  await uploadThroughApi(page, older.id, 'ontario-brief.pdf', brief.bytes, 'Affidavit Book');
  await page.goto(`/cases/${older.id}`);
  await expect(page.getByRole('listitem', { name: 'Document Affidavit Book' })).toContainText('OCR complete', { timeout: 30_000 });
  await expect(step(page, /3 OCR Processing/)).toContainText('Done');
  await expect(step(page, /4 AI Hyperlinking/)).toHaveAttribute('aria-current', 'step');
  await expect(step(page, /4 AI Hyperlinking/)).toContainText('Ready to start');
  await expect(step(page, /4 AI Hyperlinking/)).toBeEnabled();
  await expect(step(page, /2 Upload Documents/)).toContainText('Completed');

  await page.goto('/ocr');
  await expect(page).toHaveURL(new RegExp(`/cases/${older.id}/ocr$`));
  await expect(page.getByRole('heading', { name: 'OCR Processing', level: 1 })).toBeVisible();
  const row = page.getByRole('listitem', { name: 'OCR Affidavit Book' });
  await expect(row).toContainText('Text ready on all');
  // The progress card is hidden once OCR has completed.
  await expect(page.getByLabel('OCR progress of Affidavit Book')).toHaveCount(0);
  expect(created.id).not.toBe(older.id);
});

test('Review Hyperlinks opens the review page of the case', async ({ page }) => {
  const created = await createCaseThroughApi(page, `RV-${uniqueSuffix()}`, 'Review matter');
  await page.goto(`/cases/${created.id}`);
  await page.getByRole('region', { name: 'Case Documents' }).getByRole('link', { name: 'Review Hyperlinks' }).click();
  await expect(page).toHaveURL(new RegExp(`/cases/${created.id}/review$`));
  await expect(page.getByRole('heading', { name: 'Lawyer Review' })).toBeVisible();
  // the screen is step 5's; the case, with nothing uploaded, is still on step 2
  await expect(step(page, /5 Lawyer Review/)).toHaveAttribute('aria-current', 'page');
  await expect(step(page, /2 Upload Documents/)).toHaveAttribute('aria-current', 'step');
  await expect(page.getByText('No documents to review')).toBeVisible();
});

test('every screen with the sidebar shows the case it shows and the same current step: links built, review is next', async ({ page }) => {
  test.setTimeout(120_000);
  const number = `WS-${uniqueSuffix()}`;
  const created = await createCaseThroughApi(page, number, 'Sidebar matter');
  const brief = await fixturePdf('lettered-tabs', 'sidebar-brief.pdf');
  const doc = await uploadThroughApi(page, created.id, 'sidebar-brief.pdf', brief.bytes, 'Sidebar brief');
  await expect
    .poll(async () => ((await (await page.request.get(`/api/documents/${doc.id}`)).json()) as { index_status: string }).index_status, { timeout: 60_000 })
    .toBe('ok');
  const built = await page.request.post('/api/documents/start-hyperlinking', { data: { documentIds: [doc.id] }, headers: { Origin: BASE_URL }, timeout: 60_000 });
  expect(built.status(), await built.text()).toBe(200);

  await page.goto(`/cases/${created.id}`);
  for (const path of [`/cases/${created.id}`, `/cases/${created.id}/ocr`, `/cases/${created.id}/workspace`, `/cases/${created.id}/review`, '/instant', '/court-ready', '/case-management', '/links', '/status']) {
    await page.goto(path);
    const nav = sidebar(page);
    await expect(nav, path).toContainText(number);
    await expect(nav, path).not.toContainText('Open a case');
    await expect(nav.locator('[aria-current="step"]'), path).toHaveCount(1);
    await expect(step(page, /5 Lawyer Review/), path).toHaveAttribute('aria-current', 'step');
    await expect(step(page, /5 Lawyer Review/), path).toContainText('Ready to start');
    for (const done of [/3 OCR Processing/, /4 AI Hyperlinking/]) await expect(step(page, done), path).toContainText('Done');
    await expect(step(page, /6 Court Submit/), path).toContainText('Not available yet');
  }
});

test('beside the sidebar the header lines up with the two columns: the logo over the sidebar, the menu over the page', async ({ page }) => {
  const created = await createCaseThroughApi(page, `HD-${uniqueSuffix()}`, 'Header matter');
  await page.goto(`/cases/${created.id}`);
  const header = page.getByRole('banner');
  const logo = (await header.getByRole('link', { name: 'Brieflink' }).boundingBox())!;
  const steps = (await sidebar(page).boundingBox())!;
  expect(Math.abs(logo.x - steps.x)).toBeLessThanOrEqual(1);
  // the first menu item's text starts where the page's heading does
  const cases = header.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Cases' });
  const textStart = await cases.evaluate((el) => el.getBoundingClientRect().left + parseFloat(getComputedStyle(el).paddingLeft));
  const heading = (await page.getByRole('heading', { level: 1, name: 'Header matter' }).boundingBox())!;
  expect(Math.abs(textStart - heading.x)).toBeLessThanOrEqual(1);
});
