import { expect, test } from '@playwright/test';
import { PUBLIC_HOST_URL } from './helpers.ts';

test('on the production public host only the landing and legal pages exist; every other path shows the landing page', async ({ page }) => {
  await page.goto(`${PUBLIC_HOST_URL}/`);
  await expect(page.getByRole('link', { name: 'Sign In to Get Started' })).toBeVisible();

  await page.goto(`${PUBLIC_HOST_URL}/privacy-policy`);
  await expect(page.getByRole('heading', { name: 'Privacy Policy', level: 1 })).toBeVisible();
  await page.goto(`${PUBLIC_HOST_URL}/terms-of-service`);
  await expect(page.getByRole('heading', { name: 'Terms of Service', level: 1 })).toBeVisible();

  for (const path of ['/signin', '/signup', '/case-management', '/help', '/unknown']) {
    await page.goto(`${PUBLIC_HOST_URL}${path}`);
    await expect(page.getByRole('link', { name: 'Sign In to Get Started' }), path).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Sign in to Brieflink' }), path).toHaveCount(0);
    await expect(page.getByRole('heading', { name: '404 Page Not Found' }), path).toHaveCount(0);
  }
});

test('the same server on another host offers the sign-in screen', async ({ page }) => {
  await page.goto('/signin');
  await expect(page.getByRole('heading', { name: 'Sign in to Brieflink' })).toBeVisible();
});
