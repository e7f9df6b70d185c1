/**
 * 预览: a draft opens from the editor on the real site layout in a new tab, without login; the same
 * link after its expiry is the site's 404 page.
 */
import { articlePreviewPath, createArticleAdmin } from '@yuexun/contract';
import { signPreviewToken } from '../../apps/server/src/shared/preview-token';
import { CONSOLE, callAction, expect, loginAsAdmin, PREVIEW_SECRET, SCREENSHOT_DIR, test } from './cms-test';

test('预览 of a draft opens on the site layout; the link after expiry is 404', async ({ page, browser }) => {
  const title = `预览测试草稿 ${Date.now()}`;
  await loginAsAdmin(page);
  const created = await callAction(page.request, createArticleAdmin, {
    categoryId: 1881,
    title,
    bodyHtml: '<p>这篇文章还没有发布，只能通过预览链接看到。</p>',
    status: 'draft',
    requestKey: crypto.randomUUID(),
  });
  const id = created.datas[0].id as number;

  for (const width of [1440, 375]) {
    await page.setViewportSize({ width, height: width > 400 ? 900 : 812 });
    await page.goto(`${CONSOLE}#/content/articles/edit/${id}`);
    // The console's chunks and the article load first: slow on a busy machine.
    await expect(page.getByPlaceholder('请输入文章标题')).toHaveValue(title, { timeout: 30_000 });
    await page.screenshot({ path: `${SCREENSHOT_DIR}/editor-preview-button-${width}.png` });
  }

  const opened = page.context().waitForEvent('page');
  await page.getByRole('button', { name: /^预\s?览$/ }).click();
  const tab = await opened;
  await tab.waitForURL(/\/preview\/article\/\d+\.\d+\.[\w-]+$/);
  await expect(tab.locator('h1')).toHaveText(title);
  await expect(tab.locator('.site-header')).toBeVisible();
  await expect(tab.locator('.site-footer, footer').first()).toBeVisible();
  await expect(tab.getByRole('status')).toContainText('预览');
  await expect(tab.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  const link = new URL(tab.url()).pathname;

  // A visitor without any session opens the same link.
  const visitor = await browser.newContext({ baseURL: new URL(tab.url()).origin });
  const anonymous = await visitor.newPage();
  for (const width of [1440, 375]) {
    await anonymous.setViewportSize({ width, height: width > 400 ? 900 : 812 });
    const res = await anonymous.goto(link);
    expect(res?.status()).toBe(200);
    expect(res?.headers()['x-robots-tag']).toBe('noindex');
    await expect(anonymous.locator('h1')).toHaveText(title);
    await anonymous.screenshot({ path: `${SCREENSHOT_DIR}/article-preview-${width}.png`, fullPage: true });
  }

  // The same article's link once it has expired.
  const expired = articlePreviewPath(signPreviewToken(PREVIEW_SECRET, id, new Date(Date.now() - 1000)));
  const gone = await anonymous.goto(expired);
  expect(gone?.status()).toBe(404);
  await expect(anonymous.getByText('页面不存在').first()).toBeVisible();
  await visitor.close();
});
