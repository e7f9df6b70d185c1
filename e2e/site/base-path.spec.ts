import { expect, test } from '../fixtures';
import { SITE_PAGES } from './routes';

test('the whole site under BASE_PATH=/portal/', async ({ page, startServer }) => {
  test.setTimeout(240_000);
  const server = await startServer({ BASE_PATH: '/portal/' });
  const assets: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.origin === server.url) assets.push(url.pathname);
  });
  await page.goto(`${server.url}/portal/`);
  expect(page.url()).toBe(`${server.url}/portal/home`);
  for (const { path, heading } of SITE_PAGES) {
    const response = await page.goto(`${server.url}/portal${path}`);
    expect(response?.status(), path).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
  }
  // Links stay under the base path.
  await page.goto(`${server.url}/portal/home`);
  await page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '新闻资讯' }).click();
  await expect(page).toHaveURL(`${server.url}/portal/news/1881`);
  await page.goto(`${server.url}/portal/news`);
  await expect(page).toHaveURL(`${server.url}/portal/news/1881`);
  // The island hydrates from /portal/_astro/.
  await page.goto(`${server.url}/portal/agent`);
  await page.locator('#lead').scrollIntoViewIfNeeded();
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  expect(assets.filter((p) => p.includes('/_astro/')).every((p) => p.startsWith('/portal/_astro/'))).toBe(
    true,
  );
  const outside = await page.goto(`${server.url}/home`);
  expect(outside?.status()).toBe(404);
});
