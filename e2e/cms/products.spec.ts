import {
  type AdminProduct,
  inquireProductDetailSALEPPublic,
  inquireProductListAdmin,
  productDetailPath,
} from '@yuexun/contract';
import { CONSOLE, callAction, expect, loginAsAdmin, test } from './cms-test';

test('changing only a product price keeps its cover, tags and detail (console, API and site)', async ({
  page,
}) => {
  // The console's first load on a busy two-core machine takes a good part of the default minute.
  test.setTimeout(120_000);
  await loginAsAdmin(page);
  const listed = await callAction(page.request, inquireProductListAdmin, {
    status: 'published',
    pageSize: 100,
  });
  // A demo product with a cover, tags and a detail: everything a careless save used to clear.
  const before = (listed.datas as AdminProduct[]).find(
    (p) => p.coverFileUuid && p.tags.length > 0 && p.detailHtml.length > 0,
  );
  if (!before) throw new Error('the demo data has no product with cover, tags and detail');

  await page.goto(`${CONSOLE}#/content/products`);
  await page.getByLabel('关键词').fill(before.name);
  await page.getByRole('button', { name: /查\s?询/ }).click();
  const row = page.getByRole('row', { name: new RegExp(before.name) });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: /编\s?辑/ }).click();

  const drawer = page.getByRole('dialog', { name: '编辑产品' });
  // The drawer shows the cover it keeps.
  await expect(drawer.getByRole('img', { name: '封面图片' })).toBeVisible();
  await drawer.getByLabel('价格（元）').fill('7200.50');
  await drawer.getByRole('button', { name: /保\s?存/ }).click();
  await expect(drawer).toBeHidden();

  const after = (
    await callAction(page.request, inquireProductListAdmin, { keyword: before.name, pageSize: 100 })
  ).datas.find((p: AdminProduct) => p.id === before.id) as AdminProduct;
  expect(after).toMatchObject({
    priceFen: 720_050,
    coverFileUuid: before.coverFileUuid,
    galleryFileUuids: before.galleryFileUuids,
    tags: before.tags,
    detailHtml: before.detailHtml,
    specs: before.specs,
    summary: before.summary,
    version: before.version + 1,
  });
  await expect(row).toContainText('¥7200.50');

  const site = await callAction(page.request, inquireProductDetailSALEPPublic, { productId: before.id });
  expect(site.datas[0]).toMatchObject({
    priceFen: 720_050,
    coverFileUuid: before.coverFileUuid,
    tags: before.tags,
  });
  await page.goto(productDetailPath(before.id));
  await expect(page.locator('.product-detail img.cover')).toHaveAttribute(
    'src',
    new RegExp(before.coverFileUuid ?? 'none'),
  );
  for (const tag of before.tags) await expect(page.locator('.tag-list')).toContainText(tag.name);
  await expect(page.locator('.price-large')).toContainText('7,200.50');
});
