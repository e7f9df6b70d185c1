/**
 * Attribution (#16): a visit that lands on /news/detail/1?utm_source=baidu&utm_campaign=spring and sends the
 * lead form on /home records both, and the console's 线索来源 view counts it (and opens its leads).
 * Screenshots at 1440 and 375 px.
 */
import type { Page } from '@playwright/test';
import { CONSOLE, expect, loginAsAdmin, SCREENSHOT_DIR, test } from './cms-test';

/** The lead count of a row of the source view (the demo leads carry sources and campaigns too); 0 when absent. */
const countIn = async (page: Page, view: '来源' | '推广活动', name: RegExp) => {
  await page.goto(`${CONSOLE}#/content/lead-sources`);
  if (view === '推广活动') {
    // One table for every grouping: wait for the campaign answer, or the source rows still shown are read.
    const campaigns = page.waitForResponse(
      (r) => /inquireLeadSource/.test(r.url()) && /groupBy=campaign/.test(r.request().postData() ?? ''),
    );
    await page.getByText('推广活动', { exact: true }).click();
    await campaigns;
    await expect(page.getByRole('columnheader', { name: '推广活动' })).toBeVisible();
  }
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.ant-table-tbody .ant-table-row').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
  const row = page.getByRole('row', { name });
  if ((await row.count()) === 0) return 0;
  return Number((await row.getByRole('cell').nth(1).innerText()).match(/^\d+/)?.[0] ?? 'NaN');
};

/** The source 百度 with its counts (not the 百度 oCPC rows of the conversions sent, below the sources). */
const BAIDU = /^百度 \d/;

test('a lead from a tagged landing page is counted under its source and campaign', async ({ page }) => {
  test.setTimeout(120_000);
  const phone = `137${String(Date.now()).slice(-8)}`;
  await loginAsAdmin(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  const baiduBefore = await countIn(page, '来源', BAIDU);
  const springBefore = await countIn(page, '推广活动', /spring/);
  await page.goto('/news/detail/1?utm_source=baidu&utm_campaign=spring');
  await expect(page.locator('h1')).toBeVisible();
  // The visitor reads on, then asks for a demonstration on the home page.
  await page.goto('/home');
  await page.locator('#lead').scrollIntoViewIfNeeded();
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  await page.getByLabel('联系人姓名').fill('温老师');
  await page.getByLabel('手机号').fill(phone);
  await page.getByLabel('学校名称').fill('绍兴市越城区春晖小学');
  await page.getByLabel('所在地区').fill('浙江省绍兴市');
  await page.getByLabel('学校类型').selectOption('primary');
  await page.getByLabel('您的职务').fill('信息中心主任');
  await page.getByLabel('我已阅读并同意').check();
  await page.getByRole('button', { name: /提交/ }).click();
  await expect(page.locator('#lead').getByRole('status')).toContainText('提交成功');

  expect(await countIn(page, '来源', BAIDU)).toBe(baiduBefore + 1);
  const baidu = page.getByRole('row', { name: BAIDU });
  await page.screenshot({ path: `${SCREENSHOT_DIR}/lead-sources-1440.png`, fullPage: true });

  await expect(baidu).toBeVisible();
  expect(await countIn(page, '推广活动', /spring/)).toBe(springBefore + 1);
  const spring = page.getByRole('row', { name: /spring/ });
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(spring).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOT_DIR}/lead-sources-375.png`, fullPage: true });

  await spring.getByRole('link', { name: 'spring' }).click();
  const row = page.getByRole('row', { name: new RegExp(phone) });
  await expect(row).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(2);
  await row.getByRole('button', { name: '跟进' }).click();
  const drawer = page.locator('.ant-drawer');
  await expect(drawer.getByText('baidu / - / spring')).toBeVisible();
  await expect(drawer.getByText('/news/detail/1?utm_source=baidu&utm_campaign=spring')).toBeVisible();
});
