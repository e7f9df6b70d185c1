/**
 * Issue 35 item 1, organising (decision 066): 20 pictures uploaded into a folder of 素材库 with a progress bar per
 * file over a weak network (each chunk answered slowly, one chunk lost on the way and resumed), some tagged and
 * some moved in bulk, then found by tag. Screenshots at 1440 and 375 px of the uploads, the bulk tag dialog and
 * the search by tag.
 */
import { join } from 'node:path';
import { fileChunkUpload, inquireFileFolderListAdmin, inquireFileListAdmin } from '@yuexun/contract';
import { callAction, expect, loginAsAdmin, pickOption, SCREENSHOT_DIR, shotsIn, test } from './cms-test';
import { makePictures, uploadPicturesToFolder } from './media-library';

const shots = shotsIn('media-library', 400);

test('20 pictures go into a folder with a progress bar each, are tagged and moved in bulk, and are found by tag', async ({
  page,
}) => {
  test.slow();
  const run = Date.now().toString(36);
  const folder = `开学典礼-${run}`;
  const tag = `典礼-${run}`;
  await loginAsAdmin(page);
  await page.setViewportSize({ width: 1440, height: 900 });

  // A weak network: every chunk takes a while, and the first try of one file's second chunk is cut off.
  let cut = false;
  await page.route(`**${fileChunkUpload.path}?**`, async (route) => {
    const url = new URL(route.request().url());
    if (route.request().method() !== 'POST') return route.continue();
    await new Promise((resolve) => setTimeout(resolve, 150));
    if (!cut && url.searchParams.get('name')?.endsWith('-03.png') && url.searchParams.get('offset') !== '0') {
      cut = true;
      return route.abort('connectionreset');
    }
    return route.continue();
  });

  const pictures = await makePictures(`典礼照片-${run}`, 20, { noisy: true, width: 640, height: 480 });
  expect(pictures.every((p) => p.buffer.length > 512 * 1024)).toBe(true);
  const { folderId, uuids } = await uploadPicturesToFolder(page, folder, pictures, async (panel) => {
    await expect(panel.locator('.ant-progress-status-active').first()).toBeVisible();
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'media-library', 'uploading-1440.png') });
  });
  expect(cut).toBe(true);
  await shots(page, 'uploaded');

  // A second folder to move some into, made beside the first.
  const tree = page.getByRole('region', { name: '文件夹' });
  await tree.getByText('全部文件').click();
  await tree.getByRole('button', { name: '新建文件夹' }).click();
  const create = page.getByRole('dialog', { name: '新建文件夹' });
  await create.getByLabel('文件夹名称').fill(`精选-${run}`);
  await create.getByRole('button', { name: /确\s?定|OK/ }).click();
  await expect(create).toBeHidden();
  await tree.getByText(new RegExp(`^${folder} \\(20\\)$`)).click();

  // Tag five in bulk.
  const row = (n: number) =>
    page.getByRole('row', { name: new RegExp(`典礼照片-${run}-${String(n).padStart(2, '0')}`) });
  for (const n of [16, 17, 18, 19, 20]) await row(n).getByRole('checkbox').check();
  await expect(page.getByText('已选 5 个文件')).toBeVisible();
  await page.getByRole('button', { name: /^标\s?签$/ }).click();
  const tagging = page.getByRole('dialog', { name: '给 5 个文件打标签' });
  await tagging.getByLabel('添加标签').fill(tag);
  await tagging.getByLabel('添加标签').press('Enter');
  await shots(page, 'bulk-tag');
  await tagging.getByRole('button', { name: /确\s?定|OK/ }).click();
  await expect(page.getByText('已更新 5 个文件的标签')).toBeVisible();
  await expect(row(20).getByText(tag)).toBeVisible();

  // Move three (one of them tagged) in bulk.
  for (const n of [14, 15, 16]) await row(n).getByRole('checkbox').check();
  await page.getByRole('button', { name: '移动到文件夹' }).click();
  const moving = page.getByRole('dialog', { name: '把 3 个文件移动到' });
  await moving.getByLabel('文件夹').click();
  await pickOption(moving, page.locator('.ant-select-tree-title', { hasText: `精选-${run}` }), `精选-${run}`);
  await moving.getByRole('button', { name: /确\s?定|OK/ }).click();
  await expect(page.getByText('已移动 3 个文件')).toBeVisible();
  await expect(tree.getByText(new RegExp(`^${folder} \\(17\\)$`))).toBeVisible();
  await expect(tree.getByText(new RegExp(`^精选-${run} \\(3\\)$`))).toBeVisible();

  // Search by tag across all folders: the five tagged, wherever they are now.
  await tree.getByText('全部文件').click();
  // The progress panel still says where those files went, not the folder browsed now.
  await expect(page.getByTestId('upload-progress').getByText(`上传到：${folder}`)).toBeVisible();
  await page.getByLabel('标签', { exact: true }).click();
  await page.locator('.ant-select-item-option', { hasText: tag }).click();
  await page.getByRole('button', { name: /查\s?询/ }).click();
  await expect(page.locator('.ant-table-row')).toHaveCount(5);
  await shots(page, 'by-tag');

  const byTag = await callAction(page.request, inquireFileListAdmin, { tag, pageSize: 100 });
  expect(byTag.datas.map((f: { fileUuid: string }) => f.fileUuid).sort()).toEqual(uuids.slice(15).sort());
  const folders = await callAction(page.request, inquireFileFolderListAdmin, {});
  const counts = Object.fromEntries(
    folders.datas.map((f: { folderId: number; fileCount: number }) => [f.folderId, f.fileCount]),
  );
  expect(counts[folderId]).toBe(17);
});
