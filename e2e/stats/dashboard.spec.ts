/**
 * Issue 18's acceptance: a visitor from a Baidu campaign reads three pages and sends a lead; the
 * dashboard (the site admin's welcome page) shows exactly that visit: 1 visitor, 3 views, 1 lead,
 * the source baidu and the landing page (/service), and 表单转化 counts the forms those pages showed.
 */
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CONSOLE, loginWithPassword } from '../console/helpers';
import { expect, test } from '../fixtures';

/** A phone browser as a person has it (Playwright's own user agent says HeadlessChrome: a bot). */
const PHONE_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';

test('three pages from a Baidu campaign and a lead: the dashboard shows that visit', async ({
  browser,
  startServer,
}) => {
  test.setTimeout(180_000);
  // A server of its own: nobody else has visited its site today.
  const server = await startServer();
  const visitor = await browser.newContext({ baseURL: server.url, userAgent: PHONE_UA });
  const page = await visitor.newPage();
  await page.goto('/service?utm_source=baidu&utm_campaign=spring');
  await page.goto('/agent');
  await page.goto('/home');
  const form = page.locator('#lead');
  await form.scrollIntoViewIfNeeded();
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  await page.getByLabel('联系人姓名').fill('周老师');
  await page.getByLabel('手机号').fill('13811112233');
  await page.getByLabel('学校名称').fill('南京市鼓楼区第一中学');
  await page.getByLabel('所在地区').fill('江苏省南京市');
  await page.getByLabel('学校类型').selectOption('junior');
  await page.getByLabel('您的职务').fill('副校长');
  await page.getByLabel('我已阅读并同意').check();
  await page.getByRole('button', { name: /提交/ }).click();
  await expect(form.getByRole('status')).toContainText('提交成功');
  await visitor.close();

  const staff = await browser.newContext({ baseURL: server.url });
  const admin = await staff.newPage();
  await admin.goto(CONSOLE);
  await loginWithPassword(admin, 'admin');
  await expect(admin).toHaveURL(/#\/welcome/);
  await admin.getByText('今天', { exact: true }).click();
  await expect(admin.getByRole('link', { name: '访客 1', exact: true })).toBeVisible();
  await expect(admin.getByRole('link', { name: '浏览量 3', exact: true })).toBeVisible();
  await expect(admin.getByRole('link', { name: '线索 1', exact: true })).toBeVisible();
  const sources = admin.getByRole('region', { name: '线索来源', exact: true });
  await expect(sources.getByRole('row', { name: /baidu/ })).toHaveText(/^baidu\s*1$/);
  const landing = admin.getByRole('region', { name: '入口页面', exact: true });
  await expect(landing.getByRole('row', { name: /\/service/ })).toHaveText(/^\/service\s*1$/);
  const leadLanding = admin.getByRole('region', { name: '带来线索的入口页面' });
  await expect(leadLanding.getByRole('row', { name: /\/service/ })).toHaveText(/^\/service\s*1$/);
  // 表单转化 (decision 057): /agent showed the agent form, /home the enquiry form, which sent the lead.
  const forms = admin.getByRole('region', { name: '表单转化', exact: true });
  await expect(forms.getByRole('row', { name: /销售咨询/ })).toHaveText(/^销售咨询\s*1\s*1\s*100\.0%$/);
  await expect(forms.getByRole('row', { name: /代理商申请/ })).toHaveText(/^代理商申请\s*1\s*0\s*0\.0%$/);
  const dir = join(tmpdir(), 'yuexun-screenshots', 'form-conversion');
  mkdirSync(dir, { recursive: true });
  for (const width of [1440, 375]) {
    await admin.setViewportSize({ width, height: 900 });
    await forms.scrollIntoViewIfNeeded();
    await admin.waitForTimeout(400);
    await admin.screenshot({ path: join(dir, `dashboard-${width}.png`) });
  }
  await staff.close();
});

test('a fresh start shows sixty days of demo statistics, with the notice; screenshots at 1440 and 375 px', async ({
  browser,
  startServer,
}) => {
  test.setTimeout(180_000);
  const server = await startServer();
  const dir = join(tmpdir(), 'yuexun-screenshots', 'stats18');
  mkdirSync(dir, { recursive: true });
  for (const width of [1440, 375]) {
    const staff = await browser.newContext({ baseURL: server.url, viewport: { width, height: 900 } });
    const admin = await staff.newPage();
    await admin.goto(CONSOLE);
    await loginWithPassword(admin, 'admin');
    await expect(admin).toHaveURL(/#\/welcome/);
    await expect(admin.getByRole('alert').filter({ hasText: '演示数据' })).toBeVisible();
    await admin.getByText('近 30 天', { exact: true }).click();
    const visitors = admin.getByRole('link', { name: /^访客 [\d,]+$/ });
    await expect(visitors).toBeVisible();
    expect(Number((await visitors.innerText()).replace(/\D/g, ''))).toBeGreaterThan(1000);
    await expect(
      admin.getByRole('region', { name: '线索来源', exact: true }).getByRole('row', { name: /baidu/ }),
    ).toBeVisible();
    await expect(admin.locator('canvas, svg').first()).toBeVisible();
    // The crawler summary is shown as loaded, not behind a loading veil (it looked disabled).
    const spiders = admin.getByRole('region', { name: '爬虫抓取概况' });
    await expect(spiders.getByRole('row', { name: /Baiduspider（百度）\s*[\d,]+/ })).toBeVisible();
    await expect(spiders.locator('.ant-spin-blur, .ant-skeleton')).toHaveCount(0);
    // Charts are lazy-loaded: let them draw before the picture.
    await admin.waitForLoadState('networkidle');
    await admin.screenshot({ path: join(dir, `dashboard-demo-${width}.png`), fullPage: true });
    await staff.close();
  }
});
