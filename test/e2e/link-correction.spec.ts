import { expect, test, type Page } from '@playwright/test';
import { BASE_URL, createCaseThroughApi, registerThroughApi, uniqueSuffix } from './helpers.ts';
import { fixturePdf, uploadThroughApi } from './documents-helpers.ts';

interface ApiLink {
  id: string;
  itemOrdinal: number;
  itemLabel: string;
  itemType: string | null;
  targetPage: number | null;
  status: string;
  setByReviewer: boolean;
}

/** A US brief (contents I., A., 1.; roman front matter i, ii, then 1, 2…) uploaded and linked through the API. */
async function linkedContentsBrief(page: Page): Promise<{ caseId: string; docId: string; pages: number; labels: (string | null)[] }> {
  const brief = await fixturePdf('us-pleading-toc', 'opposition-to-summary-judgment.pdf');
  const created = await createCaseThroughApi(page, `LC-${uniqueSuffix()}`, 'Harlow v. Pacific Freight');
  const doc = await uploadThroughApi(page, created.id, 'opposition-to-summary-judgment.pdf', brief.bytes, 'Opposition to Summary Judgment');
  await expect
    .poll(async () => ((await (await page.request.get(`/api/documents/${doc.id}`)).json()) as { index_status: string }).index_status, { timeout: 60_000 })
    .toBe('ok');
  const built = await page.request.post('/api/documents/start-hyperlinking', { data: { documentIds: [doc.id] }, headers: { Origin: BASE_URL }, timeout: 60_000 });
  expect(built.status(), await built.text()).toBe(200);
  const info = (await (await page.request.get(`/api/documents/${doc.id}`)).json()) as { pageCount: number };
  const labels = (await (await page.request.get(`/api/documents/${doc.id}/page-labels`)).json()) as { source: (string | null)[] | null };
  expect(labels.source, 'the printed page numbers read by the link build').not.toBeNull();
  return { caseId: created.id, docId: doc.id, pages: info.pageCount, labels: labels.source! };
}

async function linksOf(page: Page, docId: string): Promise<ApiLink[]> {
  const links = (await (await page.request.get(`/api/documents/${docId}/links`)).json()) as ApiLink[];
  return links.sort((a, b) => a.itemOrdinal - b.itemOrdinal);
}

test.beforeEach(async ({ page }) => {
  await registerThroughApi(page);
});

test('a reviewer corrects a link in one step: a page typed as printed (ii) and Enter shows it and saves it, set by reviewer', async ({ page }) => {
  test.setTimeout(120_000);
  const { caseId, docId, pages, labels } = await linkedContentsBrief(page);
  const romanPage = labels.findIndex((l) => l === 'ii') + 1;
  expect(romanPage, 'a front-matter page printed ii').toBeGreaterThan(0);
  const before = await linksOf(page, docId);
  expect(before[0]!.itemType).toBe('section');
  expect(before[0]!.targetPage).not.toBe(romanPage);

  await page.goto(`/cases/${caseId}/review/${docId}`);
  const modal = page.getByRole('dialog');
  const list = modal.getByRole('list', { name: 'Hyperlinks' });
  // labels as the contents print them: I, A, 1 — never "Tab", which this index does not say
  await expect(list.getByRole('listitem', { name: 'I', exact: true })).toBeVisible();
  await expect(list.getByRole('listitem', { name: 'A', exact: true }).first()).toBeVisible();
  await expect(list.getByRole('listitem', { name: /^Tab / })).toHaveCount(0);

  const first = list.getByRole('listitem', { name: 'I', exact: true });
  await expect(first).toHaveAttribute('aria-current', 'true');
  await expect(first).toContainText('% confidence');
  const input = first.getByLabel(/Target page/);
  await input.fill('ii');
  await input.press('Enter');
  // saved, and the page shown is the new target
  await expect(first).toContainText(`PDF page ${romanPage} (printed ii)`);
  await expect(first).toContainText('set by reviewer');
  await expect(first).not.toContainText('100% confidence');
  await expect(first).toContainText('Confirmed');
  await expect(modal.getByRole('img', { name: `Page ${romanPage} of ${pages}` })).toBeVisible();
  await expect(modal.getByTestId('count-confirmed')).toHaveText('1');
  const saved = (await linksOf(page, docId))[0]!;
  expect(saved).toMatchObject({ targetPage: romanPage, status: 'confirmed', setByReviewer: true });

  // Save, without a preview first, saves the typed page too
  const second = list.getByRole('listitem', { name: 'II', exact: true });
  await second.click();
  await expect(second).toHaveAttribute('aria-current', 'true');
  const other = before[1]!.targetPage! + 1;
  await second.getByLabel(/Target page/).fill(String(other));
  await second.getByRole('button', { name: 'Save page' }).click();
  await expect(second).toContainText(`PDF page ${other}`);
  await expect(second).toContainText('set by reviewer');
  await expect(modal.getByRole('img', { name: `Page ${other} of ${pages}` })).toBeVisible();
  expect((await linksOf(page, docId))[1]).toMatchObject({ targetPage: other, status: 'confirmed', setByReviewer: true });

  // a page printed nowhere is refused in words, and nothing is saved
  await second.getByLabel(/Target page/).fill('xlii');
  await second.getByLabel(/Target page/).press('Enter');
  await expect(second.getByRole('alert')).toHaveText('No page is numbered xlii; enter its page number in the PDF');
  expect((await linksOf(page, docId))[1]!.targetPage).toBe(other);
});
