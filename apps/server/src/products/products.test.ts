import { SITE_ID } from '@yuexun/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, startServer, type TestServer } from '../../test/server';
import { dataFingerprint } from '../../test/snapshot';
import { product } from '../db/schema';

const TAGS = '/store/api/v1.0/inquireTagProductListSALEPPublic.json';
const DETAIL = '/store/api/v1.0/inquireProductDetailSALEPPublic.json';

describe.each(drivers)('price shop on %s', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(driver);
  });
  afterAll(() => server.close());

  it('lists tags, each with its published products priced in fen', async () => {
    const { body } = await server.post(TAGS, { siteId: SITE_ID });
    expect(body.success).toBe(true);
    expect(body.datas.length).toBeGreaterThanOrEqual(4);
    const productIds = new Set<number>();
    for (const tag of body.datas) {
      expect(tag.tagName).toMatch(/[\u4e00-\u9fff]/);
      for (const p of tag.products) {
        productIds.add(p.id);
        expect(Number.isInteger(p.priceFen)).toBe(true);
        expect(p.priceFen).toBeGreaterThan(0);
        expect(p.tags.map((t: { id: number }) => t.id)).toContain(tag.tagId);
      }
    }
    expect(productIds.size).toBeGreaterThanOrEqual(8);
    const drafts = await server.app.db
      .select({ id: product.id })
      .from(product)
      .where(eq(product.status, 'draft'));
    expect(drafts.length).toBeGreaterThan(0);
    for (const d of drafts) expect(productIds.has(d.id)).toBe(false);
  });

  it('filters to one tag', async () => {
    const all = (await server.post(TAGS, { siteId: SITE_ID })).body.datas;
    const { body } = await server.post(TAGS, { siteId: SITE_ID, tagId: all[1].tagId });
    expect(body.datas).toEqual([all[1]]);
  });

  it('answers a product with detail HTML, specs and tags', async () => {
    const first = (await server.post(TAGS, { siteId: SITE_ID })).body.datas[0].products[0];
    const { body } = await server.post(DETAIL, { siteId: SITE_ID, productId: first.id });
    expect(body.success).toBe(true);
    const detail = body.datas[0];
    expect(detail).toMatchObject({ id: first.id, name: first.name, priceFen: first.priceFen });
    expect(detail.detailHtml).toMatch(/<p>/);
    expect(detail.specs.length).toBeGreaterThan(0);
    expect(detail.specs[0]).toEqual({ name: expect.any(String), value: expect.any(String) });
  });

  it('hides a draft product and refuses bad ids without changing data', async () => {
    const [draft] = await server.app.db
      .select({ id: product.id })
      .from(product)
      .where(eq(product.status, 'draft'));
    const before = await dataFingerprint(server.app);
    const missing = await server.post(DETAIL, { siteId: SITE_ID, productId: draft?.id });
    expect(missing.body).toMatchObject({
      success: false,
      errorCode: 404,
      errorMessage: '产品不存在或已下架',
    });
    for (const productId of ['abc', '-1', "1'; delete from product;--", '']) {
      const { status, body } = await server.post(DETAIL, { siteId: SITE_ID, productId });
      expect(status).toBe(200);
      expect(body).toMatchObject({ success: false, errorCode: 400 });
      expect(body.errorMessage).toMatch(/产品编号/);
    }
    expect(await dataFingerprint(server.app)).toEqual(before);
  });
});
