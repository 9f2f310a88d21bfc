// A firm's accounts in the browser: a member changes their password on the Account page; the
// administrator removes a member on People (the member's open session ends); a deleted case goes to the
// Trash and the administrator restores it.
import { expect, test } from '@playwright/test';
import { caseCard, createCaseThroughApi, newUser, registerThroughApi, signInAsAdmin, toastWith, uniqueSuffix } from './helpers.ts';

test('a member changes their password on the Account page; the new one signs in, the old one no longer does', async ({ page }) => {
  const user = await registerThroughApi(page);
  await page.goto('/');
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Account' }).click();
  await expect(page.getByRole('heading', { name: 'Your account', level: 1 })).toBeVisible();
  await expect(page.getByText('Member', { exact: true })).toBeVisible();

  await page.getByLabel('Current password').fill('Not my password at all');
  await page.getByLabel('New password', { exact: true }).fill('Quiet harbour at dawn');
  await page.getByLabel('Confirm new password').fill('Quiet harbour at dawn');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('alert')).toHaveText('Your current password is not right');

  await page.getByLabel('Current password').fill(user.password);
  await page.getByLabel('New password', { exact: true }).fill('aaaaaaaaab');
  await page.getByLabel('Confirm new password').fill('aaaaaaaaab');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('alert')).toContainText('repeats itself too much');

  await page.getByLabel('New password', { exact: true }).fill('Quiet harbour at dawn');
  await page.getByLabel('Confirm new password').fill('Quiet harbour at dawn');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(toastWith(page, 'Password changed')).toBeVisible();
  await expect(page.getByLabel('Current password')).toHaveValue('');

  await page.context().clearCookies();
  await page.goto('/signin');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
  await page.getByLabel('Password').fill('Quiet harbour at dawn');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { name: 'Case Management' })).toBeVisible();
});

test('the administrator removes a member on People: the member is signed out at once', async ({ page, browser }) => {
  const theirs = await browser.newContext();
  try {
    const memberPage = await theirs.newPage();
    const member = await registerThroughApi(memberPage, { ...newUser(), firstName: 'Grace', lastName: 'Hopper' });
    await memberPage.goto('/people');
    await expect(memberPage.getByText(/Only administrators can invite people/)).toBeVisible();
    await expect(memberPage.getByRole('button', { name: 'Remove Grace Hopper' })).toHaveCount(0);

    await signInAsAdmin(page);
    await page.goto('/people');
    const row = page.getByRole('row').filter({ hasText: member.email });
    await expect(row).toContainText('Member');
    await row.getByRole('button', { name: 'Remove Grace Hopper' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText('Remove Grace Hopper?');
    await expect(dialog).toContainText('signed out on every device');
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await expect(toastWith(page, 'Grace Hopper was removed')).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: member.email })).toHaveCount(0);

    await memberPage.reload();
    await expect(memberPage.getByRole('link', { name: 'Sign In to Get Started' })).toBeVisible();
    expect((await memberPage.request.get('/api/auth/user')).status()).toBe(401);
  } finally {
    await theirs.close();
  }
});

test('a deleted case goes to the Trash; the administrator restores it and it is back for everyone', async ({ page }) => {
  await signInAsAdmin(page);
  const number = `TR-${uniqueSuffix()}`;
  await createCaseThroughApi(page, number, 'Matter sent to the Trash');
  await page.goto('/');
  const card = caseCard(page, number);
  await card.getByRole('button', { name: `Delete case ${number}` }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(`Delete case ${number}?`);
  await expect(dialog).toContainText('An administrator can restore it for 14 days');
  await dialog.getByRole('button', { name: 'Delete Case' }).click();
  await expect(toastWith(page, 'Case deleted successfully')).toBeVisible();
  await expect(caseCard(page, number)).toHaveCount(0);

  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Trash' }).click();
  await expect(page.getByRole('heading', { name: 'Trash', level: 1 })).toBeVisible();
  const row = page.getByRole('row', { name: `Deleted case ${number}` });
  await expect(row).toContainText('Matter sent to the Trash');
  await expect(row).toContainText('by Ada Lovelace');
  await row.getByRole('button', { name: `Restore case ${number}` }).click();
  await expect(toastWith(page, 'Case restored')).toBeVisible();
  await expect(page.getByRole('row', { name: `Deleted case ${number}` })).toHaveCount(0);

  await page.goto('/');
  await expect(caseCard(page, number)).toBeVisible();
});
