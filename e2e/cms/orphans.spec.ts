/**
 * Unused uploads in the files page: a picture uploaded two days ago and used by nothing is listed and
 * removed in one confirmed action; a picture used as an article's cover is neither listed nor removed.
 * The server runs on its own PostgreSQL database here, so the test can make its uploads two days old.
 */

import type { APIRequestContext } from '@playwright/test';
import {
  actionPath,
  createArticleAdmin,
  fileUrls,
  inquireFileListAdmin,
  loginAccount,
  SITE_ID,
} from '@yuexun/contract';
import { DEMO_PASSWORDS, onPostgres, withPostgresDatabase } from '../fixtures';
import { CONSOLE, confirmPopover, expect, SCREENSHOT_DIR, test } from './cms-test';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const upload = async (request: APIRequestContext, base: string, name: string) => {
  const res = await request.post(`${base}${fileUrls.upload}`, {
    multipart: { visibility: 'public', file: { name, mimeType: 'image/png', buffer: PNG } },
  });
  const body = await res.json();
  expect(body.success).toBe(true);
  return body.datas[0].fileUuid as string;
};

test('unused uploads older than a day are listed and removed; a used one stays', async ({
  page,
  startServer,
}) => {
  test.setTimeout(180_000);
  await withPostgresDatabase('orphans', async (url, database) => {
    const server = await startServer({ DATABASE_URL: url });
    const base = server.url;
    const login = await page.request.post(`${base}${actionPath(loginAccount)}`, {
      form: { siteId: SITE_ID, loginType: 'account', username: 'admin', password: DEMO_PASSWORDS.admin },
    });
    expect((await login.json()).success).toBe(true);

    const stamp = Date.now();
    const unused = await upload(page.request, base, `没用上的图-${stamp}.png`);
    const used = await upload(page.request, base, `封面图-${stamp}.png`);
    const article = await page.request.post(`${base}${actionPath(createArticleAdmin)}`, {
      form: {
        siteId: SITE_ID,
        categoryId: 1881,
        title: '用了封面的文章',
        status: 'draft',
        coverFileUuid: used,
        requestKey: `orphans-${stamp}`,
      },
    });
    expect((await article.json()).success).toBe(true);
    await onPostgres(
      `update file set created_at = now() - interval '2 days' where uuid = any($1)`,
      database,
      [[unused, used]],
    );

    for (const width of [1440, 375]) {
      await page.setViewportSize({ width, height: width > 400 ? 900 : 812 });
      await page.goto(`${base}${CONSOLE}#/content/files`);
      await page.getByRole('button', { name: '未被引用的文件' }).click();
      const drawer = page.getByRole('dialog', { name: '未被引用的文件' });
      await expect(drawer).toContainText(`没用上的图-${stamp}.png`);
      await expect(drawer).not.toContainText(`封面图-${stamp}.png`);
      await page.screenshot({ path: `${SCREENSHOT_DIR}/orphans-${width}.png`, fullPage: true });
      await drawer.locator('.ant-drawer-close').click();
      // Wait for the closing drawer to leave: under load it is still there, and a click meant for the next one lands on it.
      await expect(drawer).toBeHidden();
    }

    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByRole('button', { name: '未被引用的文件' }).click();
    const drawer = page.getByRole('dialog', { name: '未被引用的文件' });
    await drawer.getByRole('button', { name: /全部删除/ }).click();
    await confirmPopover(page, '删除后无法恢复', page.getByText(/已删除 \d+ 个文件/));
    await expect(drawer).toContainText('没有未被引用的文件');

    const files = await page.request.post(`${base}${actionPath(inquireFileListAdmin)}`, {
      form: { siteId: SITE_ID, keyword: String(stamp), pageSize: 100 },
    });
    const names = ((await files.json()).datas as { fileName: string }[]).map((f) => f.fileName);
    expect(names).toEqual([`封面图-${stamp}.png`]);
  });
});
