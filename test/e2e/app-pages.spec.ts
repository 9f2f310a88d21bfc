import { expect, test } from '@playwright/test';
import { E2E_MAX_UPLOAD_MB, E2E_RETENTION_DAYS, registerThroughApi } from './helpers.ts';

test.beforeEach(async ({ page }) => {
  await registerThroughApi(page);
});

test('Help: four quick-start steps, a single-open collapsible FAQ, troubleshooting, configured figures', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Help' }).click();
  await expect(page.getByRole('heading', { name: 'Help', level: 1 })).toBeVisible();
  await expect(page.getByText(/^Step \d$/)).toHaveCount(4);
  await expect(page.getByRole('main')).toContainText(`up to ${E2E_MAX_UPLOAD_MB}MB each`);

  const questions = page.getByRole('button', { expanded: false }).filter({ hasText: '?' });
  await expect(questions).toHaveCount(6);
  const first = page.getByRole('button', { name: 'What happens if my document has no clear index?' });
  const retention = page.getByRole('button', { name: 'How long are my documents kept?' });
  await first.click();
  await expect(first).toHaveAttribute('aria-expanded', 'true');
  await retention.click();
  await expect(retention).toHaveAttribute('aria-expanded', 'true');
  await expect(first).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('region', { name: 'How long are my documents kept?' })).toContainText(`${E2E_RETENTION_DAYS} days`);
  await retention.click();
  await expect(retention).toHaveAttribute('aria-expanded', 'false');

  for (const heading of ['Processing failed', 'Incorrect hyperlinks', 'Need more help?']) {
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
  }
});

test('an unknown route shows the 404 page; Go Home returns to case management', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Go Back' })).toBeVisible();
  await page.getByRole('link', { name: 'Go Home' }).click();
  await expect(page.getByRole('heading', { name: 'Case Management' })).toBeVisible();
});

test('the logo and the Dashboard menu item lead back to the case list', async ({ page }) => {
  await page.goto('/help');
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Dashboard' }).click();
  await expect(page.getByRole('heading', { name: 'Case Management' })).toBeVisible();
  await page.goto('/terms-of-service');
  await page.getByRole('link', { name: 'Brieflink' }).first().click();
  await expect(page.getByRole('heading', { name: 'Case Management' })).toBeVisible();
});
