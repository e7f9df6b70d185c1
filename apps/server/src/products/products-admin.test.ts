import {
  actionPath,
  createProductAdmin,
  createProductTagAdmin,
  deleteProductAdmin,
  deleteProductTagAdmin,
  inquireProductDetailSALEPPublic,
  inquireProductListAdmin,
  inquireProductTagListAdmin,
  SITE_ID,
  updateProductAdmin,
  updateProductTagAdmin,
} from '@yuexun/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminSessions, adminSessions, only, requestKey } from '../../test/admin';
import { drivers, startServer, type TestServer } from '../../test/server';
import { dataFingerprint } from '../../test/snapshot';
import { product } from '../db/schema';

const fields = (overrides: Record<string, unknown> = {}) => ({
  name: '悦讯电子班牌（壁挂款）',
  summary: '班级文化展示与考勤一体',
  price: '3299.90',
  priceUnit: '台',
  detailHtml: '<h2>参数</h2><p onclick="x()">21.5 英寸</p>',
  specs: [{ name: '屏幕', value: '21.5 英寸' }],
  status: 'published',
  tagIds: [],
  requestKey: requestKey(),
  ...overrides,
});

describe.each(drivers)('product management on %s', (driver) => {
  let server: TestServer;
  let s: AdminSessions;
  beforeAll(async () => {
    server = await startServer(driver);
    s = await adminSessions(server);
  });
  afterAll(() => server.close());

  it('stores a yuan price as integer fen, sanitises the detail, links tags; the shop shows it', async () => {
    const tag = only(await s.asAdmin(createProductTagAdmin, { name: '智慧班牌', requestKey: requestKey() }));
    const created = only(await s.asAdmin(createProductAdmin, fields({ tagIds: [tag.id] })));
    expect(created).toMatchObject({
      priceFen: 329_990,
      detailHtml: '<h2>参数</h2><p>21.5 英寸</p>',
      version: 1,
    });
    expect(created.tags).toEqual([{ id: tag.id, name: '智慧班牌' }]);
    const shop = await server.post(actionPath(inquireProductDetailSALEPPublic), {
      siteId: SITE_ID,
      productId: created.id,
    });
    expect(shop.body.datas[0]).toMatchObject({ priceFen: 329_990, name: '悦讯电子班牌（壁挂款）' });
    const tags = await s.asAdmin(inquireProductTagListAdmin);
    expect(tags.body.datas.find((t: { id: number }) => t.id === tag.id)).toMatchObject({ productCount: 1 });
  });

  it('takes 0.1 + 0.2 style prices exactly: "0.30" is 30 fen, "19800" is 1 980 000', async () => {
    const a = only(await s.asAdmin(createProductAdmin, fields({ name: '价格甲', price: '0.30' })));
    const b = only(await s.asAdmin(createProductAdmin, fields({ name: '价格乙', price: '19800' })));
    expect([a.priceFen, b.priceFen]).toEqual([30, 1_980_000]);
  });

  it('makes one product from a double-submitted create', async () => {
    const input = fields({ name: '双击产品' });
    const [x, y] = await Promise.all([
      s.asAdmin(createProductAdmin, input),
      s.asAdmin(createProductAdmin, input),
    ]);
    expect(only(x).id).toBe(only(y).id);
    expect(await server.app.db.select().from(product).where(eq(product.name, '双击产品'))).toHaveLength(1);
  });

  it('updates with the current version, refuses a stale one with 409', async () => {
    const created = only(await s.asAdmin(createProductAdmin, fields({ name: '改价产品' })));
    const updated = only(
      await s.asAdmin(updateProductAdmin, {
        ...fields({ name: '改价产品', price: '2999' }),
        productId: created.id,
        version: 1,
      }),
    );
    expect(updated).toMatchObject({ priceFen: 299_900, version: 2 });
    const before = await dataFingerprint(server.app);
    const stale = await s.asAdmin(updateProductAdmin, {
      ...fields({ price: '1' }),
      productId: created.id,
      version: 1,
    });
    expect(stale.body).toMatchObject({ success: false, errorCode: 409 });
    expect(await dataFingerprint(server.app)).toEqual(before);
    expect(only(await s.asAdmin(deleteProductAdmin, { productId: created.id, version: 2 }))).toEqual({
      id: created.id,
    });
  });

  it('answers 400 with field messages for bad prices and input, storing nothing', async () => {
    const before = await dataFingerprint(server.app);
    for (const price of ['12.345', '-1', '1e5', 'abc', '', '10000000'])
      expect((await s.asAdmin(createProductAdmin, fields({ price }))).body.errors, price).toEqual(
        expect.arrayContaining([expect.objectContaining({ field: 'price' })]),
      );
    const bad = await s.asAdmin(
      createProductAdmin,
      fields({ name: '', status: 'sold', tagIds: 'x', specs: 'nonsense' }),
    );
    expect(bad.body.errors.map((e: { field: string }) => e.field)).toEqual(
      expect.arrayContaining(['name', 'status', 'tagIds.0', 'specs']),
    );
    const unknownTag = await s.asAdmin(createProductAdmin, fields({ tagIds: [99999] }));
    expect(unknownTag.body.errors).toEqual([{ field: 'tagIds', message: '产品标签不存在' }]);
    expect(await dataFingerprint(server.app)).toEqual(before);
  });

  it('filters the list by keyword, status and tag', async () => {
    only(await s.asAdmin(createProductAdmin, fields({ name: '筛选草稿产品', status: 'draft' })));
    const drafts = await s.asAdmin(inquireProductListAdmin, { keyword: '筛选草稿', status: 'draft' });
    expect(drafts.body.datas.map((p: { name: string }) => p.name)).toEqual(['筛选草稿产品']);
    const [firstTag] = (await s.asAdmin(inquireProductTagListAdmin)).body.datas;
    const byTag = await s.asAdmin(inquireProductListAdmin, { tagId: firstTag.id });
    expect(byTag.body.totalRecordCount).toBe(firstTag.productCount);
  });

  it('renames a tag, refuses a duplicate name, deletes it leaving its products', async () => {
    const tag = only(await s.asAdmin(createProductTagAdmin, { name: '临时标签', requestKey: requestKey() }));
    const dup = await s.asAdmin(createProductTagAdmin, { name: '临时标签', requestKey: requestKey() });
    expect(dup.body.errors).toEqual([{ field: 'name', message: '已有同名标签' }]);
    const renamed = only(
      await s.asAdmin(updateProductTagAdmin, { tagId: tag.id, name: '改名标签', version: 1 }),
    );
    expect(renamed).toMatchObject({ name: '改名标签', version: 2 });
    const p = only(await s.asAdmin(createProductAdmin, fields({ name: '带标签产品', tagIds: [tag.id] })));
    expect(only(await s.asAdmin(deleteProductTagAdmin, { tagId: tag.id, version: 2 }))).toEqual({
      id: tag.id,
    });
    const after = await s.asAdmin(inquireProductListAdmin, { keyword: '带标签产品' });
    expect(after.body.datas[0]).toMatchObject({ id: p.id, tags: [] });
  });
});
