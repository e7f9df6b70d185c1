/**
 * 素材库 helpers for browser tests (decision 066): pictures made on the spot, and an upload of many of them into a
 * folder through the page's own bulk upload, waiting for every per-file progress bar to finish. Other specs (a
 * banner or picker test) reuse uploadPicturesToFolder to fill the library first.
 */
import { randomBytes } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { inquireFileFolderListAdmin, inquireFileListAdmin } from '@yuexun/contract';
import sharp from 'sharp';
import { CONSOLE, callAction, expect } from './cms-test';

export interface Picture {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/**
 * `count` PNG pictures named `${prefix}-01.png`…, each a different colour; `noisy` ones are random pixels (larger
 * than one upload chunk from 640 × 480), so the progress bars have steps to show.
 */
export const makePictures = async (
  prefix: string,
  count: number,
  { width = 480, height = 360, noisy = false } = {},
) =>
  Promise.all(
    Array.from({ length: count }, async (_, i): Promise<Picture> => {
      const hue = Math.round((i * 360) / count);
      const base = noisy
        ? sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
        : sharp({ create: { width, height, channels: 3, background: `hsl(${hue}, 70%, 55%)` } });
      return {
        name: `${prefix}-${String(i + 1).padStart(2, '0')}.png`,
        mimeType: 'image/png',
        buffer: await base.png().toBuffer(),
      };
    }),
  );

/** Opens 素材库 and chooses the folder (made through the page's 新建文件夹 when it does not exist yet). */
export const openFolder = async (page: Page, folder: string) => {
  await page.goto(`${CONSOLE}#/content/files`);
  const tree = page.getByRole('region', { name: '文件夹' });
  await expect(tree.getByText('全部文件')).toBeVisible();
  const existing = await callAction(page.request, inquireFileFolderListAdmin, {});
  if (!existing.datas.some((f: { name: string }) => f.name === folder)) {
    await tree.getByText('全部文件').click();
    await tree.getByRole('button', { name: '新建文件夹' }).click();
    const dialog = page.getByRole('dialog', { name: '新建文件夹' });
    await dialog.getByLabel('文件夹名称').fill(folder);
    await dialog.getByRole('button', { name: /确\s?定|OK/ }).click();
    await expect(dialog).toBeHidden();
  }
  await tree.getByText(new RegExp(`^${folder} \\(\\d+\\)$`)).click();
  await expect(tree.locator('.ant-tree-node-selected', { hasText: folder })).toBeVisible();
};

/**
 * Uploads the pictures into the folder from 素材库's 上传文件, waits until each file's progress bar says done,
 * and answers the stored files' uuids by name (checked on the server: all of them in that folder).
 */
export const uploadPicturesToFolder = async (
  page: Page,
  folder: string,
  pictures: Picture[],
  whileUploading?: (panel: Locator) => Promise<void>,
) => {
  await openFolder(page, folder);
  await page.locator('input[type=file]').setInputFiles(pictures);
  const panel = page.getByTestId('upload-progress');
  await expect(panel.getByText(`上传到：${folder}`)).toBeVisible();
  // One bar per file.
  await expect(panel.locator('.ant-progress')).toHaveCount(pictures.length);
  if (whileUploading) await whileUploading(panel);
  await expect(panel.getByText(`${pictures.length}/${pictures.length} 个已完成`)).toBeVisible({
    timeout: 60_000,
  });
  const folders = await callAction(page.request, inquireFileFolderListAdmin, {});
  const folderId = folders.datas.find((f: { name: string }) => f.name === folder).folderId as number;
  const listed = await callAction(page.request, inquireFileListAdmin, { folderId, pageSize: 100 });
  const byName = new Map<string, string>(
    listed.datas.map((f: { fileName: string; fileUuid: string }) => [f.fileName, f.fileUuid]),
  );
  for (const p of pictures) expect(byName.has(p.name), `${p.name} in ${folder}`).toBe(true);
  return { folderId, uuids: pictures.map((p) => byName.get(p.name) as string) };
};

/**
 * Where an element is once it has stopped moving: a dialog opens with a zoom, so a box read too early is off by
 * the animation (a click meant for a focal point lands elsewhere, seen on a loaded machine).
 */
const settledBox = async (locator: Locator) => {
  let box = await locator.boundingBox();
  await expect
    .poll(
      async () => {
        const next = await locator.boundingBox();
        const same = next !== null && JSON.stringify(next) === JSON.stringify(box);
        box = next;
        return same;
      },
      { intervals: [150] },
    )
    .toBe(true);
  if (!box) throw new Error('the element has no box');
  return box;
};

/**
 * Clicks a point of a picture (fractions of its box) until `shown` says `expected`: on a loaded machine a click
 * can still be lost while the dialog settles. Clicking the same point again changes nothing, so a retry is safe.
 */
export const clickPictureAt = (
  page: Page,
  picture: Locator,
  at: { x: number; y: number },
  shown: Locator,
  expected: RegExp,
) =>
  expect(async () => {
    const box = await settledBox(picture);
    await page.mouse.click(box.x + box.width * at.x, box.y + box.height * at.y);
    await expect(shown).toHaveText(expected, { timeout: 3_000 });
  }).toPass({ timeout: 60_000 });
