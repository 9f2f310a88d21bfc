import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** Settings the e2e server runs with (test/e2e/serve.ts), so pages can be checked for the configured values. */
export const E2E_MAX_UPLOAD_MB = 123;
export const E2E_RETENTION_DAYS = 45;

export const PASSWORD = 'correct horse battery';

let counter = 0;
export function uniqueSuffix(): string {
  counter += 1;
  return `${Date.now().toString(36)}${counter}${Math.random().toString(36).slice(2, 6)}`;
}

export interface TestUser {
  email: string;
  firstName: string;
  lastName: string;
  password: string;
}

export function newUser(): TestUser {
  return { email: `counsel-${uniqueSuffix()}@example.com`, firstName: 'Ada', lastName: 'Lovelace', password: PASSWORD };
}

export const BASE_URL = `http://localhost:${process.env.E2E_PORT ?? 5055}`;

/** State-changing API calls need an Origin matching the app (the server checks it). */
function originHeaders(): Record<string, string> {
  return { Origin: BASE_URL };
}

/** Seeds a registered, signed-in user through the API, sharing the page's cookies. */
export async function registerThroughApi(page: Page, user: TestUser = newUser()): Promise<TestUser> {
  const res = await page.request.post('/api/auth/local/register', { data: user, headers: originHeaders() });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return user;
}

/** The firm's administrator: its first account, created by global-setup.ts before any test runs. */
export const ADMIN: TestUser = { email: 'admin-of-the-firm@example.com', firstName: 'Ada', lastName: 'Lovelace', password: 'Brass lantern under the pier' };

/** Signs the page in as the firm's administrator, through the API (sharing the page's cookies). */
export async function signInAsAdmin(page: Page): Promise<TestUser> {
  const res = await page.request.post('/api/auth/local/login', { data: { email: ADMIN.email, password: ADMIN.password }, headers: originHeaders() });
  expect(res.status(), await res.text()).toBe(200);
  return ADMIN;
}

export async function createCaseThroughApi(page: Page, caseNumber: string, title: string): Promise<{ id: string }> {
  const res = await page.request.post('/api/cases', { data: { caseNumber, title }, headers: originHeaders() });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: string };
}

export async function signOutThroughApi(request: APIRequestContext): Promise<void> {
  await request.get('/api/logout', { maxRedirects: 0 });
}

/** The case card for a case number. */
export function caseCard(page: Page, caseNumber: string) {
  return page.getByRole('listitem', { name: `Case ${caseNumber}` });
}

/** The visible toast (in the notifications region, hotkey F8) containing a text. */
export function toastWith(page: Page, text: string) {
  return page.getByRole('region', { name: 'Notifications (F8)' }).getByRole('listitem').filter({ hasText: text });
}

/** The app as seen on the production public host (PUBLIC_HOST=127.0.0.1 in test/e2e/serve.ts). */
export const PUBLIC_HOST_URL = `http://127.0.0.1:${process.env.E2E_PORT ?? 5055}`;

/** The element reaching furthest right of the viewport, when one does. */
export async function widest(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    let out: string | null = null;
    let right = width;
    for (const el of Array.from(document.body.querySelectorAll<HTMLElement>('*'))) {
      const r = el.getBoundingClientRect().right;
      if (r > right + 0.5) {
        right = r;
        out = `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 80)} → ${Math.round(r)} px`;
      }
    }
    return document.documentElement.scrollWidth > width ? (out ?? `${document.documentElement.scrollWidth} px`) : out;
  });
}
