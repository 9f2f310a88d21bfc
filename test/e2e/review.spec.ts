import { expect, test, type Page } from '@playwright/test';
import { readPdfLinks } from '../api/support/read-pdf-links.ts';
import { BASE_URL, createCaseThroughApi, registerThroughApi, toastWith, uniqueSuffix } from './helpers.ts';
import { fixturePdf, uploadThroughApi } from './documents-helpers.ts';

interface ApiLink {
  id: string;
  itemOrdinal: number;
  itemLabel: string;
  srcPage: number;
  targetPage: number | null;
  bbox: [number, number, number, number];
  status: string;
}

/** A 13-tab brief uploaded and linked through the API, as the dashboard would have done it. */
async function linkedBrief(page: Page): Promise<{ caseId: string; docId: string; items: number; links: ApiLink[] }> {
  const brief = await fixturePdf('brief-400', 'motion-record.pdf');
  const created = await createCaseThroughApi(page, `RV-${uniqueSuffix()}`, 'Northgate v. Tremblay');
  const doc = await uploadThroughApi(page, created.id, 'motion-record.pdf', brief.bytes, 'Motion Record');
  await expect
    .poll(async () => ((await (await page.request.get(`/api/documents/${doc.id}`)).json()) as { index_status: string }).index_status, { timeout: 60_000 })
    .toBe('ok');
  const built = await page.request.post('/api/documents/start-hyperlinking', { data: { documentIds: [doc.id] }, headers: { Origin: BASE_URL }, timeout: 60_000 });
  expect(built.status(), await built.text()).toBe(200);
  const links = (await (await page.request.get(`/api/documents/${doc.id}/links`)).json()) as ApiLink[];
  return { caseId: created.id, docId: doc.id, items: brief.items, links: links.sort((a, b) => a.itemOrdinal - b.itemOrdinal) };
}

/** An 11-tab exhibit book uploaded and linked through the API in a case of its own. */
async function linkedExhibitBook(page: Page, prefix: string, caseTitle: string) {
  const brief = await fixturePdf('lettered-tabs');
  const created = await createCaseThroughApi(page, `${prefix}-${uniqueSuffix()}`, caseTitle);
  const doc = await uploadThroughApi(page, created.id, 'lettered-tabs.pdf', brief.bytes, 'Exhibit Book');
  await expect
    .poll(async () => ((await (await page.request.get(`/api/documents/${doc.id}`)).json()) as { index_status: string }).index_status, { timeout: 60_000 })
    .toBe('ok');
  expect((await page.request.post('/api/documents/start-hyperlinking', { data: { documentIds: [doc.id] }, headers: { Origin: BASE_URL }, timeout: 60_000 })).status()).toBe(200);
  return { created, doc };
}

/**
 * A toast shown while the review modal is open: the modal hides the page's notifications region from
 * assistive technology, so it says the toast again in its own status line; that is what is checked.
 */
function modalToast(page: Page, text: string) {
  return page.getByRole('dialog').getByRole('status').filter({ hasText: text });
}

test.beforeEach(async ({ page }) => {
  await registerThroughApi(page);
});

test('a reviewer walks a 13-tab brief with the keyboard, previews and overrides a link, regenerates, approves and files it', async ({ page }) => {
  test.setTimeout(180_000);
  const { caseId, docId, items, links } = await linkedBrief(page);
  expect(items).toBe(13);
  expect(links).toHaveLength(13);

  // The review list: the document with its counts and its least certain links first.
  await page.goto(`/cases/${caseId}/review`);
  const card = page.getByRole('listitem', { name: 'Review Motion Record' });
  await expect(card.getByLabel('Link counts of Motion Record')).toContainText('Total13');
  await expect(card.getByRole('list', { name: 'Least certain links of Motion Record' }).getByRole('listitem')).not.toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('review-list.png') });

  // The modal opens on the index page, every link's box drawn over its row, the first link selected.
  const opened = Date.now();
  await card.getByRole('link', { name: 'Open review of Motion Record' }).click();
  await expect(page).toHaveURL(new RegExp(`/cases/${caseId}/review/${docId}$`));
  const modal = page.getByRole('dialog');
  await expect(modal.getByRole('img', { name: 'Page 2 of 411' })).toBeVisible();
  await expect(modal.getByText(/Loading page/)).toHaveCount(0);
  test.info().annotations.push({ type: 'page 1 shown after', description: `${Date.now() - opened} ms` });
  await expect(modal.getByTestId('link-box')).toHaveCount(13);
  const panel = modal.getByRole('list', { name: 'Hyperlinks' });
  const item = (label: string) => panel.getByRole('listitem', { name: label, exact: true });
  await expect(item('Tab 1')).toHaveAttribute('aria-current', 'true');
  await expect(modal.getByLabel('Keyboard shortcuts')).toContainText('confirm');
  await expect(modal.getByTestId('count-total')).toHaveText('13');
  await expect(modal.getByTestId('count-pending')).toHaveText('13');

  // Keyboard: c confirms, j/↓ moves on, k/↑ goes back; tabs 1 to 11 confirmed.
  await page.keyboard.press('c');
  await expect(modalToast(page, 'Hyperlink Updated')).toBeVisible();
  await expect(item('Tab 1').getByRole('button', { name: /Confirm/ })).toBeDisabled();
  await page.keyboard.press('j');
  await page.keyboard.press('k');
  await expect(item('Tab 1')).toHaveAttribute('aria-current', 'true');
  for (let tab = 2; tab <= 11; tab++) {
    await page.keyboard.press(tab % 2 ? 'j' : 'ArrowDown');
    await expect(item(`Tab ${tab}`)).toHaveAttribute('aria-current', 'true');
    await page.keyboard.press('c');
    await expect(modal.getByTestId('count-confirmed')).toHaveText(String(tab));
  }
  // x removes tab 12; its Remove button is gone after.
  await page.keyboard.press('j');
  await expect(item('Tab 12')).toHaveAttribute('aria-current', 'true');
  await page.keyboard.press('x');
  await expect(item('Tab 12')).toContainText('Removed');
  await expect(item('Tab 12').getByRole('button', { name: /Remove/ })).toHaveCount(0);

  // Tab 13: a new target page, looked at first with Preview, then saved; the saved page stays shown as the target.
  await page.keyboard.press('ArrowDown');
  const tab13 = item('Tab 13');
  await expect(tab13).toHaveAttribute('aria-current', 'true');
  const engineTarget = links[12]!.targetPage!;
  const newTarget = engineTarget + 1;
  const input = tab13.getByLabel(/Target page/);
  await input.fill('0');
  await tab13.getByRole('button', { name: 'Preview' }).click();
  await expect(tab13.getByRole('alert')).toHaveText('The page must be at least 1');
  await input.fill(String(newTarget));
  await tab13.getByRole('button', { name: 'Preview' }).click();
  await expect(modal.getByRole('img', { name: `Page ${newTarget} of 411` })).toBeVisible();
  await expect(modal).toContainText(`Previewing page ${newTarget} as the target of Tab 13`);
  await page.screenshot({ path: test.info().outputPath('review-modal-preview.png') });
  await tab13.getByRole('button', { name: 'Save page' }).click();
  await expect(tab13).toContainText(`PDF page ${newTarget}`);
  await expect(tab13).toContainText(`engine: page ${engineTarget}`);
  await expect(modal.getByTestId('count-confirmed')).toHaveText('12');
  await expect(modal.getByTestId('count-pending')).toHaveText('0');
  await expect(tab13).toContainText('set by reviewer');
  await expect(modal.getByRole('img', { name: `Page ${newTarget} of 411` })).toBeVisible();
  await expect(modal).toContainText('Target page of Tab 13');

  // Approval waits for the regenerated PDF.
  const approve = modal.getByRole('button', { name: 'Mark as Approved' });
  const reviewer = modal.getByPlaceholder('Full name and bar number');
  await reviewer.fill('Jane Counsel, LSO 12345A');
  await expect(approve).toBeDisabled();
  await modal.getByRole('button', { name: 'Regenerate PDF' }).click();
  await expect(modalToast(page, 'PDF Regenerated')).toBeVisible({ timeout: 60_000 });
  await expect(modal.getByTestId('regenerated')).toContainText('12/12 links, 0 broken');
  await page.screenshot({ path: test.info().outputPath('review-modal.png') });
  await approve.click();
  await expect(modalToast(page, 'Document Reviewed')).toBeVisible();
  await expect(modal.getByTestId('review-state')).toContainText('Approved by Jane Counsel, LSO 12345A');

  // The audit trail shows the decisions with before and after.
  await modal.getByRole('button', { name: 'Audit trail' }).click();
  const trail = modal.getByRole('region', { name: 'Audit trail' });
  await expect(trail).toContainText('targetPage: ' + engineTarget + ' → ' + newTarget);
  await expect(trail).toContainText('status: auto → removed');
  await expect(trail).toContainText('approve');

  // Closing returns to the case; its workflow panel and sidebar show the document approved.
  await modal.getByRole('button', { name: 'Close' }).click();
  await expect(page).toHaveURL(new RegExp(`/cases/${caseId}$`));
  const workflow = page.getByRole('region', { name: 'Workflow' });
  await expect(workflow.getByRole('listitem', { name: 'Stage of Motion Record' })).toContainText('4. Lawyer approved');
  await expect(workflow.getByRole('list', { name: 'Ready to file' })).toContainText('Motion Record');
  const sidebar = page.getByRole('navigation', { name: 'Workflow' });
  await expect(sidebar.getByRole('button', { name: /4 AI Hyperlinking/ })).toContainText('Done');
  await expect(sidebar.getByRole('button', { name: /5 Lawyer Review/ })).toContainText('Done');
  await workflow.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('workflow-panel.png') });

  // Court submission: select, file, then the filed PDF carries exactly the reviewed links.
  await workflow.getByRole('link', { name: 'Submit to Court', exact: true }).click();
  await expect(page).toHaveURL(/\/court-ready\?case=/);
  await page.getByRole('checkbox', { name: /Motion Record/ }).check();
  await page.getByRole('button', { name: 'Submit to Court (1)' }).click();
  await expect(toastWith(page, 'Submitted to Court!')).toBeVisible({ timeout: 60_000 });
  const filed = page.getByRole('listitem', { name: 'Submission Motion Record' });
  await expect(filed).toContainText('approved by Jane Counsel, LSO 12345A');
  await page.screenshot({ path: test.info().outputPath('court-submit.png') });

  const pdfUrl = await filed.getByRole('link', { name: 'Court PDF' }).getAttribute('href');
  const pdf = await page.request.get(pdfUrl!);
  expect(pdf.status()).toBe(200);
  const read = await readPdfLinks(await pdf.body());
  const onIndex = read.links.filter((l) => l.page === 2);
  expect(onIndex).toHaveLength(12);
  const overlaps = (a: number[], b: number[]) => Math.min(a[3]!, b[3]!) - Math.max(a[1]!, b[1]!) > 2;
  // Tab 12 was removed: nothing over its row. Tab 13 goes where the reviewer set it; the others where the engine found them.
  expect(onIndex.filter((l) => overlaps(l.box, links[11]!.bbox))).toHaveLength(0);
  for (const link of [...links.slice(0, 11), links[12]!]) {
    const written = onIndex.filter((l) => overlaps(l.box, link.bbox));
    expect(written, `link of tab ${link.itemLabel}`).toHaveLength(1);
    expect(written[0]!.target).toBe(link.itemOrdinal === 13 ? newTarget : link.targetPage);
  }
  expect(read.outline).toHaveLength(12);

  const csvUrl = await filed.getByRole('link', { name: 'Hyperlink report (CSV)' }).getAttribute('href');
  const csv = await (await page.request.get(csvUrl!)).text();
  // The report lists every index entry, the removed one and the one the reviewer changed included.
  const rows = csv.split('\n').filter((r) => /^"\d+"/.test(r));
  expect(rows).toHaveLength(13);
  expect(rows[11]).toContain('"removed"');
  expect(rows[12]).toContain(`"${newTarget}","${engineTarget}"`);

  // Filed: the document is at stage 5 and no longer offered for submission.
  await page.goto(`/cases/${caseId}`);
  await expect(page.getByRole('listitem', { name: 'Stage of Motion Record' })).toContainText('5. Court submitted');
});

test('a missing or unknown document shows Invalid document or case ID; closing returns to the case', async ({ page }) => {
  const created = await createCaseThroughApi(page, `RV-${uniqueSuffix()}`, 'Missing matter');
  await page.goto(`/cases/${created.id}/review/00000000-0000-4000-8000-000000000000`);
  const modal = page.getByRole('dialog');
  await expect(modal).toContainText('Invalid document or case ID');
  await modal.getByRole('button', { name: 'Close' }).click();
  await expect(page).toHaveURL(new RegExp(`/cases/${created.id}$`));
});

test('page images: a PNG of the asked page at the asked width, checked input, cached with an ETag, nothing signed out', async ({ page, playwright }) => {
  const brief = await fixturePdf('lettered-tabs');
  const created = await createCaseThroughApi(page, `PI-${uniqueSuffix()}`, 'Images matter');
  const doc = await uploadThroughApi(page, created.id, 'lettered-tabs.pdf', brief.bytes, 'Lettered Tabs');
  await expect
    .poll(async () => ((await (await page.request.get(`/api/documents/${doc.id}`)).json()) as { pageCount: number | null }).pageCount, { timeout: 30_000 })
    .not.toBeNull();
  const { pageCount } = (await (await page.request.get(`/api/documents/${doc.id}`)).json()) as { pageCount: number };
  const base = `/api/documents/${doc.id}/pages`;

  const info = await page.request.get(`${base}/1/info`);
  expect(info.status()).toBe(200);
  const size = (await info.json()) as { page: number; pageCount: number; width: number; height: number };
  expect(size).toMatchObject({ page: 1, pageCount, width: 612, height: 792 });

  const image = await page.request.get(`${base}/1/image?width=300`);
  expect(image.status()).toBe(200);
  expect(image.headers()['content-type']).toBe('image/png');
  expect(image.headers()['cache-control']).toContain('private');
  const png = await image.body();
  expect(png.subarray(1, 4).toString()).toBe('PNG');
  expect(png.readUInt32BE(16)).toBe(300); // IHDR width
  expect(Math.abs(png.readUInt32BE(20) - (300 * 792) / 612)).toBeLessThanOrEqual(1); // IHDR height: the page's proportions
  const again = await page.request.get(`${base}/1/image?width=300`, { headers: { 'If-None-Match': image.headers()['etag']! } });
  expect(again.status()).toBe(304);

  for (const [url, status] of [
    [`${base}/${pageCount + 1}/image`, 404],
    [`${base}/0/image`, 400],
    [`${base}/x/image`, 400],
    [`${base}/1/image?width=99999`, 400],
    [`/api/documents/not-an-id/pages/1/image`, 400],
    [`/api/documents/00000000-0000-4000-8000-000000000000/pages/1/image`, 404],
  ] as const) {
    expect((await page.request.get(url)).status(), url).toBe(status);
  }
  const stranger = await playwright.request.newContext({ baseURL: BASE_URL });
  expect((await stranger.get(`${base}/1/image`)).status()).toBe(401);
  await stranger.dispose();
});

test('a link changed after approval withdraws it, on the document and in the panel; Reject needs a reason and records it', async ({ page }) => {
  test.setTimeout(120_000);
  const { created, doc } = await linkedExhibitBook(page, 'WD', 'Withdrawn matter');
  const headers = { Origin: BASE_URL };
  expect((await page.request.post(`/api/documents/${doc.id}/regenerate`, { headers, timeout: 60_000 })).status()).toBe(200);
  const approved = await page.request.post(`/api/documents/${doc.id}/review`, { data: { approved: true, reviewerName: 'Sam Partner, LSO 999', unreviewedAccepted: (await (await page.request.get(`/api/documents/${doc.id}`)).json()).unreviewedCount }, headers });
  expect(approved.status(), await approved.text()).toBe(200);

  await page.goto(`/cases/${created.id}/review/${doc.id}`);
  const modal = page.getByRole('dialog');
  await expect(modal.getByTestId('review-state')).toContainText('Approved by Sam Partner, LSO 999');
  await expect(modal.getByRole('button', { name: 'Mark as Approved' })).toBeDisabled();
  await page.keyboard.press('Delete');
  await expect(modal.getByTestId('count-removed')).toHaveText('1');
  await expect(modal.getByTestId('review-state')).toContainText('Approval withdrawn');
  await expect(modal.getByTestId('regenerated')).toContainText('out of date');

  // Reject: the reason is required, then recorded with the reviewer's name.
  await modal.getByPlaceholder('Full name and bar number').fill('Sam Partner, LSO 999');
  await modal.getByRole('button', { name: 'Reject', exact: true }).click();
  const rejectButton = modal.getByRole('button', { name: 'Reject document' });
  await expect(rejectButton).toBeDisabled();
  await modal.getByLabel('Reason for rejecting').fill('Tab B goes to the wrong exhibit');
  await rejectButton.click();
  await expect(modalToast(page, 'Document Reviewed')).toBeVisible();
  await expect(modal.getByTestId('review-state')).toContainText('Rejected by Sam Partner, LSO 999: Tab B goes to the wrong exhibit');
  await modal.getByRole('button', { name: 'Close' }).click();
  // Rejected: review is offered again on the dashboard.
  await expect(page.getByRole('list', { name: 'Awaiting review' }).getByRole('listitem', { name: 'Review Exhibit Book' })).toContainText('rejected');
});

test('reuploading a document with review decisions asks first, and goes ahead only when confirmed', async ({ page }) => {
  test.setTimeout(120_000);
  const brief = await fixturePdf('lettered-tabs');
  const created = await createCaseThroughApi(page, `RU-${uniqueSuffix()}`, 'Reupload matter');
  const doc = await uploadThroughApi(page, created.id, 'lettered-tabs.pdf', brief.bytes, 'Tab Book');
  await expect
    .poll(async () => ((await (await page.request.get(`/api/documents/${doc.id}`)).json()) as { index_status: string }).index_status, { timeout: 60_000 })
    .toBe('ok');
  const headers = { Origin: BASE_URL };
  expect((await page.request.post('/api/documents/start-hyperlinking', { data: { documentIds: [doc.id] }, headers, timeout: 60_000 })).status()).toBe(200);
  const [first] = (await (await page.request.get(`/api/documents/${doc.id}/links`)).json()) as ApiLink[];
  expect((await page.request.put(`/api/links/${first!.id}`, { data: { status: 'confirmed' }, headers })).status()).toBe(200);

  await page.goto(`/cases/${created.id}`);
  const row = page.getByRole('list', { name: 'Documents' }).getByRole('listitem', { name: 'Document Tab Book' });
  const chooser = page.waitForEvent('filechooser');
  await row.getByRole('button', { name: 'Reupload Tab Book' }).click();
  await (await chooser).setFiles(brief.path);
  const ask = page.getByRole('alertdialog');
  await expect(ask).toContainText('This document has been reviewed');
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(ask).toHaveCount(0);
  expect(((await (await page.request.get(`/api/documents/${doc.id}/links`)).json()) as ApiLink[])[0]!.status).toBe('confirmed');

  const again = page.waitForEvent('filechooser');
  await row.getByRole('button', { name: 'Reupload Tab Book' }).click();
  await (await again).setFiles(brief.path);
  await page.getByRole('alertdialog').getByRole('button', { name: 'Reupload anyway' }).click();
  await expect(toastWith(page, 'Document Reuploaded')).toBeVisible();
});

test('approval means reviewed: links nobody looked at are listed, lowest confidence first, and approved only when the reviewer says so by their number', async ({ page }) => {
  test.setTimeout(120_000);
  const { created, doc } = await linkedExhibitBook(page, 'UR', 'Unreviewed matter');
  const headers = { Origin: BASE_URL };
  const links = (await (await page.request.get(`/api/documents/${doc.id}/links`)).json()) as ApiLink[];
  // the reviewer confirms one link, then regenerates
  expect((await page.request.put(`/api/links/${links[0]!.id}`, { data: { status: 'confirmed' }, headers })).status()).toBe(200);
  expect((await page.request.post(`/api/documents/${doc.id}/regenerate`, { headers, timeout: 60_000 })).status()).toBe(200);
  const left = links.length - 1;

  await page.goto(`/cases/${created.id}/review/${doc.id}`);
  const modal = page.getByRole('dialog');
  await modal.getByPlaceholder('Full name and bar number').fill('Sam Partner, LSO 999');
  await modal.getByRole('button', { name: 'Mark as Approved' }).click();
  const asked = modal.getByRole('group', { name: 'Links not individually reviewed' });
  await expect(asked).toContainText(`${left} links have not been individually reviewed`);
  await expect(asked.getByTestId('unreviewed-links').getByRole('listitem')).toHaveCount(6); // five named, "and N more"
  await expect(asked).toContainText(`and ${left - 5} more`);
  await page.screenshot({ path: test.info().outputPath('approve-unreviewed.png') });
  // going back changes nothing
  await asked.getByRole('button', { name: 'Review them first' }).click();
  await expect(modal.getByTestId('review-state')).toHaveCount(0);
  await modal.getByRole('button', { name: 'Mark as Approved' }).click();
  await modal.getByRole('button', { name: `Approve with ${left} links not individually reviewed` }).click();
  await expect(modalToast(page, 'Document Reviewed')).toBeVisible();
  await expect(modal.getByTestId('review-state')).toContainText('Approved by Sam Partner, LSO 999');
  const audit = (await (await page.request.get(`/api/documents/${doc.id}/audit`)).json()) as Array<{ action: string; after: { unreviewedLinks?: number } }>;
  expect(audit.filter((e) => e.action === 'approve').at(-1)!.after.unreviewedLinks).toBe(left);
});
