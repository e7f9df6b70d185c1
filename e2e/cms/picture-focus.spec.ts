/**
 * Issue 35 item 1, per picture (decision 063): on 文件管理 a click on a portrait marks its focal point and the
 * alt text is typed; placed as a home banner's phone picture, the site's phone banner is cropped around that
 * point (the server's banner-phone crop, computed object-position, the marked red block on screen) and says the alt text.
 * Screenshots at 1440 and 375 px of the dialog and of the home page.
 */
import { createBannerAdmin, inquireFileListAdmin } from '@yuexun/contract';
import sharp from 'sharp';
import { CONSOLE, callAction, expect, loginAsAdmin, shotsIn, test } from './cms-test';
import { clickPictureAt } from './media-library';

const shots = shotsIn('picture-focus', 400);

/** A tall grey picture with a red block near the top (the "face"), 600 × 1500. */
const portrait = () =>
  sharp({ create: { width: 600, height: 1500, channels: 3, background: '#9aa5b1' } })
    .composite([
      {
        input: { create: { width: 240, height: 240, channels: 3, background: '#ff0000' } },
        left: 180,
        top: 130,
      },
    ])
    .png()
    .toBuffer();

/** How many pixels of an element's screenshot are clearly red. */
const redPixels = async (png: Buffer) => {
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  let red = 0;
  for (let i = 0; i < data.length; i += info.channels)
    if ((data[i] ?? 0) > 200 && (data[i + 1] ?? 255) < 60 && (data[i + 2] ?? 255) < 60) red += 1;
  return red;
};

test('a focal point set on the files page keeps the face in the phone banner', async ({ page }) => {
  test.slow();
  const name = `校长肖像-${Date.now()}.png`;
  await loginAsAdmin(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`${CONSOLE}#/content/files`);
  await page
    .locator('input[type=file]')
    .setInputFiles({ name, mimeType: 'image/png', buffer: await portrait() });
  const row = page.getByRole('row', { name: new RegExp(name.replace('.', '\\.')) });
  await expect(row.getByText('缺少替代文字')).toBeVisible();

  await row.getByRole('button', { name: '替代文字与焦点' }).click();
  const dialog = page.getByRole('dialog');
  const area = dialog.getByTestId('focus-area').locator('img');
  await expect(area).toBeVisible();
  await expect(dialog.getByTestId('focus-value')).toHaveText('焦点位置：50% 50%');
  await expect.poll(() => area.evaluate((el) => Number(Reflect.get(el, 'naturalWidth')))).toBe(600);
  // The red block's centre: (300, 250) of 600 × 1500.
  await clickPictureAt(
    page,
    area,
    { x: 0.5, y: 250 / 1500 },
    dialog.getByTestId('focus-value'),
    /焦点位置：(4[6-9]|5[0-3])(\.\d)?% 1[4-9](\.\d)?%/,
  );
  await dialog.getByLabel('替代文字').fill('校长在校门口微笑');
  await shots(page, 'dialog');
  await dialog.getByRole('button', { name: /保\s?存/ }).click();
  await expect(dialog).toBeHidden();
  await expect(row.getByText('缺少替代文字')).toBeHidden();

  const listed = await callAction(page.request, inquireFileListAdmin, { keyword: name });
  const picture = listed.datas[0];
  expect(picture.altText).toBe('校长在校门口微笑');
  expect(picture.focusY).toBeGreaterThan(0.14);
  expect(picture.focusY).toBeLessThan(0.19);
  const created = await callAction(page.request, createBannerAdmin, {
    title: '焦点测试横幅',
    desktopFileUuid: picture.fileUuid,
    mobileFileUuid: picture.fileUuid,
    enabled: 'true',
    sortOrder: 0,
    requestKey: crypto.randomUUID(),
  });
  expect(created.success).toBe(true);

  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/home');
  const slide = page.locator('.banner-slide', { hasText: '焦点测试横幅' });
  const img = slide.locator('img');
  await expect(img).toHaveAttribute('alt', '校长在校门口微笑');
  await img.scrollIntoViewIfNeeded();
  await expect.poll(() => img.evaluate((el) => Reflect.get(el, 'complete') === true)).toBe(true);
  const position = await img.evaluate((el) =>
    String(Reflect.get(globalThis, 'getComputedStyle')(el).objectPosition),
  );
  expect(position).toBe(
    `${Math.round(picture.focusX * 1000) / 10}% ${Math.round(picture.focusY * 1000) / 10}%`,
  );
  // The phone crop (375 × 380 of a 600 × 1500 picture) shows the red block; centred, it would not.
  expect(await redPixels(await img.screenshot())).toBeGreaterThan(5000);
  // The browser took the server's phone crop, drawn around the point: the block is in its pixels too.
  const chosen = String(await img.evaluate((el) => Reflect.get(el, 'currentSrc')));
  expect(chosen).toContain('crop=banner-phone');
  const crop = await page.request.get(chosen);
  expect(await redPixels(await crop.body())).toBeGreaterThan(10_000);
  await page.reload();
  await slide.scrollIntoViewIfNeeded();
  await shots(page, 'home-banner', async () => {
    await slide.scrollIntoViewIfNeeded();
    await page.waitForTimeout(400);
  });
});
