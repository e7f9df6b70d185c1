/**
 * 导航菜单 and 页面 SEO from the console to the site: rename and hide a menu entry and add an outside
 * link → the header shows it on a wide screen and in the phone menu, the footer and the not-found page
 * name the sections the same way, and so does 页面 SEO's list; a category's SEO title → its
 * list page's <title>. Screenshots of both console pages and the header at 1440 and 375 px.
 */
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { CONSOLE, expect, loginAsAdmin, SCREENSHOT_DIR, test } from './cms-test';

const SHOTS = join(SCREENSHOT_DIR, 'seo15');
const KEYWORDS = '智慧校园,智慧校园平台,数字校园,校园管理系统,家校互通,区域教育云';
const SHOP = 'https://shop.example.com/yuexun';

/** The header's menu as a visitor meets it: the wide bar, or the phone menu opened. */
const menuOf = async (page: Page, width: number) => {
  if (width >= 992) return page.getByRole('navigation', { name: '主导航' });
  await page.locator('.nav-narrow summary').click();
  return page.getByRole('navigation', { name: '手机导航' });
};

test('navigation and page SEO: menu edits show in the header at 1440 and 375; a category SEO title is its list page title', async ({
  page,
}) => {
  test.slow();
  await loginAsAdmin(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`${CONSOLE}#/site/navigation`);
  const newsLabel = page.getByLabel('新闻资讯的菜单名称');
  await expect(newsLabel).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('尚未保存过，显示的是默认菜单')).toBeVisible();

  await newsLabel.fill('新闻中心');
  await page.getByLabel('显示下载中心').click();
  await page.getByRole('button', { name: '添加外部链接' }).click();
  await page.getByLabel('新链接的菜单名称').fill('在线商城');
  await page.getByLabel('在线商城的链接地址').fill('javascript:alert(1)');
  await page.getByRole('button', { name: /保\s?存/ }).click();
  await expect(page.getByText('外部链接须为 http:// 或 https:// 开头的网址').first()).toBeVisible();
  await page.getByLabel('在线商城的链接地址').fill(SHOP);
  await page.getByRole('button', { name: '上移 在线商城' }).click();
  await page.getByRole('button', { name: /保\s?存/ }).click();
  await expect(page.getByText('导航菜单已保存，网站页面已更新')).toBeVisible();
  await expect(page.getByText('当前版本：1')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/console-navigation-1440.png`, fullPage: true });

  for (const width of [1440, 375]) {
    await page.setViewportSize({ width, height: width > 400 ? 900 : 800 });
    await page.goto('/home');
    const menu = await menuOf(page, width);
    await expect(menu.getByRole('link', { name: '新闻中心' })).toHaveAttribute('href', '/news/1881');
    await expect(menu.getByRole('link', { name: '新闻资讯' })).toHaveCount(0);
    await expect(menu.getByRole('link', { name: '下载中心' })).toHaveCount(0);
    const shop = menu.getByRole('link', { name: '在线商城' });
    await expect(shop).toHaveAttribute('href', SHOP);
    await expect(shop).toHaveAttribute('target', '_blank');
    await expect(shop).toHaveAttribute('rel', 'noopener');
    // Moved up one: between 安全中心 and 关于我们.
    await expect(menu.getByRole('link')).toHaveText([
      '首页',
      '解决方案',
      '示范案例',
      '新闻中心',
      '价格商城',
      '服务支持',
      '代理合作',
      '安全中心',
      '在线商城',
      '关于我们',
    ]);
    // The hidden entry's page still answers.
    expect((await page.request.get('/download')).status()).toBe(200);
    await page.screenshot({ path: `${SHOTS}/site-header-${width}.png` });
    // The footer's quick links and the not-found page's ways on are the same menu (without 首页).
    const sections = [
      '解决方案',
      '示范案例',
      '新闻中心',
      '价格商城',
      '服务支持',
      '代理合作',
      '安全中心',
      '在线商城',
      '关于我们',
    ];
    await expect(page.locator('.footer-links').getByRole('link')).toHaveText(sections);
    await page.goto('/retired-section');
    const waysOn = page.locator('.error-page-links');
    await expect(waysOn.getByRole('link')).toHaveText(sections);
    await expect(waysOn.getByRole('link', { name: '新闻中心' })).toHaveAttribute('href', '/news/1881');
    await expect(page.locator('.footer-links').getByRole('link')).toHaveText(sections);
    await page.screenshot({ path: `${SHOTS}/site-not-found-${width}.png`, fullPage: true });
  }

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`${CONSOLE}#/site/seo`);
  // The renamed entry's page is listed under the name the site now gives it, its default one beneath.
  const newsPage = page.getByRole('row', { name: /\/news\/1881/ });
  await expect(newsPage.getByRole('cell').first()).toHaveText('新闻中心默认名称：新闻资讯');
  await expect(page.getByRole('button', { name: '编辑 新闻中心 的 SEO' })).toBeVisible();
  await expect(
    page
      .getByRole('row', { name: /\/download/ })
      .getByRole('cell')
      .first(),
  ).toHaveText('下载中心');
  await page.screenshot({ path: `${SHOTS}/console-seo-pages-1440.png`, fullPage: true });
  await page.getByRole('tab', { name: '栏目列表页' }).click();
  // A category's list page is headed by its section's new name, as on the site; an unrenamed one keeps its own.
  await expect(
    page
      .getByRole('row', { name: /媒体报道/ })
      .getByRole('cell')
      .first(),
  ).toHaveText('新闻中心 · 媒体报道');
  await expect(page.getByRole('cell', { name: /^示范案例 · / }).first()).toBeVisible();
  // And the page's own explanation names the sections the same way.
  await expect(
    page.getByText(/解决方案、示范案例、新闻中心、关于我们的关键词和描述也用于其下各栏目/),
  ).toBeVisible();
  await page.getByRole('button', { name: '编辑 媒体报道 的 SEO' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('SEO 标题').fill('智慧校园媒体报道');
  await dialog.getByLabel('SEO 描述').fill('主流媒体对悦讯智慧校园的报道');
  await dialog.getByRole('button', { name: /保\s?存/ }).click();
  await expect(page.getByText('SEO 已保存，网站页面已更新')).toBeVisible();
  await expect(page.getByRole('row', { name: /媒体报道/ })).toContainText('智慧校园媒体报道');
  await page.screenshot({ path: `${SHOTS}/console-seo-1440.png`, fullPage: true });

  await page.goto('/news/1883');
  await expect(page).toHaveTitle(`智慧校园媒体报道 - ${KEYWORDS}`);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute(
    'content',
    '主流媒体对悦讯智慧校园的报道',
  );
  await page.goto('/news/1882');
  await expect(page).toHaveTitle(`行业动态 - ${KEYWORDS}`);

  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(`${CONSOLE}#/site/seo`);
  await expect(page.getByRole('tab', { name: '固定页面' })).toBeVisible();
  // Loaded, not the empty table of the first paint.
  await expect(page.getByText('默认名称：新闻资讯')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/console-seo-375.png`, fullPage: true });
  await page.goto(`${CONSOLE}#/site/navigation`);
  await expect(page.getByLabel('新闻资讯的菜单名称')).toHaveValue('新闻中心');
  await page.screenshot({ path: `${SHOTS}/console-navigation-375.png`, fullPage: true });
});
