import { expect, test } from '@playwright/test';
import { PASSWORD, newUser, registerThroughApi } from './helpers.ts';

test('a new user signs up through the form and lands on case management with their name in the menu', async ({ page }) => {
  const user = newUser();
  await page.goto('/');
  await page.getByRole('link', { name: 'Sign In to Get Started' }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await page.getByRole('link', { name: 'Create an account' }).click();

  const submit = page.getByRole('button', { name: 'Create Account' });
  await expect(submit).toBeDisabled();
  await page.getByLabel('First name').fill(user.firstName);
  await page.getByLabel('Last name').fill(user.lastName);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill('short');
  await submit.click();
  await expect(page.getByRole('alert')).toHaveText('Password must be at least 10 characters.');

  await page.getByLabel('Password').fill(PASSWORD);
  await submit.click();

  await expect(page.getByRole('heading', { name: 'Case Management' })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  const menuButton = page.getByRole('button', { name: 'Account menu for Ada Lovelace' });
  await expect(menuButton).toHaveText('AL');
  await menuButton.click();
  const menu = page.getByRole('menu');
  await expect(menu.getByText('Ada Lovelace')).toBeVisible();
  await expect(menu.getByText(user.email)).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Dashboard' })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Log out' })).toBeVisible();
});

test('signing up with an email that already has an account, with another password, is refused like a wrong sign-in', async ({ page }) => {
  const user = await registerThroughApi(page);
  await page.context().clearCookies();
  await page.goto('/signup');
  await page.getByLabel('First name').fill('Other');
  await page.getByLabel('Last name').fill('Person');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(`${PASSWORD} but another`);
  await page.getByRole('button', { name: 'Create Account' }).click();
  // The answer does not say whether the address has an account.
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
  await expect(page).toHaveURL(/\/signup$/);
  await expect(page.getByRole('heading', { name: 'Case Management' })).toHaveCount(0);
});

test('an existing user signs in; a wrong password is refused with a message', async ({ page }) => {
  const user = await registerThroughApi(page);
  await page.context().clearCookies();

  await page.goto('/signin');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill('not the password at all');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Case Management' })).toHaveCount(0);

  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { name: 'Case Management' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Account menu for Ada Lovelace' })).toBeVisible();
});

test('Log out in the user menu signs the user out and shows the landing page', async ({ page }) => {
  await registerThroughApi(page);
  await page.goto('/case-management');
  await expect(page.getByRole('heading', { name: 'Case Management' })).toBeVisible();

  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();

  await expect(page.getByRole('link', { name: 'Sign In to Get Started' })).toBeVisible();
  expect((await page.request.get('/api/auth/user')).status()).toBe(401);
  await page.goto('/case-management');
  await expect(page.getByRole('link', { name: 'Sign In to Get Started' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Case Management' })).toHaveCount(0);
});

test('when the session ends elsewhere, the next request returns the visitor to the landing page', async ({ page }) => {
  await registerThroughApi(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Case Management' })).toBeVisible();
  expect((await page.request.get('/api/logout', { maxRedirects: 0 })).status()).toBeLessThan(400);

  await page.getByLabel('Case Number').fill('EXP-1');
  await page.getByLabel('Case Title').fill('After sign-out');
  await page.getByRole('button', { name: 'Create Case' }).click();
  await expect(page.getByRole('link', { name: 'Sign In to Get Started' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Case Management' })).toHaveCount(0);
});
