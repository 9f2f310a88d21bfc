import { expect, test, type Page } from '@playwright/test';
import { BASE_URL, createCaseThroughApi, registerThroughApi, uniqueSuffix } from './helpers.ts';
import { fixturePdf, uploadThroughApi } from './documents-helpers.ts';

interface ApiLink {
  id: string;
  itemOrdinal: number;
  itemLabel: string;
  srcPage: number;
  targetPage: number | null;
  engineTargetPage: number | null;
  why: string | null;
}

const origin = { Origin: BASE_URL };

/** Pixels the page scrolls sideways (0 when it fits the screen). */
const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

async function waitForIndex(page: Page, docId: string): Promise<void> {
  await expect
    .poll(async () => ((await (await page.request.get(`/api/documents/${docId}`)).json()) as { index_status: string }).index_status, { timeout: 60_000 })
    .toBe('ok');
}

/** A generated brief uploaded under `fileName` into a case, its index detected and its links built, as the dashboard would. */
async function linkedBrief(page: Page, caseId: string, fixture: string, fileName: string, title: string): Promise<{ docId: string; links: ApiLink[]; pages: number }> {
  const brief = await fixturePdf(fixture, fileName);
  const doc = await uploadThroughApi(page, caseId, fileName, brief.bytes, title);
  await waitForIndex(page, doc.id);
  const built = await page.request.post('/api/documents/start-hyperlinking', { data: { documentIds: [doc.id] }, headers: origin, timeout: 60_000 });
  expect(built.status(), await built.text()).toBe(200);
  const links = ((await (await page.request.get(`/api/documents/${doc.id}/links`)).json()) as ApiLink[]).sort((a, b) => a.itemOrdinal - b.itemOrdinal);
  expect(links).toHaveLength(brief.items);
  const pages = ((await (await page.request.get(`/api/documents/${doc.id}`)).json()) as { pageCount: number }).pageCount;
  return { docId: doc.id, links, pages };
}

test.beforeEach(async ({ page }) => {
  await registerThroughApi(page);
});

test('the index viewer draws the index pages with their link boxes, and a box shows the page it opens', async ({ page }) => {
  test.setTimeout(120_000);
  const c = await createCaseThroughApi(page, `IV-${uniqueSuffix()}`, 'Northgate v. Tremblay');
  const fileName = `motion-record-${uniqueSuffix()}.pdf`;
  const { docId, links, pages } = await linkedBrief(page, c.id, 'motion-record', fileName, 'Motion Record');

  // named by its file name as uploaded (unique in the firm)
  await page.goto(`/index-viewer/${encodeURIComponent(fileName)}`);
  await expect(page.getByRole('heading', { name: 'Motion Record' })).toBeVisible();
  const index = page.getByRole('region', { name: 'Index pages', exact: true });
  const indexPages = [...new Set(links.map((l) => l.srcPage))];
  await expect(index.getByRole('img')).toHaveCount(indexPages.length);
  await expect(index.getByTestId('link-box')).toHaveCount(links.length);
  await expect(index.getByText(/Loading page/)).toHaveCount(0);

  const third = links[2]!;
  expect(third.targetPage).not.toBeNull();
  await index.locator(`[data-link-label="Tab ${third.itemLabel}"]`).click();
  const destination = page.getByRole('region', { name: 'Destination', exact: true });
  await expect(destination.getByTestId('destination-summary')).toContainText(`Opens page ${third.targetPage} of this document`);
  await expect(destination.getByRole('img', { name: `Page ${third.targetPage} of ${pages}` })).toBeVisible();
  await expect(destination.getByText(/Loading page/)).toHaveCount(0);
  await expect(index.locator(`[data-link-label="Tab ${third.itemLabel}"]`)).toHaveAttribute('data-selected', 'true');
  // the PDF itself opens at that page (the page this document's PDF shows as its target)
  const pdfLink = destination.getByRole('link', { name: `Open the PDF at page ${third.targetPage}` });
  await expect(pdfLink).toHaveAttribute('href', `/api/documents/${docId}/download?disposition=inline#page=${third.targetPage}`);
  const pdf = await page.request.get((await pdfLink.getAttribute('href'))!.split('#')[0]!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect(pdf.headers()['content-disposition']).toMatch(/^inline;/);
  await page.screenshot({ path: test.info().outputPath('index-viewer.png'), fullPage: true });

  // by id as well; a name no document has, or a path, is the 404 screen
  await page.goto(`/index-viewer/${docId}`);
  await expect(page.getByRole('region', { name: 'Index pages', exact: true }).getByTestId('link-box')).toHaveCount(links.length);
  await page.goto('/index-viewer/no-such-brief.pdf');
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await page.goto('/index-viewer/..%2F..%2Fetc%2Fpasswd');
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
});

test('the case workspace moves the brief and its destination together when a link is chosen', async ({ page }) => {
  test.setTimeout(120_000);
  const c = await createCaseThroughApi(page, `WS-${uniqueSuffix()}`, 'Northgate v. Tremblay');
  const { docId, links, pages } = await linkedBrief(page, c.id, 'motion-record', 'motion-record.pdf', 'Motion Record');
  // a second brief, not linked: the workspace offers a picker and opens the linked one first
  const other = await fixturePdf('ontario-brief', 'second-brief.pdf');
  const second = await uploadThroughApi(page, c.id, 'second-brief.pdf', other.bytes, 'Second Brief');

  await page.goto(`/cases/${c.id}/workspace`);
  await expect(page.getByRole('heading', { name: 'Case Workspace' })).toBeVisible();
  const brief = page.getByRole('region', { name: 'Brief', exact: true });
  const dest = page.getByRole('region', { name: 'Destination', exact: true });
  const first = links[0]!;
  await expect(brief.getByRole('img', { name: `Page ${first.srcPage} of ${pages}` })).toBeVisible();
  await expect(dest.getByRole('img', { name: `Page ${first.targetPage} of ${pages}` })).toBeVisible();

  // a link further down the index: both viewers move, the brief with that link's box highlighted
  const pick = links.find((l) => l.srcPage !== first.srcPage) ?? links[links.length - 1]!;
  await page.getByRole('list', { name: 'Link list' }).getByRole('button', { name: `Tab ${pick.itemLabel}`, exact: true }).click();
  await expect(brief.getByRole('img', { name: `Page ${pick.srcPage} of ${pages}` })).toBeVisible();
  await expect(brief.locator(`[data-link-label="Tab ${pick.itemLabel}"]`)).toHaveAttribute('data-selected', 'true');
  await expect(dest.getByRole('img', { name: `Page ${pick.targetPage} of ${pages}` })).toBeVisible();
  await expect(dest).toContainText(`Target page of Tab ${pick.itemLabel}`);
  await expect(page.getByText(/Loading page/)).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('workspace.png'), fullPage: true });

  // clicking a box on the brief's index page moves the destination too
  const another = links.find((l) => l.srcPage === pick.srcPage && l.id !== pick.id && l.targetPage !== pick.targetPage);
  if (another) {
    await brief.locator(`[data-link-label="Tab ${another.itemLabel}"]`).click();
    await expect(dest.getByRole('img', { name: `Page ${another.targetPage} of ${pages}` })).toBeVisible();
  }

  // the picker switches to the other brief
  const picker = page.getByLabel('Document');
  await expect(picker).toHaveValue(docId);
  await picker.selectOption(second.id);
  await expect(page).toHaveURL(new RegExp(`document=${second.id}`));
  await expect(page.getByRole('complementary', { name: 'Links' })).toContainText('No links built for this document yet');

  // on a 390 px phone the viewers stack and nothing scrolls sideways
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/cases/${c.id}/workspace`);
  await expect(brief.getByRole('img', { name: `Page ${first.srcPage} of ${pages}` })).toBeVisible();
  expect(await sideways(page)).toBe(0);
  await page.screenshot({ path: test.info().outputPath('workspace-phone.png'), fullPage: true });
});

test('/review lists documents awaiting review oldest first, and not an approved one', async ({ page }) => {
  test.setTimeout(180_000);
  const c = await createCaseThroughApi(page, `RQ-${uniqueSuffix()}`, 'Queue v. Order');
  const tag = uniqueSuffix();
  const older = await linkedBrief(page, c.id, 'ontario-brief', `older-${tag}.pdf`, `Older Brief ${tag}`);
  const approved = await linkedBrief(page, c.id, 'ontario-brief', `approved-${tag}.pdf`, `Approved Brief ${tag}`);
  const newer = await linkedBrief(page, c.id, 'ontario-brief', `newer-${tag}.pdf`, `Newer Brief ${tag}`);
  const regen = await page.request.post(`/api/documents/${approved.docId}/regenerate`, { headers: origin, timeout: 60_000 });
  expect(regen.status(), await regen.text()).toBe(200);
  const review = await page.request.post(`/api/documents/${approved.docId}/review`, { data: { approved: true, reviewerName: 'A. Counsel, LSO 12345A', unreviewedAccepted: (await (await page.request.get(`/api/documents/${approved.docId}`)).json()).unreviewedCount }, headers: origin });
  expect(review.status(), await review.text()).toBe(200);

  // reached from the header
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Review', exact: true }).click();
  await expect(page).toHaveURL(/\/review$/);
  const table = page.getByRole('table', { name: 'Documents awaiting review' });
  const rows = table.getByRole('row').filter({ hasText: tag });
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText(`Older Brief ${tag}`);
  await expect(rows.nth(1)).toContainText(`Newer Brief ${tag}`);
  await expect(table).not.toContainText(`Approved Brief ${tag}`);
  await expect(rows.nth(0)).toContainText('Queue v. Order');
  await expect(rows.nth(0).getByTestId('queue-links')).toHaveText(String(older.links.length));
  await expect(rows.nth(0).getByTestId('queue-pending')).toHaveText(String(older.links.length));
  await page.screenshot({ path: test.info().outputPath('review-queue.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(rows.nth(0)).toBeVisible();
  expect(await sideways(page)).toBe(0);
  await page.setViewportSize({ width: 1280, height: 800 });

  await rows.nth(1).getByRole('link', { name: `Review Newer Brief ${tag}` }).click();
  await expect(page).toHaveURL(new RegExp(`/cases/${c.id}/review/${newer.docId}$`));
  await expect(page.getByRole('dialog')).toContainText(`Review: Newer Brief ${tag}`);
});

test('the diagnostics screen shows how each page was read and why each destination was chosen', async ({ page }) => {
  test.setTimeout(120_000);
  const c = await createCaseThroughApi(page, `DG-${uniqueSuffix()}`, 'Northgate v. Tremblay');
  const { links } = await linkedBrief(page, c.id, 'motion-record', 'motion-record.pdf', 'Motion Record');
  // the reviewer moves one link: the engine's page stays beside the new one
  const moved = links.find((l) => (l.targetPage ?? 0) > 1)!;
  const put = await page.request.put(`/api/links/${moved.id}`, { data: { targetPage: moved.targetPage! - 1 }, headers: origin });
  expect(put.status(), await put.text()).toBe(200);

  await page.goto(`/cases/${c.id}/gpt5-test`);
  await expect(page.getByRole('heading', { name: 'Detection Diagnostics' })).toBeVisible();
  const section = page.getByRole('region', { name: 'Diagnostics of Motion Record' });
  const items = section.getByRole('table', { name: 'Index items of Motion Record' });
  await expect(items.getByRole('row')).toHaveCount(links.length + 1);
  const firstUntouched = links.find((l) => l.id !== moved.id)!;
  await expect(items.getByRole('row', { name: `Item ${firstUntouched.itemLabel}`, exact: true }).getByTestId('item-why')).toHaveText(firstUntouched.why!);
  const movedRow = items.getByRole('row', { name: `Item ${moved.itemLabel}`, exact: true });
  await expect(movedRow.getByTestId('item-destination')).toContainText(`page ${moved.targetPage! - 1}`);
  await expect(movedRow.getByTestId('item-destination')).toContainText(`engine chose page ${moved.engineTargetPage}`);
  await expect(movedRow.getByTestId('item-why')).toHaveText('page set by the reviewer');
  await expect(section.getByLabel('Summary of Motion Record')).toContainText(/\d+ text layer, 0 OCR/);

  // the pages: read by text layer, the printed number, the index pages marked
  await section.getByText(/^Pages \(\d+\)/).click();
  const pagesTable = section.getByRole('table', { name: 'Pages of Motion Record' });
  await expect(pagesTable.getByText('index page').first()).toBeVisible();
  await expect(pagesTable.getByRole('row').nth(3)).toContainText('Text layer');
  await page.screenshot({ path: test.info().outputPath('diagnostics.png'), fullPage: true });

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(section).toBeVisible();
  expect(await sideways(page)).toBe(0);
});
