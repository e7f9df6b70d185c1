/**
 * Issue 33 item 2 (decision 054), on both databases: a visitor on a 375 px phone views the price shop twice and a
 * case study, then sends the enquiry form with JavaScript; the lead drawer shows 访问轨迹 with those pages and the
 * summary line. Every beacon stays under 1 KB and the site sets no cookie. A visitor without JavaScript gets the
 * pages its <noscript> pictures confirmed (054, amended). Screenshots of the drawer at 1440 and 375 px.
 */
import type { Browser } from '@playwright/test';
import { withPostgresDatabase } from '../fixtures';
import { CONSOLE, expect, loginAsAdmin, shotsIn, test } from './cms-test';

const PHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47';
const shots = shotsIn('visit-timeline', 500);

/** A visitor's phone: 375 px, its own storage (a new browser). */
const phoneContext = (browser: Browser, baseURL: string, javaScriptEnabled = true) =>
  browser.newContext({
    baseURL,
    viewport: { width: 375, height: 812 },
    isMobile: true,
    hasTouch: true,
    // Without JavaScript the server names the visit by address and user agent: each test is its own phone.
    userAgent: javaScriptEnabled ? PHONE_UA : `${PHONE_UA} NoScript/${Date.now()}`,
    javaScriptEnabled,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
  });

const fillEnquiry = async (site: import('@playwright/test').Page, phone: string, school: string) => {
  await site.getByLabel('联系人姓名').fill('钱老师');
  await site.getByLabel('手机号').fill(phone);
  await site.getByLabel('学校名称').fill(school);
  await site.getByLabel('所在地区').fill('浙江省杭州市');
  await site.getByLabel('学校类型').selectOption('junior');
  await site.getByLabel('您的职务').fill('信息中心主任');
  await site.getByLabel('我已阅读并同意').check();
  await site.getByRole('button', { name: /提交/ }).click();
};

const visitThenEnquire = async (browser: Browser, baseURL: string, label: string) => {
  const stamp = String(Date.now()).slice(-8);
  const phone = `136${stamp}`;
  const visitor = await phoneContext(browser, baseURL);
  const site = await visitor.newPage();
  const beacons: number[] = [];
  site.on('request', (r) => {
    if (r.url().includes('/stats/view')) beacons.push(Buffer.byteLength(r.postData() ?? ''));
  });
  await site.goto('/priceShop');
  await expect(site.locator('h1').first()).toBeVisible();
  await site.goto('/home');
  const caseLink = site.locator('a[href*="/demonstrationCase/detail/"]').first();
  const casePath = (await caseLink.getAttribute('href')) ?? '';
  expect(casePath).toMatch(/^\/demonstrationCase\/detail\/\d+$/);
  await site.goto(casePath);
  await expect(site.locator('h1').first()).toBeVisible();
  await site.goto('/priceShop');
  await expect(site.locator('h1').first()).toBeVisible();
  await site.goto('/home');
  await site.locator('#lead').scrollIntoViewIfNeeded();
  await expect(site.locator('astro-island[ssr]')).toHaveCount(0);
  await fillEnquiry(site, phone, `轨迹${label}实验中学`);
  await expect(site.locator('#lead').getByRole('status')).toContainText('提交成功');
  // Every page sent its beacon, each well under 1 KB; the ids live in the browser's storage, never a cookie.
  expect(beacons.length).toBeGreaterThanOrEqual(5);
  for (const bytes of beacons) expect(bytes).toBeLessThan(1024);
  expect(await visitor.cookies()).toEqual([]);
  const stored = await site.evaluate<(string | null)[]>(
    "[sessionStorage.getItem('yx-visit'), localStorage.getItem('yx-browser')]",
  );
  expect(stored[0]).toMatch(/"i":"[0-9a-f]{32}"/);
  expect(stored[1]).toMatch(/"i":"[0-9a-f]{32}"/);
  await visitor.close();

  // A visitor without JavaScript: its pages come from the <noscript> picture each page loads.
  const plainPhone = `135${stamp}`;
  const noScript = await phoneContext(browser, baseURL, false);
  const plain = await noScript.newPage();
  await plain.goto('/priceShop');
  await plain.goto('/home');
  await fillEnquiry(plain, plainPhone, `无脚本${label}实验中学`);
  await expect(plain.locator('#lead')).toContainText('提交成功');
  await noScript.close();

  const staff = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 } });
  const page = await staff.newPage();
  await loginAsAdmin(page);
  const open = async (number: string) => {
    await page.goto(`${CONSOLE}#/content/leads`);
    await page.getByLabel('手机号、学校或公司').fill(number);
    await page.getByRole('button', { name: /查\s?询/ }).click();
    const row = page.getByRole('row', { name: new RegExp(number) });
    await expect(row).toBeVisible({ timeout: 30_000 });
    await row.getByRole('button', { name: '跟进' }).click();
    return page.locator('.ant-drawer').getByTestId('lead-visits');
  };
  const trail = await open(phone);
  await expect(trail.getByRole('heading', { name: '访问轨迹' })).toBeVisible();
  const summary = trail.getByTestId('lead-visits-summary');
  await expect(summary).toContainText('看了 2 次 价格商城');
  await expect(summary).toContainText('1 篇案例');
  await expect(trail.getByText('本次访问（提交前）')).toBeVisible();
  await expect(trail.getByText(/· \/priceShop/)).toHaveCount(2);
  await expect(trail.getByText(new RegExp(`· ${casePath}`))).toHaveCount(1);
  await expect(trail.getByText('入口页')).toBeVisible();
  // The page's own name, without the site's title keywords after " - ".
  await expect(trail.getByText('价格商城', { exact: true })).toHaveCount(2);
  await expect(trail).not.toContainText('智慧校园平台');
  await trail.scrollIntoViewIfNeeded();
  await shots(page, `drawer-${label}`, async () => {
    await trail.scrollIntoViewIfNeeded();
    await page.waitForTimeout(300);
  });
  await page.keyboard.press('Escape');
  const plainTrail = await open(plainPhone);
  await expect(plainTrail.getByTestId('lead-visits-summary')).toContainText('看了 1 次 价格商城');
  await expect(plainTrail.getByText(/· \/priceShop/)).toHaveCount(1);
  await expect(plainTrail.getByText('本次访问（提交前）')).toBeVisible();
  await staff.close();
};

test('the visit timeline of a phone visitor reaches the lead drawer (embedded database)', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  await visitThenEnquire(browser, baseURL ?? '', 'pglite');
});

test('the visit timeline of a phone visitor reaches the lead drawer (PostgreSQL)', async ({
  browser,
  startServer,
}) => {
  test.setTimeout(300_000);
  await withPostgresDatabase('visits', async (url) => {
    const started = await startServer({ DATABASE_URL: url });
    await visitThenEnquire(browser, started.url, 'postgres');
  });
});
