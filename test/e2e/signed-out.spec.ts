import { expect, test } from '@playwright/test';
import { E2E_MAX_UPLOAD_MB, E2E_RETENTION_DAYS } from './helpers.ts';

const landing = (page: import('@playwright/test').Page) => page.getByRole('link', { name: 'Sign In to Get Started' });

test('the landing page has the hero, the three feature cards and the results strip', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  for (const title of ['Instant Processing', 'Smart Linking', 'Professional Review']) {
    await expect(page.getByRole('heading', { name: title, level: 3 })).toBeVisible();
  }
  const results = page.getByRole('region', { name: 'Results you can file with confidence' });
  await expect(results).toContainText('Broken links');
  await expect(results).toContainText('Links per index item');
  await expect(landing(page)).toHaveAttribute('href', '/api/login');
  await expect(page.getByRole('button', { name: /Account menu/ })).toHaveCount(0);
});

test('a signed-out visitor sees the landing page on every app route and never an app screen', async ({ page }) => {
  for (const path of ['/', '/case-management', '/cases', '/cases/123', '/help', '/no-such-page']) {
    await page.goto(path);
    await expect(landing(page), path).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Case Management' }), path).toHaveCount(0);
    await expect(page.getByRole('heading', { name: '404 Page Not Found' }), path).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Help', exact: true }), path).toHaveCount(0);
  }
});

test('the API refuses a signed-out visitor', async ({ request }) => {
  expect((await request.get('/api/cases')).status()).toBe(401);
  expect((await request.get('/api/auth/user')).status()).toBe(401);
});

test('Sign In to Get Started leads to the sign-in screen in local mode', async ({ page }) => {
  await page.goto('/');
  await landing(page).click();
  await expect(page).toHaveURL(/\/signin$/);
  await expect(page.getByRole('heading', { name: 'Sign in to Brieflink' })).toBeVisible();
  await expect(page.getByLabel('Email')).toBeVisible();
});

test('the legal pages are public and state the configured upload limit and retention period', async ({ page }) => {
  await page.goto('/privacy-policy');
  await expect(page.getByRole('heading', { name: 'Privacy Policy', level: 1 })).toBeVisible();
  for (const section of ['Information We Collect', 'How We Use Your Information', 'Data Security', 'Data Retention', 'Legal Compliance', 'Contact Us']) {
    await expect(page.getByRole('heading', { name: section, level: 2 })).toBeVisible();
  }
  await expect(page.getByRole('main')).toContainText(`${E2E_RETENTION_DAYS} days`);
  await expect(page.getByRole('main')).toContainText(`${E2E_MAX_UPLOAD_MB}MB`);
  await expect(page.getByRole('main')).not.toContainText('90 days');
  await expect(page.getByRole('main')).not.toContainText('50MB');

  await page.getByRole('link', { name: 'Terms of Service' }).click();
  await expect(page).toHaveURL(/\/terms-of-service$/);
  await expect(page.getByRole('heading', { name: 'Terms of Service', level: 1 })).toBeVisible();
  for (const section of ['Service Description', 'Acceptable Use', 'Index-Deterministic Processing', 'Professional Review', 'Data Responsibility', 'Service Availability', 'Limitation of Liability', 'Support']) {
    await expect(page.getByRole('heading', { name: section, level: 2 })).toBeVisible();
  }
  await expect(page.getByRole('main')).toContainText(`${E2E_MAX_UPLOAD_MB}MB per file`);
  await expect(page.getByRole('main')).toContainText(`${E2E_RETENTION_DAYS} days`);
});
