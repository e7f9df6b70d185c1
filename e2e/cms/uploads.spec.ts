import { inquireSiteSettingsAdmin } from '@yuexun/contract';
import { CONSOLE, callAction, expect, loginAsAdmin, test } from './cms-test';

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

test('uploads from the files page and the site settings go through the API and say why a file is refused', async ({
  page,
}) => {
  await loginAsAdmin(page);
  await page.goto(`${CONSOLE}#/content/files`);
  const fileInput = page.locator('input[type=file]');

  await fileInput.setInputFiles({ name: '校园照片.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByText('校园照片.png 上传成功')).toBeVisible();
  await expect(page.getByRole('cell', { name: '校园照片.png' }).first()).toBeVisible();

  // A program renamed .png: the server checks the content, and its reason reaches the user.
  const program = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(512, 7)]);
  await fileInput.setInputFiles({ name: '假图片.png', mimeType: 'image/png', buffer: program });
  await expect(page.getByText(/假图片\.png 上传失败 不支持的文件类型/)).toBeVisible();
  await expect(page.getByRole('cell', { name: /假图片/ })).toHaveCount(0);

  await page.goto(`${CONSOLE}#/site/settings`);
  const before = await callAction(page.request, inquireSiteSettingsAdmin, {});
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: '上传图片 标志（浅色背景用）' }).click();
  await (await chooser).setFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('img', { name: '标志（浅色背景用）' })).toHaveAttribute(
    'src',
    /viewPic\.file\?fileUuid=/,
  );
  await page.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('已保存')).toBeVisible();
  const after = await callAction(page.request, inquireSiteSettingsAdmin, {});
  expect(after.datas[0].logoLightFileUuid).toMatch(/^[0-9a-f-]{36}$/);
  expect(after.datas[0].logoLightFileUuid).not.toBe(before.datas[0].logoLightFileUuid);
});
