/**
 * Review before publishing for products (issue 35, docs/decisions/069), one story end to end, as review.spec.ts
 * tells it for articles: a 撰稿人 changes the price of a product on the shelf and presses 提交审核; the site keeps
 * the old price; the admin opens 文章管理 → 待审核 → 产品, reads the word diff and approves; the site shows the new
 * price. Screenshots of the writer's form and the reviewer's 待审核 view and diff at 1440 and 375 px.
 */

import type { APIRequestContext, Page } from '@playwright/test';
import {
  type ActionDef,
  actionPath,
  createProductAdmin,
  createStaffTenant,
  inquireRoleListTenant,
  inquireTenantListAccount,
  loginAccount,
  productDetailPath,
  SITE_ID,
  switchTenantAccount,
} from '@yuexun/contract';
import { CONSOLE, confirmPopover, expect, loginAsAdmin, openBell, SCREENSHOT_DIR, test } from './cms-test';

// biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary envelope fields
const post = async (request: APIRequestContext, def: ActionDef, data: object): Promise<any> =>
  (await request.post(actionPath(def), { data: { siteId: SITE_ID, ...data } })).json();

const widths = [1440, 375] as const;
const sized = (page: Page, width: number) => page.setViewportSize({ width, height: width > 400 ? 900 : 812 });

test('a writer submits a price change of a product on the shelf; the site keeps the old price until a reviewer approves', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const stamp = String(Date.now()).slice(-6);
  const name = `审核演示产品 ${stamp}`;

  // The admin, at the vendor: a 撰稿人 colleague and a product on the shelf at ¥19,800.00.
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
    name: `产品撰稿${stamp}`,
    phone: `1377${stamp}9`.slice(0, 11),
    roleId: roles.find((r) => r.builtinKey === 'writer')?.roleId,
    credential: 'password',
  });
  expect(made.success, JSON.stringify(made)).toBe(true);
  const live = await post(page.request, createProductAdmin, {
    name,
    summary: '审核前后的价格对比',
    price: '19800',
    priceUnit: '校/年',
    status: 'published',
    sort: 0,
    specs: [],
    tagIds: [],
    galleryFileUuids: [],
    detailHtml: '<p>智慧校园平台，覆盖全区学校。</p>',
    requestKey: crypto.randomUUID(),
  });
  expect(live.success, JSON.stringify(live)).toBe(true);
  const product = live.datas[0] as { id: number };
  const sitePrice = async () => {
    const html = await (await page.request.get(productDetailPath(product.id))).text();
    return html.includes('¥21,800.00') ? 'new' : html.includes('¥19,800.00') ? 'old' : 'none';
  };
  expect(await sitePrice()).toBe('old');

  // The writer opens the product: 上架 is not theirs, 保存 is off on a product on the shelf; 提交审核 sends it.
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
  await writer.goto(`${CONSOLE}#/content/products`);
  await writer.getByLabel('关键词').fill(name);
  await writer.getByRole('button', { name: /查\s?询/ }).click();
  const row = writer.getByRole('row', { name: new RegExp(name) });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: /编\s?辑/ }).click();
  const form = writer.getByRole('dialog', { name: '编辑产品' });
  await expect(form.getByText('这个产品已上架')).toBeVisible();
  await expect(form.getByRole('button', { name: /^保\s?存$/ })).toBeDisabled();
  await form.getByLabel('价格（元）').fill('21800');
  for (const width of widths) {
    await sized(writer, width);
    // On a phone the form's buttons sit below it, all four there.
    await expect(writer.getByRole('button', { name: '提交审核' })).toBeInViewport();
    await writer.screenshot({ path: `${SCREENSHOT_DIR}/product-review-writer-${width}.png` });
  }
  await sized(writer, 1440);
  await form.getByRole('button', { name: '提交审核' }).click();
  await confirmPopover(writer, '提交后由有发布权限的同事审核', writer.getByText('已提交审核').first());
  await expect(form).toBeHidden();

  // Still the old price on the site.
  expect(await sitePrice()).toBe('old');

  // The reviewer: 文章管理 → 待审核 → 产品, the submission's word diff, 通过并上架.
  for (const width of widths) {
    await sized(page, width);
    await page.goto(`${CONSOLE}#/content/articles`);
    await page.getByRole('tab', { name: /待审核（\d+）/ }).click();
    await page.getByText(/^产品（\d+）$/).click();
    const queued = page.getByRole('row', { name: new RegExp(name) });
    await expect(queued).toContainText(`产品撰稿${stamp}`);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/product-review-queue-${width}.png`, fullPage: true });
    await queued.getByRole('button', { name: '审核' }).click();
    const drawer = page.getByRole('dialog', { name: new RegExp(`审核：${name}`) });
    await expect(drawer.locator('ins', { hasText: '21800' })).toBeVisible();
    await expect(drawer.locator('del', { hasText: '19800' })).toBeVisible();
    await expect(drawer.getByText('已上架的产品：通过前网站仍显示原价格和内容')).toBeVisible();
    // The drawer slides in: the picture is of it in place (the whole width on a phone, 960 px beside the list).
    await expect.poll(async () => (await drawer.boundingBox())?.x).toBe(width > 400 ? width - 960 : 0);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/product-review-diff-${width}.png` });
    if (width === 1440) await drawer.getByRole('button', { name: '关闭' }).click();
  }
  await page.getByRole('dialog').getByRole('button', { name: '通过并上架' }).click();
  await confirmPopover(page, '通过后立即上架', page.getByText('已通过并上架'));
  await expect.poll(sitePrice).toBe('new');

  // The writer's bell says so, and leads back to the product's form, with the new price.
  await writer.goto(`${CONSOLE}#/welcome`);
  await openBell(writer, `《${name}》已审核通过`);
  await writer.getByText(`《${name}》已审核通过`).click();
  await expect(writer).toHaveURL(new RegExp(`#/content/products\\?edit=${product.id}`));
  await expect(writer.getByRole('dialog', { name: '编辑产品' }).getByLabel('价格（元）')).toHaveValue(
    '21800.00',
  );
  await writerContext.close();
});
