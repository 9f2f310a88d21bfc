import { expect, test } from '@playwright/test';
import { createCaseThroughApi, registerThroughApi, uniqueSuffix } from './helpers.ts';
import { fixturePdf, uploadThroughApi } from './documents-helpers.ts';

test('the case dashboard chat answers about a document with its real index count; Enter sends, Shift+Enter does not; support sees it', async ({ page }) => {
  test.setTimeout(120_000);
  await registerThroughApi(page);
  const created = await createCaseThroughApi(page, `CH-${uniqueSuffix()}`, 'Chat v. Assistant');
  const title = `Chat brief ${uniqueSuffix()}`;
  const brief = await fixturePdf('lettered-tabs', 'chat.pdf');
  const doc = await uploadThroughApi(page, created.id, 'chat.pdf', brief.bytes, title);
  await expect
    .poll(async () => ((await (await page.request.get(`/api/documents/${doc.id}`)).json()) as { index_status: string }).index_status, { timeout: 60_000 })
    .toBe('ok');
  const { index_count } = (await (await page.request.get(`/api/documents/${doc.id}`)).json()) as { index_count: number };
  expect(index_count).toBeGreaterThan(0);

  await page.goto(`/cases/${created.id}`);
  await page.getByRole('button', { name: 'Open feedback chat' }).click();
  const panel = page.getByRole('dialog', { name: 'Feedback chat' });
  await expect(panel).toBeVisible();
  // 96 × 500 in the spec's units: w-96 (24rem = 384 px) by 500 px
  const box = (await panel.boundingBox())!;
  expect(Math.round(box.width)).toBe(384);
  expect(Math.round(box.height)).toBe(500);
  await expect(panel.getByRole('heading', { name: 'Document Feedback Chat' })).toBeVisible();
  await expect(panel.getByRole('combobox')).toHaveValue(doc.id);

  const input = panel.getByRole('textbox', { name: 'Message' });
  await input.fill('First line');
  await input.press('Shift+Enter');
  await input.pressSequentially('second line');
  await expect(input).toHaveValue('First line\nsecond line');
  await expect(panel.locator('li[data-role]')).toHaveCount(0);

  await input.fill('');
  await panel.getByRole('button', { name: 'Wrong index count' }).click();
  await expect(input).toHaveValue('The number of index items found is wrong.');
  await input.press('Enter');
  await expect(panel.locator('li[data-role="user"]')).toHaveText(/The number of index items found is wrong\./);
  const reply = panel.locator('li[data-role="assistant"]');
  await expect(reply).toContainText(`I found ${index_count} index items in “${title}”`);
  await expect(input).toHaveValue('');

  // a blank message is not sent
  await input.fill('   ');
  await expect(panel.getByRole('button', { name: 'Send' })).toBeDisabled();
  await input.press('Enter');
  await expect(panel.locator('li[data-role]')).toHaveCount(2);

  // closed and opened again, the conversation is still there
  await panel.getByRole('button', { name: 'Close chat' }).click();
  await expect(panel).toHaveCount(0);
  await page.getByRole('button', { name: 'Open feedback chat' }).click();
  await expect(page.getByRole('dialog', { name: 'Feedback chat' }).locator('li[data-role="assistant"]')).toContainText(`I found ${index_count} index items`);

  await page.goto('/status');
  const listed = page.getByTestId('chat-feedback').filter({ hasText: title });
  await expect(listed).toContainText('Document Feedback Chat');
  await expect(listed).toContainText('2 messages');
  await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', '/api/chat/export?format=csv');
});
