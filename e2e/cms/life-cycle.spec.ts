/**
 * Content staff can trust the editor: saving keeps a live article live, going offline and back is
 * explicit and keeps the date, typing survives an expired session, a reload and a second editor,
 * and every save can be looked at and restored.
 */

import type { Page } from '@playwright/test';
import {
  createArticleAdmin,
  deleteArticleAdmin,
  inquireArticleDetailAdmin,
  inquireArticleDetailByCondition,
  inquireArticleListByCondition,
  logout,
  updateArticleAdmin,
} from '@yuexun/contract';
import { TEST_PASSWORDS } from '../../apps/server/test/accounts';
import { CONSOLE, callAction, confirmPopover, expect, loginAsAdmin, SCREENSHOT_DIR, test } from './cms-test';

test.describe.configure({ mode: 'serial' });

const newArticle = async (page: Page, title: string, bodyHtml: string) =>
  (
    await callAction(page.request, createArticleAdmin, {
      categoryId: 1881,
      title,
      bodyHtml,
      status: 'draft',
      requestKey: crypto.randomUUID(),
    })
  ).datas[0] as { id: number; version: number };

test('editing a live article keeps it live with its date; offline asks, then 404; republish restores the date', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await loginAsAdmin(page);
  // A published company-news article no other test changes.
  const listed = await callAction(page.request, inquireArticleListByCondition, { categoryId: 1881 });
  const { id, publishTime } = listed.datas.at(-1) as { id: number; publishTime: string };

  await page.goto(`${CONSOLE}#/content/articles/edit/${id}`);
  const body = page.locator('.ProseMirror');
  await body.click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.insertText('（本文已补充报名方式）');
  await page.getByRole('button', { name: /^保\s?存$/ }).click();
  await expect(page.getByText('已保存，网站已更新')).toBeVisible();

  const api = (await callAction(page.request, inquireArticleDetailByCondition, { articleId: id })).datas[0];
  expect(api.publishTime).toBe(publishTime);
  await page.goto(`/news/detail/${id}`);
  await expect(page.locator('.article-body')).toContainText('本文已补充报名方式');
  await expect(page.locator('.article-meta')).toContainText('更新于');

  await page.goto(`${CONSOLE}#/content/articles/edit/${id}`);
  await page.getByRole('button', { name: /^下\s?线$/ }).click();
  await confirmPopover(page, '下线后网站上将看不到这篇文章', page.getByText('已下线，网站上已不可见'));
  expect((await page.request.get(`/news/detail/${id}`)).status()).toBe(404);

  await page.getByRole('button', { name: /^发\s?布$/ }).click();
  await confirmPopover(page, '重新发布后网站上立即可见', page.getByText('已发布，网站已可见'));
  expect((await page.request.get(`/news/detail/${id}`)).status()).toBe(200);
  const again = (await callAction(page.request, inquireArticleDetailByCondition, { articleId: id })).datas[0];
  expect(again.publishTime).toBe(publishTime);
});

test('an expired session asks for a login over the editor; the save then completes with nothing lost', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await loginAsAdmin(page);
  const { id } = await newArticle(page, '会话过期测试', '<p>原来的正文</p>');
  await page.goto(`${CONSOLE}#/content/articles/edit/${id}`);
  const title = page.getByPlaceholder('请输入文章标题');
  await expect(title).toHaveValue('会话过期测试', { timeout: 30_000 });
  await title.fill('会话过期测试：标题改了');

  // The session ends while the editor is open (as an idle timeout would end it).
  expect((await callAction(page.request, logout, {})).success).toBe(true);
  await page.getByRole('button', { name: /^保\s?存$/ }).click();
  const dialog = page.getByRole('dialog', { name: '登录已过期' });
  await expect(dialog).toBeVisible();
  await expect(title).toHaveValue('会话过期测试：标题改了');
  await dialog.getByLabel('用户名').fill('admin');
  await dialog.getByLabel('密码').fill(TEST_PASSWORDS.adminPassword);
  await dialog.getByRole('button', { name: '登录并继续' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('已保存').first()).toBeVisible();
  await expect(title).toHaveValue('会话过期测试：标题改了');
  const saved = (await callAction(page.request, inquireArticleDetailAdmin, { articleId: id })).datas[0];
  expect(saved.title).toBe('会话过期测试：标题改了');
});

test('typing is autosaved and offered back after a reload; leaving asks; a second editor gets 409 with their version', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await loginAsAdmin(page);
  const { id } = await newArticle(page, '自动保存测试', '<p>正文</p>');
  await page.goto(`${CONSOLE}#/content/articles/edit/${id}`);
  const title = page.getByPlaceholder('请输入文章标题');
  // The editor's chunk and the article load first (slow on a busy machine).
  await expect(title).toHaveValue('自动保存测试', { timeout: 30_000 });
  await title.fill('自动保存测试：正在输入');
  await expect(page.getByRole('status').filter({ hasText: '已自动保存' })).toBeVisible();

  // Leaving through the menu asks; staying keeps the text.
  await page.getByRole('link', { name: '文章管理' }).click();
  const leave = page.getByRole('dialog', { name: '有尚未保存的修改，确定离开吗？' });
  await expect(leave).toBeVisible();
  await leave.getByRole('button', { name: '留下继续编辑' }).click();
  await expect(title).toHaveValue('自动保存测试：正在输入');

  // Reloading asks too (the browser's own question); the test answers "leave".
  page.once('dialog', (d) => void d.accept());
  await page.reload();
  await expect(page.getByText(/自动保存、尚未保存的内容/)).toBeVisible();
  await expect(title).toHaveValue('自动保存测试');
  await page.getByRole('button', { name: '恢复这些内容' }).click();
  await expect(title).toHaveValue('自动保存测试：正在输入');

  // Meanwhile someone else saves the article.
  expect(
    (
      await callAction(page.request, updateArticleAdmin, {
        articleId: id,
        version: 1,
        summary: '另一位编辑的摘要',
      })
    ).success,
  ).toBe(true);
  await page.getByRole('button', { name: /^保\s?存$/ }).click();
  await expect(page.getByText('这篇文章已被他人修改')).toBeVisible();
  await expect(title).toHaveValue('自动保存测试：正在输入');
  await page.getByRole('button', { name: '查看对方的版本' }).click();
  await expect(page.getByRole('dialog', { name: '修订历史' })).toContainText('另一位编辑的摘要');
});

test('history: three saves, a word diff, restoring the first; deleted articles wait in the recycle bin', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await loginAsAdmin(page);
  const { id } = await newArticle(page, '修订历史演示', '<p>全体师生参加了开学典礼，校长致辞。</p>');
  await callAction(page.request, updateArticleAdmin, {
    articleId: id,
    version: 1,
    bodyHtml: '<p>全体师生隆重参加了开学典礼，校长致辞。</p>',
  });
  await callAction(page.request, updateArticleAdmin, {
    articleId: id,
    version: 2,
    title: '修订历史演示（第三版）',
    bodyHtml: '<p>全体师生隆重参加了开学典礼，书记致辞。</p>',
  });

  for (const width of [1440, 375]) {
    await page.setViewportSize({ width, height: width > 400 ? 900 : 812 });
    await page.goto(`${CONSOLE}#/content/articles/edit/${id}`);
    await page.getByRole('button', { name: '修订历史' }).click();
    const drawer = page.getByRole('dialog', { name: '修订历史' });
    await expect(drawer.locator('.ant-list-item')).toHaveCount(3);
    // The newest save against the one before: the changed words, nothing else.
    await expect(drawer.locator('del', { hasText: '校长' })).toBeVisible();
    await expect(drawer.locator('ins', { hasText: '书记' })).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOT_DIR}/revision-history-${width}.png` });
    if (width === 375) break;
    await drawer.getByRole('button', { name: /^关\s?闭$|Close/ }).click();
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  const drawer = page.getByRole('dialog', { name: '修订历史' });
  await drawer.locator('.ant-list-item').last().click();
  await drawer.getByRole('button', { name: '恢复到此版本' }).click();
  await confirmPopover(page, '把内容恢复到第 1 版', page.getByText('已恢复到第 1 版'));
  await expect(page.getByPlaceholder('请输入文章标题')).toHaveValue('修订历史演示');
  const restored = (await callAction(page.request, inquireArticleDetailAdmin, { articleId: id })).datas[0];
  expect(restored).toMatchObject({
    title: '修订历史演示',
    bodyHtml: '<p>全体师生参加了开学典礼，校长致辞。</p>',
    version: 4,
  });

  expect((await callAction(page.request, deleteArticleAdmin, { articleId: id, version: 4 })).success).toBe(
    true,
  );
  for (const width of [1440, 375]) {
    await page.setViewportSize({ width, height: width > 400 ? 900 : 812 });
    await page.goto(`${CONSOLE}#/content/recycle`);
    await expect(page.getByRole('row', { name: /修订历史演示/ })).toBeVisible();
    // On a phone the one cell says what each time is.
    if (width < 400) await expect(page.getByRole('row', { name: /修订历史演示/ })).toContainText('清除时间');
    // Readable on a phone: the table fits the width, nothing to scroll sideways.
    const overflow = await page
      .locator('.ant-table-content, .ant-table-body')
      .first()
      .evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/recycle-bin-${width}.png`, fullPage: true });
  }
  await page
    .getByRole('row', { name: /修订历史演示/ })
    .getByRole('button', { name: /恢\s?复/ })
    .click();
  await confirmPopover(page, '恢复“修订历史演示”', page.getByText('已恢复“修订历史演示”'));
  const back = (await callAction(page.request, inquireArticleDetailAdmin, { articleId: id })).datas[0];
  expect(back).toMatchObject({ title: '修订历史演示', status: 'draft' });
});
