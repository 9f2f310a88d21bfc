import { expect, test, type Page } from '@playwright/test';
import { toaBrief } from '../fixtures/authorities/toa-brief.ts';
import { BASE_URL, caseCard, createCaseThroughApi, registerThroughApi, toastWith, uniqueSuffix, widest } from './helpers.ts';
import { uploadThroughApi } from './documents-helpers.ts';

type Doc = { status: string; aiProcessingStatus: string };
const docOf = async (page: Page, id: string) => (await (await page.request.get(`/api/documents/${id}`)).json()) as Doc;

test.beforeEach(async ({ page }) => {
  await registerThroughApi(page);
});

test('a case set to link authorities lists them in the review, not linked first, and the reviewer gives one an address and removes another', async ({ page }) => {
  test.setTimeout(240_000);
  const f = await toaBrief();
  const number = `AU-${uniqueSuffix()}`;
  const created = await createCaseThroughApi(page, number, 'Appellant v. Respondent');

  // the case's settings: authorities on, table rows to the first page citing each
  await page.goto('/case-management');
  const card = caseCard(page, number);
  await card.getByRole('button', { name: `Edit case ${number}` }).click();
  await expect(card.getByLabel('Link authorities')).toHaveValue('off');
  await expect(card.getByLabel('Table of Authorities rows link to')).toBeDisabled();
  await card.getByLabel('Link authorities').selectOption('on');
  await expect(card.getByLabel('Table of Authorities rows link to')).toHaveValue('first-citation');
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(toastWith(page, 'Case updated successfully')).toBeVisible();
  expect(await (await page.request.get(`/api/cases/${created.id}`)).json()).toMatchObject({ authorities: 'on', toaTarget: 'first-citation' });

  const brief = await uploadThroughApi(page, created.id, 'brief.pdf', f.pdf, 'Brief of the Appellant');
  await expect.poll(async () => (await docOf(page, brief.id)).status, { timeout: 90_000 }).toBe('completed');
  const built = await page.request.post('/api/documents/start-hyperlinking', { data: { documentIds: [brief.id] }, headers: { Origin: BASE_URL }, timeout: 60_000 });
  expect(built.status()).toBe(200);
  await expect.poll(async () => (await docOf(page, brief.id)).aiProcessingStatus, { timeout: 90_000 }).toBe('completed');

  await page.goto(`/cases/${created.id}/review/${brief.id}`);
  const panel = page.getByRole('region', { name: 'Authorities' });
  // six citations in the body and six rows of the table: not linked, the Westlaw one (no public address; its
  // table row goes to the page citing it) and the table's row of a case the body never cites
  await expect(panel.getByTestId('authority-counts')).toHaveText('12 found, 10 linked, 2 not linked');
  const items = panel.getByRole('list', { name: 'Authorities cited' }).getByRole('listitem');
  await expect(items).toHaveCount(12);
  await expect(items.nth(0)).toHaveAttribute('aria-label', `Table of Authorities row ${f.uncited}`);
  await expect(items.nth(0).getByTestId('authority-target')).toContainText('Not linked: Table of Authorities: the body of the brief does not cite this authority');
  const wl = items.nth(1);
  await expect(wl).toHaveAttribute('aria-label', 'Authority Smith v. Jones, 2019 WL 123456 (S.D.N.Y. 2019)');
  await expect(wl.getByTestId('authority-target')).toContainText('Not linked: no public address for us-database citations');
  // a short form comes before the full citations it continues; every table row goes to the page first citing it
  await expect(items.nth(2)).toHaveAttribute('aria-label', 'Authority Iqbal, 556 U.S. at 679');
  await panel.getByLabel('Filter authorities').selectOption('toa');
  await expect(items).toHaveCount(6);
  for (const row of f.rows) {
    await expect(panel.getByRole('listitem', { name: `Table of Authorities row ${row.text}`, exact: true })).toContainText(`→ page ${row.firstPage} of the brief`);
  }
  await panel.getByLabel('Filter authorities').selectOption('all');

  // an address that is not https is refused before it is sent; an https one links it
  const input = wl.getByLabel('New target of Smith v. Jones, 2019 WL 123456 (S.D.N.Y. 2019)');
  await input.fill('http://library.firm.example/wl/123456');
  await expect(wl).toContainText('An https:// address');
  await expect(wl.getByRole('button', { name: 'Set the target of Smith v. Jones, 2019 WL 123456 (S.D.N.Y. 2019)' })).toBeDisabled();
  await input.fill('https://library.firm.example/wl/2019-123456');
  await wl.getByRole('button', { name: 'Set the target of Smith v. Jones, 2019 WL 123456 (S.D.N.Y. 2019)' }).click();
  await expect(page.getByRole('dialog').getByRole('status')).toContainText('Authority Updated');
  const updated = panel.getByRole('listitem', { name: 'Authority Smith v. Jones, 2019 WL 123456 (S.D.N.Y. 2019)', exact: true });
  await expect(updated.getByTestId('authority-target')).toContainText('→ https://library.firm.example/wl/2019-123456');
  await expect(updated).toContainText('Confirmed');
  await expect(panel.getByTestId('authority-counts')).toHaveText('12 found, 11 linked, 1 not linked');

  // removed: not linked, and listed last
  const usc = panel.getByRole('listitem', { name: 'Authority 42 U.S.C. § 1983' }).filter({ hasNotText: 'Table of Authorities' });
  await expect(usc.getByTestId('authority-target')).toContainText('→ https://www.law.cornell.edu/uscode/text/42/1983');
  await usc.getByRole('button', { name: 'Remove authority 42 U.S.C. § 1983' }).click();
  await expect(items.last()).toHaveAttribute('aria-label', 'Authority 42 U.S.C. § 1983');
  await expect(items.last()).toContainText('Removed: not linked');
  await expect(panel.getByTestId('authority-counts')).toHaveText('12 found, 10 linked, 1 not linked');

  // the server kept both changes
  const saved = (await (await page.request.get(`/api/documents/${brief.id}/authorities`)).json()) as Array<{ text: string; toaRow: boolean; status: string; url: string | null }>;
  expect(saved.find((a) => a.text === 'Smith v. Jones, 2019 WL 123456 (S.D.N.Y. 2019)')).toMatchObject({ status: 'confirmed', url: 'https://library.firm.example/wl/2019-123456' });
  expect(saved.find((a) => a.text === '42 U.S.C. § 1983' && !a.toaRow)).toMatchObject({ status: 'removed' });

  // on a phone the review with its authorities fits the width
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByRole('region', { name: 'Authorities' }).getByTestId('authority-counts')).toHaveText('12 found, 10 linked, 1 not linked');
  await page.getByRole('region', { name: 'Authorities' }).scrollIntoViewIfNeeded();
  expect(await widest(page)).toBeNull();
});
