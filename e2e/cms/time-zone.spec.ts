/**
 * The console shows and picks Beijing time whatever the computer's zone: here the browser runs in
 * New York (13 hours behind in January), yet a scheduled time reads and is picked as in Beijing and
 * is stored as the right instant.
 */
import {
  type AdminCategory,
  createArticleAdmin,
  inquireArticleDetailAdmin,
  inquireCategoryTreeAdmin,
} from '@yuexun/contract';
import { CONSOLE, callAction, expect, loginAsAdmin, SCREENSHOT_DIR, test } from './cms-test';

test.use({ timezoneId: 'America/New_York' });

test('a scheduled time reads and is picked in Beijing time from a browser in New York', async ({ page }) => {
  test.setTimeout(120_000);
  await loginAsAdmin(page);
  const categories = (await callAction(page.request, inquireCategoryTreeAdmin, {})).datas as AdminCategory[];
  const news = categories.find((c) => c.kind === 'news');
  if (!news) throw new Error('the demo data has no news category');
  const title = `时区演示 ${Date.now()}`;
  const created = await callAction(page.request, createArticleAdmin, {
    title,
    categoryId: news.id,
    bodyHtml: '<p>时区</p>',
    status: 'scheduled',
    // 10:30 on 15 January in Beijing; 21:30 on the 14th in New York.
    publishTime: '2027-01-15T02:30:00Z',
    requestKey: `tz-${Date.now()}`,
  });
  expect(created.success).toBe(true);
  const id = created.datas[0].id as number;
  expect(await page.evaluate(() => new Date('2027-01-15T02:30:00Z').getDate())).toBe(14);

  // Found by its title, as staff would: other tests on this server add articles with later times.
  await page.goto(`${CONSOLE}#/content/articles`);
  await page.getByLabel('关键词').fill(title);
  await page.getByRole('button', { name: /查\s?询/ }).click();
  const row = page.getByRole('row', { name: new RegExp(title) });
  await expect(row).toContainText('2027-01-15 10:30');
  await expect(row).not.toContainText('2027-01-14');

  await page.goto(`${CONSOLE}#/content/articles/edit/${id}`);
  const picker = page.locator('#publishTime');
  await expect(picker).toHaveValue('2027-01-15 10:30');
  await picker.click();
  await picker.fill('2027-01-20 08:00');
  await picker.press('Enter');
  await page.getByRole('button', { name: /^定时发布$/ }).click();
  const ask = page.locator('.ant-popover', { hasText: '将在 2027-01-20 08:00 自动发布' });
  await expect(ask).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOT_DIR}/time-zone-new-york.png`, fullPage: true });
  await ask.getByRole('button', { name: /确\s?定/ }).click();
  await expect
    .poll(
      async () =>
        (await callAction(page.request, inquireArticleDetailAdmin, { articleId: id })).datas[0].publishTime,
    )
    .toBe('2027-01-20T00:00:00.000Z');
});
