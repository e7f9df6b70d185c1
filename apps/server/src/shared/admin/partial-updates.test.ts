/**
 * Partial updates: a save changes only the fields it sends. A console form that does not show the
 * cover (or the tags, or the detail) must never clear them; clearing takes an explicit empty value.
 */
import {
  actionPath,
  createArticleAdmin,
  createProductAdmin,
  createProductTagAdmin,
  inquireProductDetailSALEPPublic,
  SITE_ID,
  updateArticleAdmin,
  updateProductAdmin,
  updateProductTagAdmin,
} from '@yuexun/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs } from '../../../test/accounts';
import { type AdminSessions, adminSessions, only, requestKey, uploadPng } from '../../../test/admin';
import { drivers, startServer, type TestServer } from '../../../test/server';
import { dataFingerprint } from '../../../test/snapshot';

describe.each(drivers)('partial updates on %s', (driver) => {
  let server: TestServer;
  let s: AdminSessions;
  beforeAll(async () => {
    server = await startServer(driver);
    s = await adminSessions(server);
  });
  afterAll(() => server.close());

  const newProduct = async () => {
    const [cover, extra] = await Promise.all([
      uploadPng(server, s.adminSid, '班牌封面.png'),
      uploadPng(server, s.adminSid, '班牌图集.png'),
    ]);
    const tag = only(
      await s.asAdmin(createProductTagAdmin, {
        name: `标签${requestKey().slice(0, 6)}`,
        requestKey: requestKey(),
      }),
    );
    const created = only(
      await s.asAdmin(createProductAdmin, {
        name: '电子班牌',
        summary: '考勤与展示',
        price: '3299',
        priceUnit: '台',
        coverFileUuid: cover.fileUuid,
        galleryFileUuids: [extra.fileUuid],
        detailHtml: '<p>21.5 英寸</p>',
        specs: [{ name: '屏幕', value: '21.5 英寸' }],
        status: 'published',
        tagIds: [tag.id],
        requestKey: requestKey(),
      }),
    );
    return { created, cover, extra, tag };
  };

  it('a price-only update keeps the cover, gallery, tags, detail and specs (console and site)', async () => {
    const { created, cover, extra, tag } = await newProduct();
    const updated = only(
      await s.asAdmin(updateProductAdmin, { productId: created.id, version: 1, price: '3599.50' }),
    );
    expect(updated).toMatchObject({
      priceFen: 359_950,
      coverFileUuid: cover.fileUuid,
      galleryFileUuids: [extra.fileUuid],
      detailHtml: '<p>21.5 英寸</p>',
      summary: '考勤与展示',
      specs: [{ name: '屏幕', value: '21.5 英寸' }],
      tags: [{ id: tag.id, name: tag.name }],
      version: 2,
    });
    // Form-encoded like the original clients: an absent field is just as absent.
    const form = await callAs(
      server,
      updateProductAdmin,
      s.adminSid,
      { productId: created.id, version: 2, name: '电子班牌（壁挂款）' },
      'cookie',
    );
    expect(form.body.success, form.text).toBe(true);
    const site = await server.post(actionPath(inquireProductDetailSALEPPublic), {
      siteId: SITE_ID,
      productId: created.id,
    });
    expect(site.body.datas[0]).toMatchObject({
      name: '电子班牌（壁挂款）',
      priceFen: 359_950,
      coverFileUuid: cover.fileUuid,
      galleryFileUuids: [extra.fileUuid],
      tags: [{ id: tag.id, name: tag.name }],
      detailHtml: '<p>21.5 英寸</p>',
    });
  });

  it('clears the cover, summary, gallery and tags only when sent empty', async () => {
    const { created } = await newProduct();
    const cleared = only(
      await s.asAdmin(updateProductAdmin, {
        productId: created.id,
        version: 1,
        coverFileUuid: null,
        summary: '',
        galleryFileUuids: [],
        tagIds: [],
      }),
    );
    expect(cleared).toMatchObject({
      coverFileUuid: null,
      summary: '',
      galleryFileUuids: [],
      tags: [],
      detailHtml: '<p>21.5 英寸</p>',
    });
  });

  it('refuses an unknown cover or gallery picture and a stale version, changing nothing', async () => {
    const { created } = await newProduct();
    const before = await dataFingerprint(server.app);
    const unknown = '0123456789abcdef0123456789abcdef';
    const badCover = await s.asAdmin(updateProductAdmin, {
      productId: created.id,
      version: 1,
      coverFileUuid: unknown,
    });
    expect(badCover.body.errors).toEqual([{ field: 'coverFileUuid', message: expect.any(String) }]);
    const badGallery = await s.asAdmin(updateProductAdmin, {
      productId: created.id,
      version: 1,
      galleryFileUuids: ['not a uuid'],
    });
    expect(badGallery.body).toMatchObject({ success: false, errorCode: 400 });
    const stale = await s.asAdmin(updateProductAdmin, { productId: created.id, version: 7, price: '1' });
    expect(stale.body).toMatchObject({
      success: false,
      errorCode: 409,
      errorMessage: expect.stringContaining('数据已被他人修改'),
    });
    expect(await dataFingerprint(server.app)).toEqual(before);
  });

  it('an article update without coverFileUuid, tags or body keeps them; status absent keeps it live', async () => {
    const cover = await uploadPng(server, s.adminSid, '新闻封面.png');
    const created = only(
      await s.asAdmin(createArticleAdmin, {
        categoryId: 1881,
        title: '开学典礼',
        summary: '新学期',
        bodyHtml: '<p>全体师生</p>',
        coverFileUuid: cover.fileUuid,
        tags: ['校园'],
        author: '校办',
        status: 'published',
        requestKey: requestKey(),
      }),
    );
    const updated = only(
      await s.asAdmin(updateArticleAdmin, { articleId: created.id, version: 1, title: '开学典礼隆重举行' }),
    );
    expect(updated).toMatchObject({
      title: '开学典礼隆重举行',
      summary: '新学期',
      bodyHtml: '<p>全体师生</p>',
      coverFileUuid: cover.fileUuid,
      tags: ['校园'],
      author: '校办',
      status: 'published',
      live: true,
      publishTime: created.publishTime,
    });
    const cleared = only(
      await s.asAdmin(updateArticleAdmin, {
        articleId: created.id,
        version: 2,
        author: '',
        coverFileUuid: '',
      }),
    );
    expect(cleared).toMatchObject({ author: '', coverFileUuid: null, summary: '新学期' });
  });

  it('a tag update without a name keeps the name', async () => {
    const tag = only(await s.asAdmin(createProductTagAdmin, { name: '排序标签', requestKey: requestKey() }));
    const updated = only(await s.asAdmin(updateProductTagAdmin, { tagId: tag.id, version: 1, sort: 5 }));
    expect(updated).toMatchObject({ name: '排序标签', sort: 5, version: 2 });
  });
});
