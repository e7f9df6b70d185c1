import { expect, test } from '../fixtures';
import { CONSOLE, loginWithPassword } from './helpers';

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

test('account settings: avatar upload good and bad, basic form saved', async ({ page }) => {
  await loginWithPassword(page, 'user');
  await page.goto(`${CONSOLE}#/account/settings`);
  const upload = page.locator('input[type=file]');

  await upload.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(page.getByText('只能上传 JPG/JPEG/PNG 格式的图片！')).toBeVisible();
  await upload.setInputFiles({
    name: 'huge.png',
    mimeType: 'image/png',
    buffer: Buffer.alloc(2 * 1024 * 1024 + 1),
  });
  await expect(page.getByText('图片必须小于 2MB！')).toBeVisible();

  await upload.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.locator('img[src*="viewPic.file?fileUuid="]')).toBeVisible();

  await page.getByRole('button', { name: '更新基本信息' }).click();
  await expect(page.getByText('请输入您的邮箱!')).toBeVisible();
  await page.getByLabel('邮箱').fill('xiaomei@example.edu.cn');
  await page.getByLabel('个人简介').fill('三年级语文老师');
  await page.getByLabel('国家/地区').click();
  await page
    .locator('.ant-select-item-option')
    .filter({ hasText: /^中国$/ })
    .click();
  await page.getByLabel('省').fill('浙江省');
  await page.getByLabel('市').fill('杭州市');
  await page.getByLabel('街道地址').fill('西湖区文三路 100 号');
  await page.getByLabel('联系电话').fill('0571-88886666');
  await page.getByRole('button', { name: '更新基本信息' }).click();
  await expect(page.getByText('更新基本信息成功')).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('邮箱')).toHaveValue('xiaomei@example.edu.cn');
  await expect(page.locator('img[src*="viewPic.file?fileUuid="]').first()).toBeVisible();
});
