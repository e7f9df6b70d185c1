/**
 * 站内搜索 (issue 15 acceptance): the header's search box opens without JavaScript, /search?q=智慧校园 and
 * /search?q=排课 list the demo articles and products with the words marked; a `%` query is a normal
 * page. Screenshots at 1440 and 375 px.
 */
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '../fixtures';

const SCREENSHOTS = join(tmpdir(), 'yuexun-screenshots');
mkdirSync(SCREENSHOTS, { recursive: true });

for (const { width, height, name } of [
  { width: 1440, height: 900, name: '1440' },
  { width: 375, height: 800, name: '375' },
]) {
  test(`search from the header at ${name} px: words marked, articles and products`, async ({
    browser,
    baseURL,
  }) => {
    // No JavaScript at all: the box, the form and the results are plain HTML.
    const context = await browser.newContext({
      baseURL,
      viewport: { width, height },
      javaScriptEnabled: false,
    });
    const page = await context.newPage();
    await page.goto('/home');
    await page.getByLabel('搜索', { exact: true }).first().click();
    const box = page.getByRole('searchbox', { name: '搜索' });
    await expect(box).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}/search-box-${name}.png` });
    await box.fill('智慧校园');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=%E6%99%BA%E6%85%A7%E6%A0%A1%E5%9B%AD$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('“智慧校园”的搜索结果');
    const results = page.getByRole('list', { name: '搜索结果' });
    await expect(results.locator('mark', { hasText: '智慧校园' }).first()).toBeVisible();
    await expect(results.getByRole('link', { name: /智慧校园云平台（标准版）/ })).toBeVisible();
    // A word marked in a title stays readable: WCAG AA 4.5:1 between its colour and the marker's yellow.
    const contrast = await results
      .locator('h2 mark')
      .first()
      .evaluate((mark) => {
        const rgb = (css: string) => (css.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map(Number);
        const luminance = (css: string) => {
          const [r = 0, g = 0, b = 0] = rgb(css).map((v) => {
            const c = v / 255;
            return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
          });
          return 0.2126 * r + 0.7152 * g + 0.0722 * b;
        };
        const style = mark.ownerDocument.defaultView?.getComputedStyle(mark) ?? {
          color: '',
          backgroundColor: '',
        };
        const [light, dark] = [luminance(style.backgroundColor), luminance(style.color)].sort(
          (x, y) => y - x,
        );
        return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
      });
    expect(contrast).toBeGreaterThanOrEqual(4.5);
    await page.screenshot({ path: `${SCREENSHOTS}/search-${name}.png`, fullPage: true });
    const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
    expect(overflow).toBeLessThanOrEqual(0);

    await page.goto('/search?q=%E6%8E%92%E8%AF%BE');
    await expect(results.getByRole('link', { name: '悦讯智能排课系统' })).toBeVisible();
    await expect(results.getByRole('link', { name: /悦讯智能排课引擎升级/ })).toBeVisible();
    await results.getByRole('link', { name: '悦讯智能排课系统' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('悦讯智能排课系统');

    const percent = await page.goto('/search?q=%25');
    expect(percent?.status()).toBe(200);
    await expect(
      page.getByRole('list', { name: '搜索结果' }).locator('mark', { hasText: '%' }).first(),
    ).toBeVisible();
    await context.close();
  });
}
