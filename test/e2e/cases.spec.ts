import { expect, test } from '@playwright/test';
import { caseCard, createCaseThroughApi, registerThroughApi, toastWith, uniqueSuffix } from './helpers.ts';

test.beforeEach(async ({ page }) => {
  await registerThroughApi(page);
});

test('creating a case: the button waits for both fields, values are trimmed, a toast confirms', async ({ page }) => {
  const number = `CV-${uniqueSuffix()}`;
  await page.goto('/');
  const create = page.getByRole('button', { name: 'Create Case', exact: true });
  await expect(create).toBeDisabled();
  await page.getByLabel('Case Number').fill(`  ${number}  `);
  await expect(create).toBeDisabled();
  await page.getByLabel('Case Title').fill('   ');
  await expect(create).toBeDisabled();
  await page.getByLabel('Case Title').fill('  Smith v. Jones  ');
  await expect(create).toBeEnabled();
  await create.click();

  await expect(toastWith(page, 'Case created successfully')).toBeVisible();
  const card = caseCard(page, number);
  await expect(card).toBeVisible();
  await expect(card.getByRole('heading', { name: 'Smith v. Jones', exact: true })).toBeVisible();
  await expect(card).toContainText('To be determined v. To be determined');
  await expect(page.getByLabel('Case Number')).toHaveValue('');

  await page.reload();
  await expect(caseCard(page, number)).toBeVisible();
});

test('a duplicate case number shows the error toast with the server’s reason', async ({ page }) => {
  const number = `DUP-${uniqueSuffix()}`;
  await createCaseThroughApi(page, number, 'First matter');
  await page.goto('/case-management');
  await page.getByLabel('Case Number').fill(number);
  await page.getByLabel('Case Title').fill('Second matter');
  await page.getByRole('button', { name: 'Create Case', exact: true }).click();

  const toast = toastWith(page, 'Failed to create case');
  await expect(toast).toBeVisible();
  await expect(toast).toContainText(number);
  await expect(toast).toContainText('already exists');
  await expect(page.getByRole('listitem', { name: `Case ${number}` })).toHaveCount(1);
});

test('editing a case inline: Cancel keeps it, Save updates it', async ({ page }) => {
  const number = `ED-${uniqueSuffix()}`;
  await createCaseThroughApi(page, number, 'Original title');
  await page.goto('/case-management');
  const card = caseCard(page, number);

  await card.getByRole('button', { name: `Edit case ${number}` }).click();
  await card.getByLabel('Case Title').fill('Discarded title');
  await card.getByRole('button', { name: 'Cancel' }).click();
  await expect(card.getByRole('heading', { name: 'Original title' })).toBeVisible();

  await card.getByRole('button', { name: `Edit case ${number}` }).click();
  await card.getByLabel('Case Title').fill('  Revised title  ');
  await card.getByLabel('Plaintiff').fill('Acme Holdings Ltd.');
  await card.getByRole('button', { name: 'Save' }).click();

  await expect(toastWith(page, 'Case updated successfully')).toBeVisible();
  await expect(card.getByRole('heading', { name: 'Revised title', exact: true })).toBeVisible();
  await expect(card).toContainText('Acme Holdings Ltd. v. To be determined');
  await page.reload();
  await expect(caseCard(page, number).getByRole('heading', { name: 'Revised title', exact: true })).toBeVisible();
});

test('deleting a case asks for confirmation; Cancel keeps it, Delete removes it', async ({ page }) => {
  const number = `DEL-${uniqueSuffix()}`;
  await createCaseThroughApi(page, number, 'Matter to delete');
  await page.goto('/case-management');
  const card = caseCard(page, number);

  await card.getByRole('button', { name: `Delete case ${number}` }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(`Delete case ${number}?`);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(card).toBeVisible();

  await card.getByRole('button', { name: `Delete case ${number}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete Case' }).click();
  await expect(toastWith(page, 'Case deleted successfully')).toBeVisible();
  await expect(caseCard(page, number)).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Case Management' })).toBeVisible();
  await expect(caseCard(page, number)).toHaveCount(0);
});

test('opening a case shows its particulars and remembers it as the last opened case', async ({ page }) => {
  const number = `OP-${uniqueSuffix()}`;
  const created = await createCaseThroughApi(page, number, 'Doe v. Roe');
  await page.goto('/');
  await caseCard(page, number).getByRole('button', { name: 'Open' }).click();

  await expect(page).toHaveURL(new RegExp(`/cases/${created.id}$`));
  await expect(page.getByRole('heading', { name: 'Doe v. Roe', level: 1 })).toBeVisible();
  const details = page.getByRole('region', { name: 'Case Details' });
  for (const label of ['Case Number', 'Filing Date', 'Plaintiff', 'Defendant', 'Status']) {
    await expect(details.getByText(label, { exact: true })).toBeVisible();
  }
  await expect(details).toContainText(number);
  await expect(details).toContainText('To be determined');
  expect(await page.evaluate(() => localStorage.getItem('lastOpenedCaseId'))).toBe(created.id);
});
