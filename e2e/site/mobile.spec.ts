import { expect, test } from '../fixtures';
import { SITE_PAGES } from './routes';

test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

test('no page scrolls sideways at 375 px', async ({ page }) => {
  for (const { path } of [...SITE_PAGES, { path: '/no-such-page' }, { path: '/news/1881?page=2' }]) {
    await page.goto(path);
    const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
});

test('the menu button opens the navigation on a phone', async ({ page }) => {
  await page.goto('/home');
  await expect(page.getByRole('navigation', { name: '主导航' })).toBeHidden();
  await page.getByLabel('菜单').click();
  const nav = page.getByRole('navigation', { name: '手机导航' });
  await expect(nav).toBeVisible();
  // The news section by its address: navigation-seo.spec renames it (新闻中心) on the same server for a while.
  await nav.locator('a[href$="/news/1881"]').click();
  await expect(page).toHaveURL(/\/news\/1881$/);
});

test('WeChat browser gets the same working pages', async ({ browser, baseURL }) => {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 375, height: 740 },
    userAgent:
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36 MicroMessenger/8.0.50',
  });
  const page = await context.newPage();
  await page.goto('/news/1881');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('公司新闻');
  await context.close();
});

test('the price shop lists products compactly on a phone: picture beside the name, several to a screen', async ({
  page,
}) => {
  await page.goto('/priceShop');
  const cards = page.locator('.product-grid .product-card');
  const first = cards.first();
  const picture = await first.locator('.cover').boundingBox();
  const name = await first.getByRole('heading', { level: 3 }).boundingBox();
  expect(picture && name && picture.x + picture.width <= name.x).toBe(true);
  // The first three products fit in one 740 px screen's worth of cards.
  const third = await cards.nth(2).boundingBox();
  const top = await first.boundingBox();
  expect(third && top && third.y + third.height - top.y).toBeLessThan(740);
  // The phone fetches a thumbnail-sized copy, not a full-width one.
  await expect
    .poll(async () =>
      new URL(
        await first.locator('img').evaluate((img) => (img as unknown as { currentSrc: string }).currentSrc),
      ).searchParams.get('w'),
    )
    .toMatch(/^(160|320)$/);
});
