import { expect, test } from '@playwright/test';
import { BASE_URL, createCaseThroughApi, registerThroughApi, toastWith, uniqueSuffix } from './helpers.ts';
import { documentRow, fixturePdf, textFile, uploadThroughApi } from './documents-helpers.ts';

test.beforeEach(async ({ page }) => {
  await registerThroughApi(page);
});

test('uploading a brief in the browser: progress from 10%, Success, the index count, links built, then deleted', async ({ page }) => {
  test.setTimeout(120_000);
  const brief = await fixturePdf('lettered-tabs', 'lettered-tabs-brief.pdf');
  const notes = textFile();
  const created = await createCaseThroughApi(page, `UP-${uniqueSuffix()}`, 'Lettered v. Tabs');
  await page.goto(`/cases/${created.id}`);
  await expect(page.getByRole('button', { name: 'Process Selected (0)' })).toBeDisabled();

  await page.getByRole('button', { name: 'Upload Documents', exact: true }).click();
  const panel = page.getByRole('region', { name: 'Upload Documents' });
  await expect(panel).toContainText('max 123MB');
  // A non-PDF picked with the PDF is silently left out.
  await panel.getByLabel('Choose PDF files').setInputFiles([brief.path, notes]);
  const files = panel.getByRole('list', { name: 'Files to upload' });
  await expect(files.getByRole('listitem')).toHaveCount(1);
  await expect(files).toContainText('lettered-tabs-brief.pdf');
  await expect(files).not.toContainText('notes.txt');
  await expect(panel.getByLabel(/Document Title/)).toHaveValue('lettered-tabs-brief');
  await panel.getByLabel(/Document Title/).fill('Book of Documents');

  // Hold the upload's answer back a moment, to see the bar start at 10% before the server answers.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/upload/document', async (route) => {
    await held;
    await route.continue();
  });
  await panel.getByRole('button', { name: 'Upload', exact: true }).click();
  const bar = files.getByRole('progressbar', { name: 'Uploading lettered-tabs-brief.pdf' });
  await expect(bar).toBeVisible();
  expect(Number(await bar.getAttribute('aria-valuenow'))).toBeGreaterThanOrEqual(10);
  release();

  const row = files.getByRole('listitem', { name: 'Upload lettered-tabs-brief.pdf' });
  await expect(row).toContainText('Success');
  await expect(toastWith(page, 'Upload Complete')).toBeVisible();
  await expect(row.getByTestId('index-detection')).toHaveText(`Index detected: ${brief.items} items`, { timeout: 30_000 });

  const doc = documentRow(page, 'Book of Documents');
  await expect(doc).toContainText(`${brief.items} index items`);
  await expect(doc).toContainText(`${(brief.bytes.byteLength / 1048576).toFixed(2)} MB`);
  await expect(doc).toContainText('OCR complete');

  await doc.getByRole('checkbox', { name: 'Select Book of Documents' }).check();
  await expect(page.getByText('1 selected')).toBeVisible();
  await page.getByRole('button', { name: 'Process Selected (1)' }).click();
  const done = toastWith(page, 'Hyperlinks Detected!');
  await expect(done).toBeVisible({ timeout: 60_000 });
  await expect(done).toContainText(`${brief.items} hyperlinks built`);
  await expect(doc).toContainText(`${brief.items} links`);
  const download = await doc.getByRole('link', { name: 'Download Book of Documents' }).getAttribute('href');
  const pdf = await page.request.get(download!);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

  // Open shows the document in the viewer (the review modal), not a download.
  await doc.getByRole('link', { name: 'Open Book of Documents' }).click();
  await expect(page).toHaveURL(new RegExp(`/cases/${created.id}/review/`));
  await expect(page.getByRole('dialog').getByRole('img', { name: /^Page \d+ of \d+$/ })).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
  await expect(page).toHaveURL(new RegExp(`/cases/${created.id}$`));

  await doc.getByRole('button', { name: 'Delete Book of Documents' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete Document' }).click();
  await expect(toastWith(page, 'Document Deleted')).toBeVisible();
  await expect(documentRow(page, 'Book of Documents')).toHaveCount(0);
  await page.reload();
  await expect(page.getByText('No documents in this case yet')).toBeVisible();
});

test('reupload accepts only a PDF: a text file gets “Invalid File”', async ({ page }) => {
  const brief = await fixturePdf('ontario-brief');
  const created = await createCaseThroughApi(page, `RU-${uniqueSuffix()}`, 'Reupload matter');
  await uploadThroughApi(page, created.id, 'ontario-brief.pdf', brief.bytes, 'Motion Record');
  await page.goto(`/cases/${created.id}`);
  const doc = documentRow(page, 'Motion Record');
  await doc.getByLabel('New file for Motion Record').setInputFiles(textFile('scan.txt'));
  const toast = toastWith(page, 'Invalid File');
  await expect(toast).toBeVisible();
  await expect(toast).toContainText('Please select a PDF file.');
});

test('a refused delete puts the document back and says so', async ({ page }) => {
  const brief = await fixturePdf('ontario-brief');
  const created = await createCaseThroughApi(page, `RB-${uniqueSuffix()}`, 'Rollback matter');
  await uploadThroughApi(page, created.id, 'ontario-brief.pdf', brief.bytes, 'Factum');
  await page.goto(`/cases/${created.id}`);
  const doc = documentRow(page, 'Factum');
  await expect(doc).toBeVisible();
  // The server refuses this one delete (the only way to make a real server fail it on demand).
  await page.route('**/api/documents/*', (route) =>
    route.request().method() === 'DELETE' ? route.fulfill({ status: 503, body: '{"error":"unavailable","message":"try later"}' }) : route.continue(),
  );
  await doc.getByRole('button', { name: 'Delete Factum' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete Document' }).click();
  const toast = toastWith(page, 'Delete Failed');
  await expect(toast).toContainText('Delete failed (503). Please retry.');
  await expect(documentRow(page, 'Factum')).toBeVisible();
});

test('searching the list, editing a title and alias', async ({ page }) => {
  const brief = await fixturePdf('ontario-brief');
  const created = await createCaseThroughApi(page, `SE-${uniqueSuffix()}`, 'Search matter');
  await uploadThroughApi(page, created.id, 'a.pdf', brief.bytes, 'Applicant Record');
  await uploadThroughApi(page, created.id, 'b.pdf', brief.bytes, 'Respondent Factum');
  await page.goto(`/cases/${created.id}`);
  await page.getByLabel('Search documents').fill('factum');
  await expect(documentRow(page, 'Respondent Factum')).toBeVisible();
  await expect(documentRow(page, 'Applicant Record')).toHaveCount(0);
  await page.getByLabel('Search documents').fill('');

  const doc = documentRow(page, 'Applicant Record');
  await doc.getByRole('button', { name: 'Edit Applicant Record' }).click();
  await doc.getByLabel('Title').fill('Applicant Motion Record');
  await doc.getByLabel('Alias').fill('AMR');
  await doc.getByRole('button', { name: 'Save' }).click();
  await expect(toastWith(page, 'Document Updated')).toBeVisible();
  await expect(documentRow(page, 'Applicant Motion Record')).toContainText('(AMR)');

  await page.getByLabel('Select all').check();
  await expect(page.getByRole('button', { name: 'Process Selected (2)' })).toBeEnabled();
});

test('choosing a file whose name is already in the case warns, lists three and counts the rest; Continue Anyway uploads', async ({ page }) => {
  const brief = await fixturePdf('ontario-brief', 'record.pdf');
  const created = await createCaseThroughApi(page, `DU-${uniqueSuffix()}`, 'Duplicate matter');
  for (const [i, name] of ['record.pdf', 'record-v2.pdf', 'record-v3.pdf', 'record-final.pdf'].entries()) {
    await uploadThroughApi(page, created.id, name, brief.bytes, `Record ${i + 1}`);
  }
  await page.goto(`/cases/${created.id}`);
  await page.getByRole('button', { name: 'Upload Documents', exact: true }).click();
  const panel = page.getByRole('region', { name: 'Upload Documents' });
  await panel.getByLabel('Choose PDF files').setInputFiles(brief.path);

  const toast = toastWith(page, 'Duplicate Files Found');
  await expect(toast).toContainText('Found 4 similar document(s) in this case');
  const warning = panel.getByRole('alert', { name: 'Possible duplicates' });
  await expect(warning.getByRole('listitem')).toHaveCount(3);
  await expect(warning).toContainText('...and 1 more');
  await warning.getByRole('button', { name: 'Dismiss' }).click();
  await expect(warning).toHaveCount(0);

  await panel.getByRole('button', { name: 'Remove record.pdf' }).click();
  await panel.getByLabel('Choose PDF files').setInputFiles(brief.path);
  await panel.getByRole('alert', { name: 'Possible duplicates' }).getByRole('button', { name: 'Continue Anyway' }).click();
  await expect(panel.getByRole('listitem', { name: 'Upload record.pdf' })).toContainText('Success');
  await expect(page.getByRole('list', { name: 'Documents' }).getByRole('listitem')).toHaveCount(5);
});

test('title suggestions come from earlier documents after two characters and fill the details', async ({ page }) => {
  const brief = await fixturePdf('ontario-brief', 'authorities.pdf');
  const created = await createCaseThroughApi(page, `SM-${uniqueSuffix()}`, 'Memory matter');
  const name = `Compendium ${uniqueSuffix()}`;
  const res = await page.request.post('/api/document-memory', {
    data: { documentName: name, fileNumber: 'CV-22-0042', alias: 'COMP' },
    headers: { Origin: BASE_URL },
  });
  expect(res.status()).toBeLessThan(300);
  await page.goto(`/cases/${created.id}`);
  await page.getByRole('button', { name: 'Upload Documents', exact: true }).click();
  const panel = page.getByRole('region', { name: 'Upload Documents' });
  await panel.getByLabel('Choose PDF files').setInputFiles(brief.path);
  await expect(panel).toContainText('Smart Memory');
  const title = panel.getByRole('combobox', { name: /Document Title/ });
  await title.fill('C');
  await expect(panel.getByRole('listbox', { name: 'Title suggestions' })).toHaveCount(0);
  await title.fill(name.slice(0, 12));
  const option = panel.getByRole('option', { name: new RegExp(name) });
  await expect(option).toBeVisible();
  await option.click();
  await expect(title).toHaveValue(name);
  await expect(panel.getByLabel('File/Case Number')).toHaveValue('CV-22-0042');
  await expect(panel.getByLabel(/Document Alias/)).toHaveValue('COMP');
});

test('a file the server refuses is marked Failed with its reason; retry and remove work on it', async ({ page }) => {
  const brief = await fixturePdf('ontario-brief', 'good.pdf');
  const created = await createCaseThroughApi(page, `FA-${uniqueSuffix()}`, 'Refused matter');
  await page.goto(`/cases/${created.id}`);
  await page.getByRole('button', { name: 'Upload Documents', exact: true }).click();
  const panel = page.getByRole('region', { name: 'Upload Documents' });
  // A text file named .pdf and typed as a PDF passes the browser's check; the server reads its content.
  await panel.getByLabel('Choose PDF files').setInputFiles([
    { name: 'fake.pdf', mimeType: 'application/pdf', buffer: Buffer.from('Only text, no PDF inside.') },
    { name: 'good.pdf', mimeType: 'application/pdf', buffer: Buffer.from(brief.bytes) },
  ]);
  await panel.getByRole('button', { name: 'Upload 2 Files' }).click();
  const failed = panel.getByRole('listitem', { name: 'Upload fake.pdf' });
  await expect(failed).toContainText('Failed');
  // The server's own reason, not a generic message.
  await expect(failed).toContainText(/PDF/);
  await expect(failed).not.toContainText('Upload failed (');
  await expect(failed.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
  await expect(panel.getByRole('listitem', { name: 'Upload good.pdf' })).toContainText('Success');
  await expect(toastWith(page, 'Upload Progress')).toContainText('1 files uploaded successfully, 1 failed');

  await failed.getByRole('button', { name: 'Retry fake.pdf' }).click();
  await expect(toastWith(page, 'Retry Failed')).toContainText('Failed to upload fake.pdf. Please check the file and try again.');
  await panel.getByRole('button', { name: 'Retry All Failed' }).click();
  await expect(toastWith(page, 'Upload Failed')).toContainText('1 file(s) failed to upload. Check file size and format.');
  await failed.getByRole('button', { name: 'Remove fake.pdf' }).click();
  await expect(panel.getByRole('listitem', { name: 'Upload fake.pdf' })).toHaveCount(0);
  await expect(panel.getByRole('button', { name: 'Retry All Failed' })).toHaveCount(0);
  await panel.getByRole('button', { name: 'Close' }).click();
  await expect(panel).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'Documents' }).getByRole('listitem')).toHaveCount(1);
});

test('a damaged PDF fails with its reason and only it offers Retry', async ({ page }) => {
  const brief = await fixturePdf('ontario-brief');
  const created = await createCaseThroughApi(page, `DM-${uniqueSuffix()}`, 'Damaged matter');
  await uploadThroughApi(page, created.id, 'ontario-brief.pdf', brief.bytes, 'Good Brief');
  await uploadThroughApi(page, created.id, 'damaged.pdf', new TextEncoder().encode('%PDF-1.4\n1 0 obj broken'), 'Damaged Brief');
  await page.goto(`/cases/${created.id}`);
  const damaged = documentRow(page, 'Damaged Brief');
  await expect(damaged).toContainText('OCR failed', { timeout: 30_000 });
  await expect(damaged).toContainText(/damaged/i);
  await expect(documentRow(page, 'Good Brief')).toContainText('OCR complete', { timeout: 30_000 });
  await expect(documentRow(page, 'Good Brief').getByRole('button', { name: 'Retry Good Brief' })).toHaveCount(0);
  await damaged.getByRole('button', { name: 'Retry Damaged Brief' }).click();
  await expect(toastWith(page, 'Retry Started')).toBeVisible();
  await expect(damaged).toContainText('OCR failed', { timeout: 30_000 });
});

test('dropping files on the panel: PDFs are listed, anything else is silently left out', async ({ page }) => {
  const created = await createCaseThroughApi(page, `DR-${uniqueSuffix()}`, 'Drop matter');
  await page.goto(`/cases/${created.id}`);
  await page.getByRole('button', { name: 'Upload Documents', exact: true }).click();
  const panel = page.getByRole('region', { name: 'Upload Documents' });
  const drop = await page.evaluateHandle(() => {
    const data = new DataTransfer();
    data.items.add(new File(['%PDF-1.7'], 'exhibit-a.pdf', { type: 'application/pdf' }));
    data.items.add(new File(['%PDF-1.7'], 'exhibit-b.pdf', { type: 'application/pdf' }));
    data.items.add(new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    data.items.add(new File(['PK'], 'memo.docx', { type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' }));
    return data;
  });
  await panel.getByTestId('dropzone').dispatchEvent('drop', { dataTransfer: drop });
  const files = panel.getByRole('list', { name: 'Files to upload' });
  await expect(files.getByRole('listitem')).toHaveCount(2);
  await expect(files).toContainText('exhibit-a.pdf');
  await expect(files).toContainText('exhibit-b.pdf');
  await expect(panel.getByRole('button', { name: 'Upload 2 Files' })).toBeEnabled();
  await expect(panel).toContainText('With several files, each document takes its file name as its title.');
  // a title or alias typed here would describe one document only: not offered for several
  await expect(panel.getByLabel(/Document Alias/)).toHaveCount(0);
  await expect(panel.getByLabel(/Document Title/)).toHaveCount(0);
  await panel.getByRole('button', { name: 'Cancel' }).click();
  await expect(panel).toHaveCount(0);
});

test('processing a selection where one document cannot be linked reports “Processing Completed with Issues”', async ({ page }) => {
  test.setTimeout(90_000);
  const brief = await fixturePdf('ontario-brief');
  const created = await createCaseThroughApi(page, `PI-${uniqueSuffix()}`, 'Issues matter');
  await uploadThroughApi(page, created.id, 'ontario-brief.pdf', brief.bytes, 'Good Brief');
  await uploadThroughApi(page, created.id, 'damaged.pdf', new TextEncoder().encode('%PDF-1.4\n1 0 obj broken'), 'Damaged Brief');
  await page.goto(`/cases/${created.id}`);
  await expect(documentRow(page, 'Good Brief')).toContainText(`${brief.items} index items`, { timeout: 30_000 });
  await expect(documentRow(page, 'Damaged Brief')).toContainText('OCR failed', { timeout: 30_000 });
  await page.getByLabel('Select all').check();
  await page.getByRole('button', { name: 'Process Selected (2)' }).click();
  const toast = toastWith(page, 'Processing Completed with Issues');
  await expect(toast).toBeVisible({ timeout: 60_000 });
  await expect(toast).toContainText(`${brief.items} hyperlinks built; 1 succeeded, 1 failed.`);
  await expect(documentRow(page, 'Good Brief')).toContainText(`${brief.items} links`);
});
