// Invitations in the browser: an administrator invites an address on People, the invited person opens the link
// in their own browser and signs up; the link then works no more. No page breaks the security policy.
import { expect, test, type Page } from '@playwright/test';
import { PASSWORD, registerThroughApi, signInAsAdmin, uniqueSuffix } from './helpers.ts';

/** Collects what the browser reports as blocked by the Content-Security-Policy. */
function watchPolicy(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (msg) => {
    if (/Content Security Policy|Refused to (load|apply|execute|connect|frame)/i.test(msg.text())) violations.push(msg.text());
  });
  page.on('pageerror', (err) => violations.push(`page error: ${err.message}`));
  return violations;
}

const outsider = () => `invitee-${uniqueSuffix()}@outside-counsel.org`;

test('an administrator invites someone on People; they sign up through the link in their own browser, once', async ({ page, browser }) => {
  const memberViolations = watchPolicy(page);
  await signInAsAdmin(page);
  await page.goto('/');
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'People' }).click();
  await expect(page).toHaveURL(/\/people$/);
  await expect(page.getByRole('heading', { name: 'People', level: 1 })).toBeVisible();

  const email = outsider();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Create invitation' }).click();
  const linkField = page.getByLabel(`Send this link to ${email}`);
  await expect(linkField).toBeVisible();
  const link = await linkField.inputValue();
  expect(link).toMatch(/\/signup\?invite=[\w-]+$/);
  const row = page.getByRole('row', { name: `Invitation for ${email}` });
  await expect(row).toContainText('Pending');
  await expect(row).toContainText('Ada Lovelace');

  // The invited person, in a browser of their own.
  const theirs = await browser.newContext();
  try {
    const guest = await theirs.newPage();
    const guestViolations = watchPolicy(guest);
    await guest.goto(link);
    await expect(guest.getByRole('heading', { name: 'Accept your invitation' })).toBeVisible();
    await expect(guest.getByText('Ada Lovelace invited you to Brieflink.')).toBeVisible();
    await expect(guest.getByLabel('Email')).toHaveValue(email);
    await expect(guest.getByLabel('Email')).not.toBeEditable();
    await guest.getByLabel('First name').fill('Grace');
    await guest.getByLabel('Last name').fill('Hopper');
    await guest.getByLabel('Password').fill('Password123');
    await guest.getByRole('button', { name: 'Create Account' }).click();
    await expect(guest.getByRole('alert')).toContainText('one of the most common passwords');
    await guest.getByLabel('Password').fill(PASSWORD);
    await guest.getByRole('button', { name: 'Create Account' }).click();
    await expect(guest.getByRole('heading', { name: 'Case Management' })).toBeVisible();
    await expect(guest.getByRole('button', { name: 'Account menu for Grace Hopper' })).toBeVisible();
    expect(guestViolations).toEqual([]);
  } finally {
    await theirs.close();
  }

  await page.reload();
  await expect(row).toContainText('Accepted');
  await expect(row).toContainText('by Grace Hopper');
  await expect(page.getByRole('row').filter({ hasText: email }).filter({ hasText: 'Invited by Ada Lovelace' })).toBeVisible();

  // Used once: the same link now says so.
  const later = await browser.newContext();
  try {
    const again = await later.newPage();
    await again.goto(link);
    await expect(again.getByRole('heading', { name: 'This invitation cannot be used' })).toBeVisible();
    await expect(again.getByRole('alert')).toContainText('already been used');
  } finally {
    await later.close();
  }
  expect(memberViolations).toEqual([]);
});

test('a revoked invitation link says it was withdrawn; without an invitation sign-up explains why it is refused', async ({ page, browser }) => {
  await signInAsAdmin(page);
  await page.goto('/people');
  const email = outsider();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Create invitation' }).click();
  const link = await page.getByLabel(`Send this link to ${email}`).inputValue();
  await page.getByRole('button', { name: `Revoke the invitation for ${email}` }).click();
  await expect(page.getByRole('row', { name: `Invitation for ${email}` })).toContainText('Revoked');

  const theirs = await browser.newContext();
  try {
    const guest = await theirs.newPage();
    await guest.goto(link);
    await expect(guest.getByRole('alert')).toContainText('withdrawn');

    await guest.goto('/signup');
    await guest.getByLabel('First name').fill('Mal');
    await guest.getByLabel('Last name').fill('Lory');
    await guest.getByLabel('Email').fill(outsider());
    await guest.getByLabel('Password').fill(PASSWORD);
    await guest.getByRole('button', { name: 'Create Account' }).click();
    await expect(guest.getByRole('alert')).toContainText('needs an invitation from a member of your firm');
    await expect(guest.getByRole('heading', { name: 'Case Management' })).toHaveCount(0);
  } finally {
    await theirs.close();
  }
});

test('the app runs under its Content-Security-Policy on every main screen', async ({ page }) => {
  const violations = watchPolicy(page);
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Sign In to Get Started' })).toBeVisible();
  await page.goto('/signin');
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await registerThroughApi(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Case Management' })).toBeVisible();
  await page.getByLabel('Case Number').fill(`CSP-${uniqueSuffix()}`);
  await page.getByLabel('Case Title').fill('Policy v. Browser');
  await page.getByRole('button', { name: 'Create Case' }).click();
  await page.getByRole('button', { name: /Account menu/ }).click();
  await expect(page.getByRole('menuitem', { name: 'People' })).toBeVisible();
  await page.keyboard.press('Escape');
  for (const path of ['/help', '/people', '/cases', '/privacy-policy']) {
    await page.goto(path);
    await expect(page.locator('h1').first()).toBeVisible();
  }
  const csp = (await page.request.get('/')).headers()['content-security-policy'];
  expect(csp).toContain("script-src 'self'");
  expect(violations).toEqual([]);
});
