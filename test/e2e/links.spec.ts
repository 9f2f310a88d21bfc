// The Hyperlinks overview (/links) on the sample case, created at its small size through the API (the
// same three masters and structure as `npm run sample`, with short documents).
import { expect, test } from '@playwright/test';
import { BASE_URL, registerThroughApi } from './helpers.ts';

test('the Hyperlinks overview shows the three built masters and a master\'s review links', async ({ page }) => {
  test.setTimeout(420_000);
  await registerThroughApi(page);
  // no sample case yet: the page offers to create it (the test creates a small one through the API)
  await page.goto('/links');
  await expect(page.getByRole('button', { name: 'Create the sample case' })).toBeVisible();
  await expect(page.getByTestId('master-count').first()).toHaveText('0 / 0');
  const created = await page.request.post('/api/sample-case', { data: { size: 'small' }, headers: { Origin: BASE_URL } });
  expect(created.status(), await created.text()).toBeLessThan(300);
  await expect
    .poll(async () => ((await (await page.request.get('/api/deterministic-status')).json()) as { status: string }).status, { timeout: 360_000, intervals: [2000] })
    .toBe('ready');

  await page.goto('/links');
  await expect(page.getByRole('heading', { name: 'Legal Document Hyperlinks' })).toBeVisible();
  const cards = page.getByTestId('master-card');
  await expect(cards).toHaveCount(3);
  for (const [i, n] of [[0, 13], [1, 63], [2, 5]] as const) {
    await expect(cards.nth(i).getByTestId('master-count')).toHaveText(`${n} / ${n}`);
    await expect(cards.nth(i).getByText('Built', { exact: true })).toBeVisible();
  }
  await expect(page.getByText('81 links in all')).toBeVisible();

  // the supplementary brief: tabs 9-13 go into the trial record, marked *T9 … *T13 there
  await cards.nth(0).getByRole('button', { name: 'Review Links' }).click();
  const dialog = page.getByRole('dialog', { name: /Review links: 13-tab supplementary brief/ });
  await expect(dialog).toBeVisible();
  const rows = dialog.getByTestId('review-links-table').locator('tbody tr');
  await expect(rows).toHaveCount(13);
  await expect(rows.nth(8).getByText('*T9')).toBeVisible();
  await expect(rows.nth(8).getByText(/^Record p\. \d+$/)).toBeVisible();
  await expect(rows.nth(0).getByText(/\*T/)).toHaveCount(0);
  await expect(dialog.getByText('Trial record documents')).toBeVisible();
  await page.screenshot({ path: 'test-results/e2e/links-review-modal.png', fullPage: false });
  await page.keyboard.press('Escape');

  // the index-first panel has the sample's brief and record chosen
  const status = (await (await page.request.get('/api/deterministic-status')).json()) as { supp13: { documentId: string }; tr5: { documentId: string } };
  await expect(page.getByRole('combobox', { name: 'Brief' }).last()).toHaveValue(status.supp13.documentId);
  await expect(page.getByRole('combobox', { name: 'Trial record' }).last()).toHaveValue(status.tr5.documentId);
  await page.screenshot({ path: 'test-results/e2e/links-page.png', fullPage: true });

  await page.goto('/hyperlinks');
  await expect(page.getByRole('heading', { name: 'Legal Document Hyperlinks' })).toBeVisible();
});
