/**
 * Issue 35 item 1, where a file is used: the 文件管理 list counts the places that use each file, a click lists
 * them, and deleting a used file is refused with the places named, the file kept. Screenshots at 1440 and
 * 375 px of the list of places.
 */
import { createArticleAdmin, inquireFileListAdmin } from '@yuexun/contract';
import { CONSOLE, callAction, confirmPopover, expect, loginAsAdmin, shotsIn, test } from './cms-test';

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const shots = shotsIn('file-usage', 400);

test('a used file shows where it is used and is not deleted', async ({ page }) => {
  const name = `校门照片-${Date.now()}.png`;
  await loginAsAdmin(page);
  await page.goto(`${CONSOLE}#/content/files`);
  await page.locator('input[type=file]').setInputFiles({ name, mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('cell', { name }).first()).toBeVisible();
  const listed = await callAction(page.request, inquireFileListAdmin, { keyword: name });
  const fileUuid: string = listed.datas[0].fileUuid;
  const title = `使用位置测试 ${Date.now()}`;
  await callAction(page.request, createArticleAdmin, {
    categoryId: 1881,
    title,
    status: 'draft',
    coverFileUuid: fileUuid,
    requestKey: crypto.randomUUID(),
  });

  await page.reload();
  await page.getByLabel('文件名').fill(name);
  await page.getByRole('button', { name: /查\s?询/ }).click();
  const row = page.getByRole('row', { name: new RegExp(name.replace('.', '\\.')) });
  await row.getByRole('button', { name: '1 处' }).click();
  const places = page.locator('.ant-popover', { hasText: '使用位置' });
  await expect(places.getByText(`文章《${title}》`)).toBeVisible();
  await shots(page, 'places', async () => {
    await page.waitForTimeout(400);
    if (!(await places.isVisible())) await row.getByRole('button', { name: '1 处' }).click();
  });
  await page.keyboard.press('Escape');

  await row.getByRole('button', { name: /删\s?除/ }).click();
  await confirmPopover(
    page,
    '有 1 处正在使用它',
    page.getByText(`文件正在使用，不能删除：文章《${title}》。请先在这些位置换掉或移除它`),
  );
  await expect(row).toBeVisible();
  const after = await callAction(page.request, inquireFileListAdmin, { keyword: name });
  expect(after.datas).toHaveLength(1);
  expect(after.datas[0].usedBy).toBe(1);
});
