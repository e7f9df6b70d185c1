/**
 * Review before publishing (issue 35, docs/decisions/051), one story end to end: a 撰稿人 changes a live
 * article and presses 提交审核; the site keeps the old text; the admin opens 待审核, reads the word diff and
 * approves; the site shows the new text. Screenshots of the writer's editor and the reviewer's diff at 1440
 * and 375 px.
 */

import type { APIRequestContext, Page } from '@playwright/test';
import {
  type ActionDef,
  actionPath,
  articleDetailPath,
  createArticleAdmin,
  createStaffTenant,
  inquireRoleListTenant,
  inquireTenantListAccount,
  loginAccount,
  SITE_ID,
  switchTenantAccount,
} from '@yuexun/contract';
import { CONSOLE, confirmPopover, expect, loginAsAdmin, openBell, SCREENSHOT_DIR, test } from './cms-test';

// biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary envelope fields
const post = async (request: APIRequestContext, def: ActionDef, data: object): Promise<any> =>
  (await request.post(actionPath(def), { data: { siteId: SITE_ID, ...data } })).json();

const widths = [1440, 375] as const;

const sized = (page: Page, width: number) => page.setViewportSize({ width, height: width > 400 ? 900 : 812 });

test('a writer submits a live article’s change; the reviewer reads the diff and approves; the site changes only then', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const stamp = String(Date.now()).slice(-6);
  const oldText = `审核前的正文：青溪区已有十二所学校使用悦讯平台 ${stamp}`;
  const newText = `审核后的正文：青溪区已有十五所学校使用悦讯平台 ${stamp}`;

  // The admin, at the vendor: a 撰稿人 colleague and a live article.
  await loginAsAdmin(page);
  const tenants = (await post(page.request, inquireTenantListAccount, {})).datas as {
    tenantId: number;
    tenantName: string;
  }[];
  const vendor = tenants.find((t) => t.tenantName === '悦讯科技');
  expect((await post(page.request, switchTenantAccount, { tenantId: vendor?.tenantId })).success).toBe(true);
  const roles = (await post(page.request, inquireRoleListTenant, {})).datas as {
    roleId: number;
    builtinKey: string | null;
  }[];
  const made = await post(page.request, createStaffTenant, {
    name: `撰稿${stamp}`,
    phone: `1366${stamp}9`.slice(0, 11),
    roleId: roles.find((r) => r.builtinKey === 'writer')?.roleId,
    credential: 'password',
  });
  expect(made.success, JSON.stringify(made)).toBe(true);
  const live = await post(page.request, createArticleAdmin, {
    categoryId: 1881,
    title: `审核流程演示 ${stamp}`,
    bodyHtml: `<p>${oldText}</p>`,
    tags: [],
    status: 'published',
    requestKey: crypto.randomUUID(),
  });
  expect(live.success, JSON.stringify(live)).toBe(true);
  const article = live.datas[0] as { id: number; categoryKind: 'news' };
  const sitePage = articleDetailPath(article.categoryKind, article.id);

  // The writer changes the live article; 保存 is off, 提交审核 sends the change for review.
  const writerContext = await browser.newContext({ baseURL, locale: 'zh-CN' });
  const writer = await writerContext.newPage();
  const login = await writer.request.post(actionPath(loginAccount), {
    form: {
      siteId: SITE_ID,
      loginType: 'account',
      username: made.datas[0].member.username,
      password: made.datas[0].initialPassword,
    },
  });
  expect((await login.json()).success).toBe(true);
  await sized(writer, 1440);
  await writer.goto(`${CONSOLE}#/content/articles/edit/${article.id}`);
  await expect(writer.getByText('这篇文章已在网站上')).toBeVisible();
  await expect(writer.getByRole('button', { name: /^保\s?存$/ })).toBeDisabled();
  await expect(writer.getByRole('button', { name: /^发\s?布$/ })).toHaveCount(0);
  await writer.locator('.ProseMirror').click();
  await writer.keyboard.press('ControlOrMeta+a');
  await writer.keyboard.insertText(newText);
  await writer.getByRole('button', { name: '提交审核' }).click();
  await confirmPopover(writer, '提交后由有发布权限的同事审核', writer.getByText('已提交审核').first());
  await expect(writer.getByText(/已提交审核，等待审核结果/)).toBeVisible();
  for (const width of widths) {
    await sized(writer, width);
    await writer.screenshot({ path: `${SCREENSHOT_DIR}/review-writer-${width}.png`, fullPage: true });
  }

  // Still the old text on the site.
  const siteText = async () => (await (await page.request.get(sitePage)).text()).includes(newText);
  expect(await siteText()).toBe(false);

  // The reviewer hears of it in the bell beside their name, which leads to 待审核.
  await page.goto(`${CONSOLE}#/welcome`);
  await openBell(page, `《审核流程演示 ${stamp}》待审核`);
  await page.getByText(`《审核流程演示 ${stamp}》待审核`).click();
  await expect(page.getByRole('tab', { name: /待审核（\d+）/, selected: true })).toBeVisible();

  // The reviewer: 待审核 (with its count), the submission's word diff, 通过并发布.
  for (const width of widths) {
    await sized(page, width);
    await page.goto(`${CONSOLE}#/content/articles`);
    await page.getByRole('tab', { name: /待审核（\d+）/ }).click();
    await page
      .getByRole('row', { name: new RegExp(`审核流程演示 ${stamp}`) })
      .getByRole('button', { name: '审核' })
      .click();
    const drawer = page.getByRole('dialog', { name: new RegExp(`审核：审核流程演示 ${stamp}`) });
    await expect(drawer.locator('ins', { hasText: '十五' })).toBeVisible();
    await expect(drawer.locator('del', { hasText: '十二' })).toBeVisible();
    await expect(drawer.getByText('线上文章：通过前网站仍显示原内容')).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOT_DIR}/review-diff-${width}.png` });
    if (width === 1440) await drawer.getByRole('button', { name: '关闭' }).click();
  }
  await page.getByRole('dialog').getByRole('button', { name: '通过并发布' }).click();
  await confirmPopover(page, '通过后立即发布', page.getByText('已通过并发布'));
  await expect.poll(siteText).toBe(true);

  // The writer's bell says so, and leads back to the article.
  for (const width of widths) {
    await sized(writer, width);
    // Loaded at this width (the layout changes between phone and desktop, and the header with it).
    await writer.goto(`${CONSOLE}#/welcome`);
    await writer.reload();
    await expect(writer.getByText(/你好，撰稿/)).toBeVisible();
    await openBell(writer, `《审核流程演示 ${stamp}》已审核通过`);
    await writer.screenshot({ path: `${SCREENSHOT_DIR}/review-bell-${width}.png` });
    // Headless Chromium may leave the header's popover out of a page screenshot (the page's own shows it).
    await writer
      .locator('.ant-popover')
      .screenshot({ path: `${SCREENSHOT_DIR}/review-bell-popover-${width}.png` });
  }
  await openBell(writer, `《审核流程演示 ${stamp}》已审核通过`);
  await writer.getByText(`《审核流程演示 ${stamp}》已审核通过`).click();
  await expect(writer).toHaveURL(new RegExp(`#/content/articles/edit/${article.id}`));
  await writerContext.close();
});
