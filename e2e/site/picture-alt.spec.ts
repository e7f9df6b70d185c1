/**
 * Issue 35's accessibility sweep: every picture on every page of the site says what it shows. Every address of
 * the sitemap and every route of spec §2, rendered in the browser at phone width (where the phone crops are
 * chosen): each <img> has non-empty alt text, and no <img> hides its alt from assistive technology.
 */
import { expect, test } from '../fixtures';
import { SITE_PAGES } from './routes';

test('every picture on every site page has alt text', async ({ page, request }) => {
  test.slow();
  const sitemap = await (await request.get('/sitemap.xml')).text();
  const fromSitemap = [...sitemap.matchAll(/<loc>https?:\/\/[^/<]+(\/[^<]*)<\/loc>/g)].map(
    (m) => m[1] as string,
  );
  const paths = [...new Set([...SITE_PAGES.map((p) => p.path), ...fromSitemap])];
  expect(fromSitemap.length).toBeGreaterThan(50);

  await page.setViewportSize({ width: 375, height: 812 });
  const missing: string[] = [];
  let pictures = 0;
  for (const path of paths) {
    const response = await page.goto(path, { waitUntil: 'domcontentloaded' });
    expect(response?.status(), path).toBe(200);
    const found = await page.locator('img').evaluateAll((imgs) =>
      imgs.map((img) => ({
        src: img.getAttribute('src') ?? '',
        alt: (img.getAttribute('alt') ?? '').trim(),
      })),
    );
    pictures += found.length;
    for (const img of found) if (!img.alt) missing.push(`${path}: ${img.src.slice(0, 120)}`);
  }
  expect(missing, 'pictures without alt text').toEqual([]);
  // The sweep looked at real pictures: the demo site has covers, banners and case pictures.
  expect(pictures).toBeGreaterThan(100);
});
