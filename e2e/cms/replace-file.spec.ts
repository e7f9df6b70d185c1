/**
 * Issue 35 item 1 acceptance, in one flow (decisions 063, 064, 066): 20 pictures uploaded into a folder through
 * 素材库's bulk upload, a portrait among them given its focal point by a click in 替代文字与焦点, placed as a home
 * banner through 从素材库选择, keeps the face in the phone crop (computed object-position and the crop's pixels);
 * deleting it while in use is refused with the place named; 替换与历史版本 uploads a new version, and the site shows the new
 * picture at the same file address (a new v=), with the old one listed as a version that can be restored.
 * Screenshots at 1440 and 375 px of the dialog and of the home page.
 */

import { createHash } from 'node:crypto';
import type { Page } from '@playwright/test';
import {
  contentVersionOf,
  deleteBannerAdmin,
  inquireBannerListAdmin,
  inquireFileListAdmin,
} from '@yuexun/contract';
import sharp from 'sharp';
import { CONSOLE, callAction, confirmPopover, expect, loginAsAdmin, shotsIn, test } from './cms-test';
import { clickPictureAt, makePictures, uploadPicturesToFolder } from './media-library';

const shots = shotsIn('replace-file', 400);
/** About (50 %, 16.7 %): where a click on the face's centre lands, give or take the dialog's pixels. */
const FOCUS_SHOWN = /焦点位置：(4[6-9]|5[0-3])(\.\d)?% 1[4-9](\.\d)?%/;
const FOCUS_CSS = /^(4[6-9]|5[0-3])(\.\d+)?% 1[4-9](\.\d+)?%$/;

/** A tall grey picture with a coloured block near the top (the "face"), 600 × 1500. */
const portrait = (background: string) =>
  sharp({ create: { width: 600, height: 1500, channels: 3, background: '#9aa5b1' } })
    .composite([
      { input: { create: { width: 240, height: 240, channels: 3, background } }, left: 180, top: 130 },
    ])
    .png()
    .toBuffer();

/** How many pixels are clearly of the colour (red: channel 0, blue: channel 2). */
const pixelsOf = async (png: Buffer, channel: 0 | 2) => {
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  let count = 0;
  for (let i = 0; i < data.length; i += info.channels) {
    const [r, g, b] = [data[i] ?? 0, data[i + 1] ?? 0, data[i + 2] ?? 0];
    if ((channel === 0 ? r > 200 && b < 60 : b > 200 && r < 60) && g < 60) count += 1;
  }
  return count;
};

/** The phone banner's picture on the home page: its address, computed object-position, and the crop's pixels. */
const phoneBanner = async (page: Page, title: string) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/home');
  const img = page.locator('.banner-slide', { hasText: title }).locator('img');
  await img.scrollIntoViewIfNeeded();
  await expect.poll(() => img.evaluate((el) => Reflect.get(el, 'complete') === true)).toBe(true);
  const position = await img.evaluate((el) =>
    String(Reflect.get(globalThis, 'getComputedStyle')(el).objectPosition),
  );
  const chosen = String(await img.evaluate((el) => Reflect.get(el, 'currentSrc')));
  const crop = await (await page.request.get(chosen)).body();
  return { img, position, chosen, crop, screen: await img.screenshot() };
};

test('a placed picture is replaced at the same address, and deleting it while used is refused', async ({
  page,
}) => {
  test.slow();
  const name = `替换人像-${Date.now()}.png`;
  const title = `替换测试横幅 ${Date.now()}`;
  await loginAsAdmin(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  // 20 pictures into a folder of their own: 19 others and the portrait.
  const others = await makePictures(`校园活动-${Date.now()}`, 19);
  const folder = `横幅素材-${Date.now()}`;
  const portraitFile = { name, mimeType: 'image/png', buffer: await portrait('#ff0000') };
  const { uuids } = await uploadPicturesToFolder(page, folder, [...others, portraitFile]);
  expect(uuids).toHaveLength(20);
  const row = page.getByRole('row', { name: new RegExp(name.replace('.', '\\.')) });
  await page.getByLabel('文件名').fill(name);
  await page.getByRole('button', { name: /查\s?询/ }).click();
  await expect(row).toBeVisible();
  const picture = (await callAction(page.request, inquireFileListAdmin, { keyword: name })).datas[0];
  expect(picture.fileUuid).toBe(uuids[19]);
  // The focal point by a click on the face, whose centre is (300, 250) of 600 × 1500; the alt text is asked
  // for later by the library picker.
  await row.getByRole('button', { name: '替代文字与焦点' }).click();
  const focus = page.getByRole('dialog');
  const area = focus.getByTestId('focus-area').locator('img');
  await expect.poll(() => area.evaluate((el) => Reflect.get(el, 'complete') === true)).toBe(true);
  await clickPictureAt(page, area, { x: 0.5, y: 250 / 1500 }, focus.getByTestId('focus-value'), FOCUS_SHOWN);
  await focus.getByRole('button', { name: /保\s?存/ }).click();
  await expect(focus).toBeHidden();
  // Placed as a home banner through 从素材库选择 (search by name, alt text entered in place).
  await page.goto(`${CONSOLE}#/site/home`);
  await page.getByRole('button', { name: '新建横幅' }).click();
  const form = page.getByRole('dialog', { name: '新建横幅' });
  const library = page.getByRole('dialog', { name: '从素材库选择图片' });
  await form.getByRole('button', { name: '从素材库选择 电脑端图片' }).click();
  await library.getByLabel('按文件名搜索').fill(name);
  await library.getByLabel('按文件名搜索').press('Enter');
  await library.getByRole('button', { name }).click();
  await expect(library.getByTestId('library-alt')).toContainText('还没有替代文字');
  await shots(page, 'picker', async () => {
    await page.waitForTimeout(400);
  });
  await library.getByLabel('替代文字').fill('校长在校门口微笑');
  await library.getByRole('button', { name: '保存并使用' }).click();
  await expect(library).toBeHidden();
  await expect(form.getByRole('img', { name: '电脑端图片' })).toBeVisible();
  await form.getByRole('button', { name: '从素材库选择 手机端图片' }).click();
  await library.getByLabel('按文件名搜索').fill(name);
  await library.getByLabel('按文件名搜索').press('Enter');
  // It has alt text now: chosen at once.
  await library.getByRole('button', { name }).click();
  await expect(library).toBeHidden();
  await form.getByLabel('标题', { exact: true }).fill(title);
  await form.getByRole('button', { name: /保\s?存/ }).click();
  await expect(form).toBeHidden();
  const banners = await callAction(page.request, inquireBannerListAdmin, {});
  const banner = { datas: banners.datas.filter((b: { title: string }) => b.title === title) };
  expect(banner.datas).toHaveLength(1);
  expect(banner.datas[0]).toMatchObject({
    desktopFileUuid: picture.fileUuid,
    mobileFileUuid: picture.fileUuid,
  });

  try {
    const before = await phoneBanner(page, title);
    await expect(before.img).toHaveAttribute('alt', '校长在校门口微笑');
    expect(before.position).toMatch(FOCUS_CSS);
    expect(before.chosen).toContain(`fileUuid=${picture.fileUuid}`);
    expect(before.chosen).toContain('crop=banner-phone');
    expect(await pixelsOf(before.crop, 0)).toBeGreaterThan(10_000);
    expect(await pixelsOf(before.screen, 0)).toBeGreaterThan(5000);

    // Deleting it while the banner uses it: refused, naming the banner.
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${CONSOLE}#/content/files`);
    await page.getByLabel('文件名').fill(name);
    await page.getByRole('button', { name: /查\s?询/ }).click();
    await row.getByRole('button', { name: /删\s?除/ }).click();
    await confirmPopover(
      page,
      '有 1 处正在使用它',
      page.getByText(`文件正在使用，不能删除：首页横幅《${title}》`),
    );
    await expect(row).toBeVisible();

    // A new version through 替换与历史版本: a text file is refused for a picture, a picture is taken.
    await row.getByRole('button', { name: '替换与历史版本' }).click();
    const dialog = page.getByRole('dialog', { name: /替换与历史版本/ });
    await expect(dialog.getByText('还没有历史版本')).toBeVisible();
    await dialog.locator('input[type=file]').setInputFiles({
      name: '说明.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('只是一段文字\n'),
    });
    await expect(page.getByText(/图片只能替换为图片/)).toBeVisible();
    await dialog.locator('input[type=file]').setInputFiles({
      name: '新人像.png',
      mimeType: 'image/png',
      buffer: await portrait('#0000ff'),
    });
    await expect(page.getByText(`已替换“${name}”，地址不变`)).toBeVisible();
    await expect(dialog.getByRole('row')).toHaveCount(2);
    await expect(dialog.getByRole('button', { name: '恢复' })).toBeVisible();
    await shots(page, 'dialog', async () => {
      await page.waitForTimeout(400);
    });

    const after = await phoneBanner(page, title);
    const replaced = (await callAction(page.request, inquireFileListAdmin, { keyword: name })).datas[0];
    expect(replaced.fileUuid).toBe(picture.fileUuid);
    expect(after.chosen).toContain(`fileUuid=${picture.fileUuid}`);
    expect(after.chosen).not.toBe(before.chosen);
    expect(after.position).toBe(before.position);
    expect(await pixelsOf(after.crop, 2)).toBeGreaterThan(10_000);
    expect(await pixelsOf(after.crop, 0)).toBe(0);
    expect(await pixelsOf(after.screen, 2)).toBeGreaterThan(5000);
    const served = await page.request.get(`/fs/api/v1.0/viewPic.file?fileUuid=${picture.fileUuid}`);
    expect(served.headers()['cache-control']).toBe('public, no-cache');
    const sha = createHash('sha256')
      .update(await served.body())
      .digest('hex');
    expect(after.chosen).toContain(`v=${contentVersionOf(sha)}`);
    await shots(page, 'home-banner', async () => {
      await page.goto('/home');
      await page.locator('.banner-slide', { hasText: title }).scrollIntoViewIfNeeded();
      await page.waitForTimeout(400);
    });
  } finally {
    await callAction(page.request, deleteBannerAdmin, {
      bannerId: banner.datas[0].id,
      version: banner.datas[0].version,
    });
  }
});
