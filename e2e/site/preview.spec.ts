import { expect, test } from '../fixtures';

test.describe('file preview', () => {
  test('a missing or forged file gets a clear message', async ({ page }) => {
    await page.goto('/file-preview/1.0/');
    await expect(page.getByRole('alert').filter({ hasText: '缺少文件编号' })).toBeVisible();
    await page.goto(
      '/file-preview/1.0/?fileUuid=00000000-0000-4000-8000-000000000000&fileName=%E8%AF%BE%E8%A1%A8.pdf',
    );
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('课表.pdf');
    await expect(page.getByRole('alert').filter({ hasText: '文件不存在或链接无效' })).toBeVisible();
    await page.goto('/fileView/view.html?uuid=bad&fn=a.txt');
    await expect(page.getByRole('alert').filter({ hasText: '文件不存在或链接无效' })).toBeVisible();
  });

  test('the app address reads the file from the hash', async ({ page }) => {
    await page.goto(
      '/YX_FILE-PREVIEW_APP/index.html#?fileUuid=0a1b2c3d-0000-4000-8000-000000000009&fileName=report.docx',
    );
    await expect(page.getByText('该类型的文件暂不支持在线预览')).toBeVisible();
    await expect(page.getByRole('link', { name: '下载文件' })).toHaveAttribute('href', /fileUuid=0a1b2c3d/);
    await page.goto('/YX_FILE-PREVIEW_APP/index.html#?fileName=a.png');
    await expect(page.getByText('缺少文件编号')).toBeVisible();
  });
});
