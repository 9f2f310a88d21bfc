import { readFileSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { BASE_URL, createCaseThroughApi, registerThroughApi, signInAsAdmin, uniqueSuffix } from './helpers.ts';
import { fixturePdf, uploadThroughApi } from './documents-helpers.ts';

const PHONE = { width: 390, height: 844 };
const FILE_NAME = 'motion-record-with-lettered-and-roman-tabs.pdf';

/** Every path the signed-in app routes (src/web/app-routes.tsx), read from the source so a new screen cannot be missed. */
function routedPaths(): string[] {
  const source = readFileSync(new URL('../../src/web/app-routes.tsx', import.meta.url), 'utf8');
  const signedIn = source.slice(source.lastIndexOf('return ('));
  return [...signedIn.matchAll(/<Route path="([^"]+)"/g)].map((m) => m[1]!);
}

interface Seeded {
  caseId: string;
  docId: string;
}

const origin = { Origin: BASE_URL };

/** Uploads a fixture brief into a case and builds its links, through the API as the other specs do. */
async function linkedBrief(page: Page, caseId: string, fileName: string, title: string): Promise<string> {
  const brief = await fixturePdf('lettered-tabs', fileName);
  const doc = await uploadThroughApi(page, caseId, fileName, brief.bytes, title);
  await expect
    .poll(async () => ((await (await page.request.get(`/api/documents/${doc.id}`)).json()) as { index_status: string }).index_status, { timeout: 60_000 })
    .toBe('ok');
  const built = await page.request.post('/api/documents/start-hyperlinking', { data: { documentIds: [doc.id] }, headers: origin, timeout: 60_000 });
  expect(built.status(), await built.text()).toBe(200);
  return doc.id;
}

async function approve(page: Page, docId: string): Promise<void> {
  const regenerated = await page.request.post(`/api/documents/${docId}/regenerate`, { headers: origin, timeout: 60_000 });
  expect(regenerated.status(), await regenerated.text()).toBe(200);
  const approved = await page.request.post(`/api/documents/${docId}/review`, { data: { approved: true, reviewerName: 'Alexandra Worthington-Smythe, LSO 123456A', unreviewedAccepted: (await (await page.request.get(`/api/documents/${docId}`)).json()).unreviewedCount }, headers: origin });
  expect(approved.status(), await approved.text()).toBeLessThan(300);
}

/**
 * Two cases, the second with screens that all have something to show: one brief filed with the court, one approved and
 * waiting to be filed (the one the review screen opens), an invitation, a reported issue and a case in the Trash.
 */
async function seedLinkedBrief(page: Page): Promise<Seeded> {
  // a second case, so the screens that choose a case show their choice (its long title included)
  await createCaseThroughApi(page, `PH-${uniqueSuffix()}`, 'Her Majesty the Queen in Right of the Province v. Consolidated Amalgamated Northwestern Pipeline Transportation Holdings');
  const created = await createCaseThroughApi(page, `PH-${uniqueSuffix()}`, 'Consolidated Amalgamated Northwestern Pipeline v. Municipality');
  const filed = await linkedBrief(page, created.id, `filed-${FILE_NAME}`, 'Factum of the Respondent, Consolidated Amalgamated Northwestern Pipeline');
  await approve(page, filed);
  const submitted = await page.request.post('/api/documents/submit-to-court', { data: { documentIds: [filed], courtInfo: { court: 'Court of Appeal for Ontario' } }, headers: origin, timeout: 60_000 });
  expect(submitted.status(), await submitted.text()).toBe(201);
  const docId = await linkedBrief(page, created.id, FILE_NAME, 'Motion Record of the Applicant, Volume One of Three');
  await approve(page, docId);
  const trashed = await createCaseThroughApi(page, `PH-${uniqueSuffix()}`, 'Deleted Holdings Limited Partnership v. The Receiver General of the Province');
  expect((await page.request.delete(`/api/cases/${trashed.id}`, { headers: origin })).status()).toBe(204);
  const invited = await page.request.post('/api/invitations', { data: { email: `associate-with-a-long-address-${uniqueSuffix()}@example.com` }, headers: origin });
  expect(invited.status(), await invited.text()).toBe(201);
  const reported = await page.request.post('/api/issue-reports', { data: { text: 'Tab B of the motion record goes to the wrong exhibit page.', documentId: docId, page: `/cases/${created.id}` }, headers: origin });
  expect(reported.status(), await reported.text()).toBe(201);
  return { caseId: created.id, docId };
}

/** Each routed path: the address visited and what shows once its screen has loaded. */
function visits(s: Seeded, page: Page): Record<string, { url: string; ready: Locator }> {
  const h1 = (name: string | RegExp) => page.getByRole('heading', { level: 1, name });
  return {
    '/': { url: '/', ready: h1('Case Management') },
    '/case-management': { url: '/case-management', ready: h1('Case Management') },
    '/cases': { url: '/cases', ready: h1(/Consolidated Amalgamated/) },
    '/cases/:caseId': { url: `/cases/${s.caseId}`, ready: page.getByRole('listitem', { name: /^Document Motion Record/ }) },
    '/cases/:caseId/ocr': { url: `/cases/${s.caseId}/ocr`, ready: h1('OCR Processing') },
    '/cases/:caseId/review': { url: `/cases/${s.caseId}/review`, ready: page.getByRole('listitem', { name: /^Review Motion Record/ }) },
    '/cases/:caseId/review/:docId': { url: `/cases/${s.caseId}/review/${s.docId}`, ready: page.getByRole('dialog').getByRole('img', { name: /^Page \d+ of \d+/ }) },
    '/cases/:caseId/reanalyze': { url: `/cases/${s.caseId}/reanalyze`, ready: h1('Reanalyze') },
    '/cases/:caseId/workspace': { url: `/cases/${s.caseId}/workspace`, ready: h1('Case Workspace') },
    '/cases/:caseId/gpt5-test': { url: `/cases/${s.caseId}/gpt5-test`, ready: h1('Detection Diagnostics') },
    '/review': { url: '/review', ready: h1('Awaiting Review') },
    '/index-viewer/:filename': { url: `/index-viewer/${encodeURIComponent(FILE_NAME)}`, ready: h1(/Motion Record/) },
    '/ocr': { url: '/ocr', ready: h1('OCR Processing') },
    '/instant': { url: '/instant', ready: page.getByRole('list', { name: 'Submissions' }).getByText('Court of Appeal for Ontario').first() },
    '/court-ready': { url: '/court-ready', ready: page.getByRole('list', { name: 'Submissions' }).getByText('Court of Appeal for Ontario').first() },
    '/help': { url: '/help', ready: page.getByRole('heading', { name: /Quick start/i }) },
    '/people': { url: '/people', ready: page.getByText(/associate-with-a-long-address/) },
    '/account': { url: '/account', ready: page.getByRole('button', { name: 'Sign out everywhere' }) },
    '/trash': { url: '/trash', ready: page.getByText(/Deleted Holdings Limited Partnership/) },
    '/status': { url: '/status', ready: page.getByText('Tab B of the motion record goes to the wrong exhibit page.') },
    '/links': { url: '/links', ready: h1('Legal Document Hyperlinks') },
    '/hyperlinks': { url: '/hyperlinks', ready: h1('Legal Document Hyperlinks') },
    '/privacy-policy': { url: '/privacy-policy', ready: page.getByRole('heading', { name: /Privacy/i }).first() },
    '/terms-of-service': { url: '/terms-of-service', ready: page.getByRole('heading', { name: /Terms/i }).first() },
    '/signin': { url: '/signin', ready: h1('Case Management') },
    '/signup': { url: '/signup', ready: h1('Case Management') },
    '*': { url: '/no-such-screen', ready: h1('404 Page Not Found') },
  };
}

async function overflow(page: Page): Promise<{ scrollWidth: number; widest: string }> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    // the element reaching furthest right, to say what overflows when something does
    let widest = '';
    let right = width;
    for (const el of Array.from(document.body.querySelectorAll<HTMLElement>('*'))) {
      const r = el.getBoundingClientRect().right;
      if (r > right + 0.5) {
        right = r;
        widest = `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 80)} → ${Math.round(r)} px`;
      }
    }
    return { scrollWidth: document.documentElement.scrollWidth, widest };
  });
}

test('on a 390 px phone every screen of the app fits the width: no sideways scrolling anywhere', async ({ page }) => {
  test.setTimeout(240_000);
  await page.setViewportSize(PHONE);
  await signInAsAdmin(page); // People's actions and the Trash show to administrators
  const seeded = await seedLinkedBrief(page);
  const byPath = visits(seeded, page);
  expect(Object.keys(byPath).sort()).toEqual(routedPaths().sort());

  const wide: string[] = [];
  for (const [path, { url, ready }] of Object.entries(byPath)) {
    await page.goto(url);
    await expect(ready, `${path} loads`).toBeVisible({ timeout: 30_000 });
    await page.screenshot({ path: test.info().outputPath(`${path.replace(/[^a-z0-9]+/gi, '_') || 'root'}.png`) });
    const { scrollWidth, widest } = await overflow(page);
    if (scrollWidth > PHONE.width) wide.push(`${path}: ${scrollWidth} px wide (${widest})`);
  }
  expect(wide).toEqual([]);
});

test('on a 390 px phone the review screen stacks the page above its links, the page as wide as the screen, the shortcut bar whole', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize(PHONE);
  await registerThroughApi(page);
  const { id: caseId } = await createCaseThroughApi(page, `PH-${uniqueSuffix()}`, 'Northgate v. Tremblay');
  const docId = await linkedBrief(page, caseId, FILE_NAME, 'Motion Record');
  await page.goto(`/cases/${caseId}/review/${docId}`);
  const modal = page.getByRole('dialog');
  const image = modal.getByRole('img', { name: /^Page \d+ of \d+/ });
  await expect(image).toBeVisible();
  const pageBox = (await image.boundingBox())!;
  expect(pageBox.width).toBeGreaterThan(PHONE.width * 0.75);
  const links = modal.getByRole('list', { name: 'Hyperlinks' });
  await expect(links.getByRole('listitem').first()).toBeVisible();
  const linksBox = (await links.boundingBox())!;
  expect(linksBox.y).toBeGreaterThanOrEqual(pageBox.y + pageBox.height - 1);
  // the shortcut bar is whole: inside the screen, none of it cut off
  const bar = modal.getByLabel('Keyboard shortcuts');
  await bar.scrollIntoViewIfNeeded();
  const barBox = (await bar.boundingBox())!;
  expect(barBox.x).toBeGreaterThanOrEqual(0);
  expect(barBox.x + barBox.width).toBeLessThanOrEqual(PHONE.width);
  expect(await bar.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
  expect((await overflow(page)).scrollWidth).toBeLessThanOrEqual(PHONE.width);
});
