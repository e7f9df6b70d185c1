/**
 * The phone lead page an alert's link opens (issue 29 item 5, decision 065), at 375 and 1440 px: a salesperson
 * signs in, opens the link of a lead assigned to them, sees it (school, tel: link, status, owner) without the
 * console's antd frame, moves it to 已联系 and adds a follow-up, both on the timeline; a user whose role may
 * not read leads is refused and sees nothing of the lead. Screenshots into the shared screenshot folder.
 */
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import {
  createCustomerIntentionSALEPPublic,
  createStaffTenant,
  inquireLeadListAdmin,
  inquireLeadOwnerListAdmin,
  inquireRoleListTenant,
  phoneLeadHash,
  updateLeadAdmin,
} from '@yuexun/contract';
import { callAction, loginAsAdmin, SCREENSHOT_DIR } from '../cms/cms-test';
import { DEMO_PASSWORDS, expect, test } from '../fixtures';
import { CONSOLE, loginAs, loginWithPassword } from './helpers';

const stamp = String(Date.now()).slice(-7);
const WIDTHS = [375, 1440] as const;

/** A salesperson (role 销售) with an initial password, made by the admin through the API. */
const makeSalesperson = async (admin: Page) => {
  const roles = (await callAction(admin.request, inquireRoleListTenant, {})).datas;
  const sales = roles.find((r: { builtinKey: string | null }) => r.builtinKey === 'sales');
  const phone = `1366${stamp}1`.slice(0, 11);
  const made = await callAction(admin.request, createStaffTenant, {
    name: `手机销售${stamp}`,
    phone,
    roleId: sales.roleId,
    credential: 'password',
  });
  expect(made.success, JSON.stringify(made)).toBe(true);
  const owners = await callAction(admin.request, inquireLeadOwnerListAdmin, {});
  const owner = owners.datas.find((o: { name: string }) => o.name === `手机销售${stamp}`);
  return { phone, password: made.datas[0].initialPassword as string, accountId: owner.accountId as number };
};

/** A lead sent with the home form and assigned to `ownerAccountId`; answers its id, phone and school. */
const makeLead = async (admin: Page, n: number, ownerAccountId: number) => {
  const phone = `137${stamp}${n}`;
  const school = `移动${stamp}第${n}实验小学`;
  const sent = await callAction(admin.request, createCustomerIntentionSALEPPublic, {
    privacyConsent: 'on',
    contactName: '陈老师',
    phone,
    schoolName: school,
    region: '浙江省杭州市',
    schoolType: 'primary',
    role: '信息中心主任',
    message: '想了解智慧校园平台',
  });
  expect(sent.success, JSON.stringify(sent)).toBe(true);
  const lead = (await callAction(admin.request, inquireLeadListAdmin, { keyword: phone })).datas[0];
  const moved = await callAction(admin.request, updateLeadAdmin, {
    leadId: lead.id,
    version: lead.version,
    ownerAccountId,
  });
  expect(moved.success, JSON.stringify(moved)).toBe(true);
  return { id: lead.id as number, phone, school };
};

test('a salesperson opens an alert link, moves the lead and adds a follow-up at 375 and 1440 px', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  await loginAsAdmin(page);
  const seller = await makeSalesperson(page);
  const leads = [await makeLead(page, 1, seller.accountId), await makeLead(page, 2, seller.accountId)];

  const context = await browser.newContext({ baseURL, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
  const sales = await context.newPage();
  await loginAs(sales, seller.phone, seller.password);
  for (const [i, width] of WIDTHS.entries()) {
    const lead = leads[i] as (typeof leads)[number];
    await sales.setViewportSize({ width, height: width > 400 ? 900 : 812 });
    const scripts: string[] = [];
    sales.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
    // A fresh load, as a link from a chat opens it (not a hash change inside a running console).
    await sales.goto('about:blank');
    await sales.goto(`${CONSOLE}${phoneLeadHash(lead.id, lead.phone)}`);
    const card = sales.getByTestId('phone-lead');
    await expect(card.getByRole('heading', { name: lead.school })).toBeVisible({ timeout: 30_000 });
    await expect(card.getByRole('link', { name: `拨打 ${lead.phone}` })).toHaveAttribute(
      'href',
      `tel:${lead.phone}`,
    );
    await expect(card.getByTestId('lead-status')).toHaveText('新线索');
    await expect(card.getByText(`手机销售${stamp}`)).toBeVisible();
    // The light page: no ProLayout frame, no antd table.
    await expect(sales.locator('.ant-pro-layout, .ant-table')).toHaveCount(0);
    sales.removeAllListeners('request');
    expect(scripts.filter((s) => /BasicLayout|\/Leads-/.test(s))).toEqual([]);

    await sales.getByRole('button', { name: '改为“已联系”' }).click();
    await expect(sales.getByRole('status').filter({ hasText: '已改为“已联系”' })).toBeVisible();
    await expect(card.getByTestId('lead-status')).toHaveText('已联系');
    await expect(
      sales.getByTestId('timeline-entry').filter({ hasText: '“新线索”改为“已联系”' }),
    ).toBeVisible();

    await sales.getByLabel('跟进方式').selectOption('call');
    await sales.getByLabel('跟进内容').fill(`电话沟通${width}：下周演示`);
    await sales.getByRole('button', { name: '添加跟进' }).click();
    await expect(sales.getByRole('status').filter({ hasText: '跟进已记录' })).toBeVisible();
    await expect(
      sales.getByTestId('timeline-entry').filter({ hasText: `电话沟通${width}：下周演示` }),
    ).toBeVisible();
    // The caller's recent leads, both of them, the shown one marked.
    await expect(sales.getByRole('link', { name: new RegExp(leads[0]?.school ?? '') })).toBeVisible();
    await expect(sales.locator('a[aria-current="true"]')).toContainText(lead.school);
    await sales.screenshot({ path: join(SCREENSHOT_DIR, `lead-phone-${width}.png`), fullPage: true });
  }
  // The full view is the console's 销售线索, filtered by the phone.
  await sales.getByRole('link', { name: '完整视图' }).click();
  await expect(sales.getByRole('row', { name: new RegExp(leads[1]?.phone ?? '') })).toBeVisible({
    timeout: 30_000,
  });
  await context.close();
});

test('a user whose role may not read leads is refused on the alert link', async ({ page }) => {
  await loginAsAdmin(page);
  const lead = (await callAction(page.request, inquireLeadListAdmin, { pageSize: 1 })).datas[0];
  await page.context().clearCookies();
  await loginWithPassword(page, 'user');
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width > 400 ? 900 : 812 });
    await page.goto('about:blank');
    await page.goto(`${CONSOLE}${phoneLeadHash(lead.id, lead.phone)}`);
    await expect(page.getByTestId('phone-lead-refused')).toContainText('您没有查看销售线索的权限', {
      timeout: 30_000,
    });
    await expect(page.getByTestId('phone-lead')).toHaveCount(0);
    await expect(page.getByText(lead.phone)).toHaveCount(0);
    await page.screenshot({ path: join(SCREENSHOT_DIR, `lead-phone-refused-${width}.png`) });
  }
});

test('signed out, the alert link asks for a login and comes back to the lead', async ({ page }) => {
  await loginAsAdmin(page);
  const lead = (await callAction(page.request, inquireLeadListAdmin, { pageSize: 1 })).datas[0];
  await page.context().clearCookies();
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(`${CONSOLE}${phoneLeadHash(lead.id, lead.phone)}`);
  await page.waitForURL(/#\/login\?redirect=/);
  await page.getByPlaceholder('手机号或用户名').fill('admin');
  await page.getByPlaceholder('密码').fill(DEMO_PASSWORDS.admin);
  await page.getByRole('button', { name: /登\s*录/ }).click();
  // Back on the link, inside the console now mounted: the same page, the same lead.
  await expect(page.getByTestId('phone-lead').getByRole('link', { name: `拨打 ${lead.phone}` })).toBeVisible({
    timeout: 30_000,
  });
  expect(new URL(page.url()).hash).toBe(phoneLeadHash(lead.id, lead.phone));
});
