/**
 * The audit log reads in Chinese: a price change made in the console shows as yuan, a lead's status
 * change by its labels, each record by its type and name; filters by kind and person narrow the list.
 */

import type { Page } from '@playwright/test';
import {
  type AdminLead,
  type AdminProduct,
  createCustomerIntentionSALEPPublic,
  inquireLeadListAdmin,
  inquireProductListAdmin,
  updateLeadAdmin,
  updateProductAdmin,
} from '@yuexun/contract';
import { CONSOLE, callAction, expect, loginAsAdmin, SCREENSHOT_DIR, test } from './cms-test';

/** antd lists options in a virtual list; the visible item is the one to click. */
const chooseOption = (page: Page, label: string) =>
  page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: label }).click();

test('a price change and a lead status change read in Chinese in the audit log', async ({ page }) => {
  // Three console pages, each with a first load, on a busy two-core machine.
  test.setTimeout(180_000);
  await loginAsAdmin(page);

  // A product at ¥6,800.00 and a lead already qualified (set up through the API).
  const product = (
    await callAction(page.request, inquireProductListAdmin, { status: 'published', pageSize: 1 })
  ).datas[0] as AdminProduct;
  const priced = await callAction(page.request, updateProductAdmin, {
    productId: product.id,
    version: product.version,
    price: '6800',
  });
  expect(priced.success).toBe(true);
  const phone = `135${String(Date.now()).slice(-8)}`;
  const school = '拱墅区审计实验小学';
  await callAction(page.request, createCustomerIntentionSALEPPublic, {
    privacyConsent: 'on',
    contactName: '吴老师',
    phone,
    schoolName: school,
    region: '浙江省杭州市',
    schoolType: 'primary',
    role: '校长',
    message: '想了解智慧校园',
  });
  const lead = (await callAction(page.request, inquireLeadListAdmin, { keyword: phone }))
    .datas[0] as AdminLead;
  let version = lead.version;
  for (const status of ['contacted', 'qualified']) {
    const moved = await callAction(page.request, updateLeadAdmin, { leadId: lead.id, status, version });
    expect(moved.success).toBe(true);
    version = moved.datas[0].version;
  }

  // In the console: the new price, then the lead won.
  await page.goto(`${CONSOLE}#/content/products`);
  await page.getByLabel('关键词').fill(product.name);
  await page.getByRole('button', { name: /查\s?询/ }).click();
  const productRow = page.getByRole('row', { name: new RegExp(product.name) });
  await productRow.getByRole('button', { name: /编\s?辑/ }).click();
  const drawer = page.getByRole('dialog', { name: '编辑产品' });
  await drawer.getByLabel('价格（元）').fill('7200.50');
  await drawer.getByRole('button', { name: /保\s?存/ }).click();
  await expect(drawer).toBeHidden();

  await page.goto(`${CONSOLE}#/content/leads`);
  await page.getByLabel('手机号、学校或公司').fill(phone);
  await page.getByRole('button', { name: /查\s?询/ }).click();
  await page
    .getByRole('row', { name: new RegExp(school) })
    .getByRole('button', { name: '跟进' })
    .click();
  await page.locator('.ant-drawer').getByRole('button', { name: '改为“已成交”' }).click();
  await expect(page.getByText('已改为“已成交”').first()).toBeVisible();

  await page.goto(`${CONSOLE}#/content/audit`);
  const priceRow = page.getByRole('row', { name: /价格：¥6,800.00 → ¥7,200.50/ });
  await expect(priceRow).toHaveCount(1);
  await expect(priceRow).toContainText(`产品「${product.name}」`);
  await expect(priceRow).toContainText('修改');
  const leadRow = page.getByRole('row', { name: /状态：已确认需求 → 已成交/ });
  await expect(leadRow).toHaveCount(1);
  await expect(leadRow).toContainText(`销售线索「${school}」`);
  await expect(page.getByRole('main')).not.toContainText('audit.');
  await expect(page.getByRole('main')).not.toContainText('priceFen');
  await page.screenshot({ path: `${SCREENSHOT_DIR}/audit-1440.png`, fullPage: true });

  // Filter by kind and person: only the lead's rows stay, and still for the person who made them.
  const kind = page.getByRole('combobox', { name: /^对象/ });
  // The pick is made once the field shows it (a click while the list still slides in may miss).
  await expect(async () => {
    await kind.click();
    await chooseOption(page, '销售线索');
    await expect(page.locator('.ant-select').filter({ has: kind })).toContainText('销售线索', {
      timeout: 2_000,
    });
  }).toPass({ timeout: 30_000 });
  await page.getByRole('button', { name: /查\s?询/ }).click();
  await expect(leadRow).toHaveCount(1);
  await expect(priceRow).toHaveCount(0);
  await page.getByLabel('操作人').click();
  await chooseOption(page, '王建国');
  await page.getByRole('button', { name: /查\s?询/ }).click();
  await expect(leadRow).toHaveCount(1);

  // A range of days (Beijing dates): last year's first week shows nothing; up to today shows the change.
  const range = page.locator('.ant-picker-range');
  // As a person would: clear the range, type the first day, confirm, then the last (the caret moves there).
  const pickDays = async (first: string, last: string) => {
    if (await range.locator('input').first().inputValue()) {
      await range.hover();
      await range.locator('.ant-picker-clear').click();
      await expect(range.locator('input').last()).toHaveValue('');
    }
    await range.locator('input').first().click();
    await range.locator('input').first().fill(first);
    await range.locator('input').first().press('Enter');
    await expect(range.locator('input').last()).toBeFocused();
    await range.locator('input').last().fill(last);
    await range.locator('input').last().press('Enter');
    await expect(range.locator('input').first()).toHaveValue(first);
    await expect(range.locator('input').last()).toHaveValue(last);
    await page.getByRole('button', { name: /查\s?询/ }).click();
  };
  await page.getByText('展开', { exact: true }).click();
  const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai' }).format(new Date());
  const lastYear = Number(today.slice(0, 4)) - 1;
  await pickDays(`${lastYear}-01-01`, `${lastYear}-01-07`);
  await expect(leadRow).toHaveCount(0);
  await expect(page.locator('.ant-empty-description', { hasText: '暂无数据' })).toBeVisible();
  await pickDays(`${lastYear}-01-01`, today);
  await expect(leadRow).toHaveCount(1);

  await page.setViewportSize({ width: 375, height: 812 });
  await expect(page.getByRole('row', { name: /状态：已确认需求 → 已成交/ })).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOT_DIR}/audit-375.png`, fullPage: true });
});
