import { expect, test } from '../fixtures';
import { KEYWORDS, SITE_PAGES } from './routes';

test.describe('every route of spec §2 in a real browser', () => {
  for (const { path, heading, content } of SITE_PAGES) {
    test(`${path} shows its heading, title and content`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page).toHaveTitle(new RegExp(` - ${KEYWORDS}$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      await expect(page.locator('main')).toContainText(content);
      await expect(page.getByRole('navigation', { name: '主导航' })).toBeAttached();
      await expect(page.locator('.site-footer')).toContainText('杭州悦讯科技有限公司');
    });
  }

  for (const [from, to] of [
    ['/', '/home'],
    ['/index.html', '/home'],
    ['/solution', '/solution/areaCloud'],
    ['/demonstrationCase?from=menu', '/demonstrationCase/1351?from=menu'],
    ['/news', '/news/1881'],
    ['/companyProfile', '/companyProfile/1'],
  ] as const) {
    test(`${from} redirects to ${to}`, async ({ page, baseURL }) => {
      const redirects: number[] = [];
      page.on('response', (r) => {
        if (r.status() >= 300 && r.status() < 400) redirects.push(r.status());
      });
      await page.goto(from);
      expect(page.url()).toBe(`${baseURL}${to}`);
      expect(redirects).toEqual([302]);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    });
  }

  test('an unknown address shows the not-found page with 404', async ({ page }) => {
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('页面不存在');
    await page.getByRole('link', { name: '返回首页' }).click();
    await expect(page).toHaveURL(/\/home$/);
  });

  test('bad ids show the not-found page', async ({ page }) => {
    for (const path of ['/news/detail/abc', '/news/-5', '/priceShop/productDetail?productId=999999']) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('页面不存在');
    }
  });

  test('paging: next page, page number in the URL, last page', async ({ page }) => {
    await page.goto('/news/1881');
    const firstTitles = await page.locator('.article-card h2').allTextContents();
    expect(firstTitles).toHaveLength(10);
    await page.getByRole('link', { name: '下一页' }).click();
    await expect(page).toHaveURL(/\/news\/1881\?page=2$/);
    await expect(page.locator('.pagination')).toContainText('第 2 / 2 页');
    const secondTitles = await page.locator('.article-card h2').allTextContents();
    expect(secondTitles.length).toBeGreaterThan(0);
    expect(secondTitles.some((t) => firstTitles.includes(t))).toBe(false);
    await page.goto('/news/1881?page=50');
    await expect(page.locator('.pagination')).toContainText('第 2 / 2 页');
  });

  test('category tabs switch the case list', async ({ page }) => {
    await page.goto('/demonstrationCase/1351');
    await page
      .getByRole('navigation', { name: '示范案例栏目' })
      .getByRole('link', { name: '职业院校' })
      .click();
    await expect(page).toHaveURL(/\/demonstrationCase\/1354$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('职业院校');
  });

  test('an article opens from its list and links to its neighbours', async ({ page }) => {
    await page.goto('/news/1881');
    const first = page.locator('.article-card h2 a').first();
    const title = (await first.textContent()) ?? '';
    await first.click();
    await expect(page).toHaveURL(/\/news\/detail\/\d+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(page.locator('.article-body')).not.toBeEmpty();
    await expect(page.getByRole('button', { name: '分享' })).toBeVisible();
  });

  test('price shop: filter by tag, prices in yuan, product detail', async ({ page }) => {
    await page.goto('/priceShop');
    // 全部: each of the 12 demo products once, however many tags it has.
    const cards = await page
      .locator('.product-card h3 a')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(cards).toHaveLength(12);
    expect(new Set(cards).size).toBe(12);
    const tabs = page.getByRole('navigation', { name: '产品分类' }).getByRole('link');
    const tagName = (await tabs.nth(1).textContent()) ?? '';
    await tabs.nth(1).click();
    await expect(page).toHaveURL(/\?tagId=\d+$/);
    await expect(page.locator('.product-group h2')).toHaveText([tagName]);
    await expect(page.locator('.price').first()).toHaveText(/^¥[\d,]+\.\d{2}/);
    await page.locator('.product-card h3 a').first().click();
    await expect(page).toHaveURL(/productDetail\?productId=\d+$/);
    await expect(page.locator('.price-large')).toHaveText(/^¥[\d,]+\.\d{2}/);
  });

  test('sitemap.xml and robots.txt', async ({ request }) => {
    const sitemap = await request.get('/sitemap.xml');
    expect(sitemap.status()).toBe(200);
    expect(await sitemap.text()).toContain('/news/detail/');
    const robots = await request.get('/robots.txt');
    expect(await robots.text()).toContain('Sitemap:');
  });
});
