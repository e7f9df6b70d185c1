/**
 * 首页管理 in the console (issue 15 acceptance): a banner whose start is in the future is not on the home
 * page; once its time is moved it is, at 1440 and 375 px (where the consult bar shows too); hiding the news
 * section takes it off the home page. Screenshots of the home page and the console pages at both widths.
 */
import { fileUrls, inquireSiteSettingsAdmin, updateSiteSettingsAdmin } from '@yuexun/contract';
import sharp from 'sharp';
import { CONSOLE, callAction, expect, loginAsAdmin, SCREENSHOT_DIR, test } from './cms-test';

const TITLE = '春季招生开放日直播周';

/** A wide picture with no text (servers lack CJK fonts), like a designer's banner background. */
const bannerPicture = () =>
  sharp(
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="450">
      <defs><linearGradient id="g" x1="0" x2="1"><stop offset="0" stop-color="#0050b3"/><stop offset="1" stop-color="#36cfc9"/></linearGradient></defs>
      <rect width="1200" height="450" fill="url(#g)"/><circle cx="980" cy="140" r="160" fill="#fff" fill-opacity="0.18"/>
    </svg>`),
  )
    .png()
    .toBuffer();

/** A date-time as the console's picker takes it (Beijing time), `days` from now. */
const pickerTime = (days: number) => {
  const beijing = new Date(Date.now() + days * 86_400_000 + 8 * 3_600_000);
  return beijing.toISOString().slice(0, 16).replace('T', ' ');
};

test('a future banner is hidden until its time is moved; a hidden section leaves the home page', async ({
  page,
}) => {
  test.slow();
  await loginAsAdmin(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`${CONSOLE}#/site/home`);
  await expect(page.getByText('区域教育云 一张网管好全区学校')).toBeVisible({ timeout: 30_000 });

  // A new banner starting in a week.
  await page.getByRole('button', { name: '新建横幅' }).click();
  const dialog = page.getByRole('dialog');
  await dialog
    .locator('input[type=file]')
    .first()
    .setInputFiles({ name: '开放日.png', mimeType: 'image/png', buffer: await bannerPicture() });
  await expect(dialog.getByRole('img', { name: '电脑端图片' })).toBeVisible();
  await dialog.getByLabel('标题', { exact: true }).fill(TITLE);
  await dialog.getByLabel('副标题').fill('每晚 19:00 校长带您云参观智慧校园');
  await dialog.getByLabel('按钮文字').fill('立即预约');
  await dialog.getByLabel('按钮链接').fill('javascript:alert(1)');
  await dialog.getByRole('button', { name: /保\s?存/ }).click();
  await expect(dialog.getByText('链接须为本站路径')).toBeVisible();
  await dialog.getByLabel('按钮链接').fill('/home#lead');
  const start = dialog.getByPlaceholder('开始时间');
  await start.click();
  await start.fill(pickerTime(7));
  await start.press('Enter');
  await dialog.getByRole('button', { name: /保\s?存/ }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row', { name: new RegExp(TITLE) });
  await expect(row.getByText('未开始')).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOT_DIR}/home-banners-console-1440.png`, fullPage: true });

  await page.goto('/home');
  await expect(page.locator('.home-banners')).toBeVisible();
  await expect(page.getByText(TITLE)).toHaveCount(0);

  // Its start moved to yesterday: shown at once, first (order 0).
  await page.goto(`${CONSOLE}#/site/home`);
  await page
    .getByRole('row', { name: new RegExp(TITLE) })
    .getByRole('button', { name: /编\s?辑/ })
    .click();
  const edit = page.getByRole('dialog');
  const moved = edit.getByPlaceholder('开始时间');
  await moved.click();
  await moved.fill(pickerTime(-1));
  await moved.press('Enter');
  await edit.getByRole('button', { name: /保\s?存/ }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByRole('row', { name: new RegExp(TITLE) }).getByText('展示中')).toBeVisible();

  await page.goto('/home');
  const slide = page.locator('.banner-slide').first();
  await expect(slide.getByRole('heading', { name: TITLE })).toBeVisible();
  await expect(slide.getByRole('link', { name: '立即预约' })).toHaveAttribute('href', '/home#lead');
  await expect(page.locator('.consult-bar')).toBeHidden();
  await page.screenshot({ path: `${SCREENSHOT_DIR}/home-carousel-1440.png` });

  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/home');
  await expect(page.locator('.banner-slide').first().getByRole('heading', { name: TITLE })).toBeVisible();
  // The phone picture (here the desktop one: none was given) fills the width; the page does not scroll sideways.
  const box = await page.locator('.banner-slide img').first().boundingBox();
  expect(box?.width).toBe(375);
  expect(await page.evaluate('document.documentElement.scrollWidth')).toBe(375);
  const bar = page.locator('.consult-bar');
  await expect(bar).toBeVisible();
  await expect(bar.getByRole('link', { name: '电话咨询' })).toHaveAttribute('href', 'tel:4008267588');
  await expect(bar.getByRole('link', { name: '在线留言' })).toHaveAttribute('href', '/home#lead');
  await page.screenshot({ path: `${SCREENSHOT_DIR}/home-carousel-375.png` });
  // With a WeChat QR code in the site settings, its button opens it (a <details>: no JavaScript needed).
  const qr = await page.request.post(fileUrls.upload, {
    multipart: {
      visibility: 'public',
      file: { name: '公众号.png', mimeType: 'image/png', buffer: await bannerPicture() },
    },
  });
  const wechatQrFileUuid = (await qr.json()).datas[0].fileUuid as string;
  const { updatedAt: _u, ...settings } = (await callAction(page.request, inquireSiteSettingsAdmin, {}))
    .datas[0];
  expect(
    (await callAction(page.request, updateSiteSettingsAdmin, { ...settings, wechatQrFileUuid })).success,
  ).toBe(true);
  await page.goto('/home');
  await page.locator('.consult-bar').getByText('微信咨询').click();
  await expect(page.locator('.consult-qr img')).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOT_DIR}/home-consult-qr-375.png` });
  await page.locator('.consult-bar').getByText('微信咨询').click();
  await expect(page.locator('.consult-qr img')).toBeHidden();
  // The second slide by its numbered link, without JavaScript's help.
  await page.locator('.banner-dots a').nth(1).click();
  await expect(page.locator('.banner-slide').nth(1)).toBeInViewport({ ratio: 0.9 });
  await page.screenshot({ path: `${SCREENSHOT_DIR}/home-full-375.png`, fullPage: true });

  // Hide the news section.
  await expect(page.locator('#home-news')).toHaveCount(1);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`${CONSOLE}#/site/home?tab=layout`);
  const visible = page.getByRole('switch', { name: '显示 新闻资讯' });
  await expect(visible).toBeChecked({ timeout: 30_000 });
  await visible.click();
  await page.getByRole('button', { name: /保\s?存/ }).click();
  await expect(page.getByText('首页布局已保存，网站页面已更新')).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOT_DIR}/home-layout-console-1440.png`, fullPage: true });

  await page.goto('/home');
  await expect(page.locator('.banner-slide').first()).toBeVisible();
  await expect(page.locator('#home-news')).toHaveCount(0);
  await expect(page.locator('#home-cases')).toHaveCount(1);

  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/home');
  await expect(page.locator('#home-news')).toHaveCount(0);
  await page.goto(`${CONSOLE}#/site/home?tab=layout`);
  await expect(page.getByRole('switch', { name: '显示 新闻资讯' })).not.toBeChecked({ timeout: 30_000 });
  await page.screenshot({ path: `${SCREENSHOT_DIR}/home-layout-console-375.png`, fullPage: true });
  await page.goto(`${CONSOLE}#/site/home`);
  await expect(page.getByText(TITLE)).toBeVisible({ timeout: 30_000 });
  await page.screenshot({ path: `${SCREENSHOT_DIR}/home-banners-console-375.png`, fullPage: true });

  // The news section back as it was: later tests on this worker's server read the home page's news.
  await page.goto(`${CONSOLE}#/site/home?tab=layout`);
  const hidden = page.getByRole('switch', { name: '显示 新闻资讯' });
  await expect(hidden).not.toBeChecked({ timeout: 30_000 });
  await hidden.click();
  await page.getByRole('button', { name: /保\s?存/ }).click();
  await expect(page.getByText('首页布局已保存，网站页面已更新')).toBeVisible();
  await page.goto('/home');
  await expect(page.locator('#home-news')).toHaveCount(1);
});
