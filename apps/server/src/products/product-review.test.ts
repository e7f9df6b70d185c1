/**
 * Review before publishing for products (docs/decisions/069) through the real server, as article-review.test.ts
 * does for articles: a 撰稿人 (products.write without products.publish) cannot put a product on the shelf and
 * submits instead; a product on the shelf keeps its price on the site until a 内容编辑 approves; a return carries
 * a comment to the writer's bell; a product saved after its submission is not approved (409 naming the fields);
 * approving one's own submission follows the site setting; every step is on the product's history and in the
 * audit log.
 */
import {
  type ActionDef,
  actionPath,
  approveProductReviewAdmin,
  createProductAdmin,
  inquireAuditLogListAdmin,
  inquireProductDetailSALEPPublic,
  inquireProductListAdmin,
  inquireProductReviewDetailAdmin,
  inquireProductReviewListAdmin,
  inquireRevisionListAdmin,
  inquireSiteSettingsAdmin,
  inquireStaffNoticeListAccount,
  messages,
  productDetailPath,
  returnProductReviewAdmin,
  SITE_ID,
  type StaffNoticeList,
  submitProductReviewAdmin,
  updateProductAdmin,
  updateSiteSettingsAdmin,
} from '@yuexun/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs } from '../../test/accounts';
import { only, requestKey } from '../../test/admin';
import { colleagueWithRole, vendorAdminSession } from '../../test/roles';
import { drivers, startServer, type TestServer } from '../../test/server';
import { dataFingerprint } from '../../test/snapshot';

const product = (name: string, overrides: Record<string, unknown> = {}) => ({
  name,
  summary: '审核流程测试产品',
  price: '19800',
  priceUnit: '校/年',
  status: 'draft',
  specs: [],
  tagIds: [],
  galleryFileUuids: [],
  detailHtml: '<p>第一版详情：覆盖全区学校的智慧校园平台。</p>',
  requestKey: requestKey(),
  ...overrides,
});

describe.each(drivers)('product review before publishing on %s', (driver) => {
  let server: TestServer;
  let adminSid: string;
  let writerSid: string;
  let editorSid: string;
  beforeAll(async () => {
    server = await startServer(driver);
    adminSid = (await vendorAdminSession(server)).sid;
    writerSid = (await colleagueWithRole(server, adminSid, 'writer', '产品撰稿人')).sid;
    editorSid = (await colleagueWithRole(server, adminSid, 'editor', '产品审核编辑')).sid;
  });
  afterAll(() => server.close());

  const as =
    (sid: string) =>
    (def: ActionDef, body: Record<string, unknown> = {}) =>
      callAs(server, def, sid, body, 'cookie', { json: true });
  const writer = (def: ActionDef, body?: Record<string, unknown>) => as(writerSid)(def, body);
  const editor = (def: ActionDef, body?: Record<string, unknown>) => as(editorSid)(def, body);
  const admin = (def: ActionDef, body?: Record<string, unknown>) => as(adminSid)(def, body);

  /** What a visitor's product page says, and the public detail's price. */
  const page = async (id: number) => (await fetch(`${server.url}${productDetailPath(id)}`)).text();
  const shelfPrice = async (id: number) =>
    (await server.post(actionPath(inquireProductDetailSALEPPublic), { siteId: SITE_ID, productId: id })).body
      .datas[0].priceFen as number;
  const auditActions = async (productId: number) =>
    (
      (await admin(inquireAuditLogListAdmin, { targetType: 'product', targetId: String(productId) })).body
        .datas as { action: string }[]
    ).map((e) => e.action);
  const historyKinds = async (productId: number) =>
    (
      (await admin(inquireRevisionListAdmin, { targetType: 'product', targetId: productId })).body.datas as {
        kind: string;
      }[]
    ).map((r) => r.kind);
  const bell = async (sid: string): Promise<StaffNoticeList> =>
    only(await as(sid)(inquireStaffNoticeListAccount));
  const adminDetail = async (id: number) =>
    (
      (await admin(inquireProductListAdmin, { productId: id, pageIndex: 1, pageSize: 100 })).body.datas as {
        id: number;
        status: string;
        priceFen: number;
        name: string;
        version: number;
      }[]
    )[0];

  it('the product list answers one product by its id (where a notice leads)', async () => {
    const made = only(await admin(createProductAdmin, product('按编号找到的产品')));
    const listed = await admin(inquireProductListAdmin, { productId: made.id, pageIndex: 1, pageSize: 10 });
    expect(listed.body).toMatchObject({
      totalRecordCount: 1,
      datas: [{ id: made.id, name: '按编号找到的产品' }],
    });
  });

  it('a writer cannot put a product on the shelf nor change one there: 403, and nothing changes', async () => {
    const before = await dataFingerprint(server.app);
    const refused = await writer(createProductAdmin, product('撰稿人直接上架', { status: 'published' }));
    expect(refused.body).toMatchObject({
      errorCode: 403,
      errorMessage: messages.permissionMissing('products.publish'),
    });
    expect(await dataFingerprint(server.app)).toEqual(before);
    const live = only(
      await admin(createProductAdmin, product('货架上的产品不许直接改', { status: 'published' })),
    );
    const answer = await writer(updateProductAdmin, {
      productId: live.id,
      version: live.version,
      price: '1',
    });
    expect(answer.body).toMatchObject({ errorCode: 403 });
  });

  it('submit → the queue → approve puts it on the shelf; history, audit and bells say so', async () => {
    const made = only(await writer(createProductAdmin, product('审核后上架的产品')));
    const submitted = only(
      await writer(submitProductReviewAdmin, {
        productId: made.id,
        version: made.version,
        price: '25800',
        detailHtml: '<p>第二版详情：覆盖全市学校。</p>',
      }),
    );
    expect(submitted).toMatchObject({ productId: made.id, state: 'pending', title: '审核后上架的产品' });
    // Saved as 未上架 with what was sent, and not on the site.
    expect(await adminDetail(made.id)).toMatchObject({ status: 'draft', priceFen: 2_580_000 });
    expect(await page(made.id)).not.toContain('第二版详情');
    const again = await writer(submitProductReviewAdmin, { productId: made.id, version: made.version + 1 });
    expect(again.body).toMatchObject({ errorCode: 409, errorMessage: messages.productReviewAlreadyPending });

    const queue = await editor(inquireProductReviewListAdmin, { state: 'pending' });
    expect(queue.body.datas.map((r: { id: number }) => r.id)).toContain(submitted.id);
    expect((await bell(editorSid)).notices[0]).toMatchObject({
      kind: 'review-submitted',
      title: '《审核后上架的产品》待审核',
      body: '产品撰稿人 提交了审核，请在 文章管理 → 待审核 → 产品 中通过或退回',
      link: '/content/articles?tab=review&kind=product',
    });
    const detail = only(await editor(inquireProductReviewDetailAdmin, { reviewId: submitted.id }));
    expect(detail).toMatchObject({
      live: false,
      published: null,
      changedSinceSubmit: [],
      proposal: {
        name: '审核后上架的产品',
        price: '¥25800.00/校/年',
        detailHtml: '<p>第二版详情：覆盖全市学校。</p>',
      },
    });

    expect(only(await editor(approveProductReviewAdmin, { reviewId: submitted.id }))).toMatchObject({
      state: 'approved',
      decidedByName: '产品审核编辑',
    });
    expect(await adminDetail(made.id)).toMatchObject({ status: 'published', priceFen: 2_580_000 });
    expect(await page(made.id)).toContain('第二版详情：覆盖全市学校。');
    expect((await editor(approveProductReviewAdmin, { reviewId: submitted.id })).body).toMatchObject({
      errorCode: 409,
      errorMessage: messages.reviewAlreadyDecided,
    });
    expect(await auditActions(made.id)).toEqual(['approve', 'submit', 'update', 'create']);
    expect(await historyKinds(made.id)).toEqual(['approve', 'update', 'create']);
    expect((await bell(writerSid)).notices[0]).toMatchObject({
      kind: 'review-approved',
      title: '《审核后上架的产品》已审核通过',
      link: `/content/products?edit=${made.id}`,
    });
  });

  it('a product on the shelf keeps its old price on the site until the change is approved', async () => {
    const live = only(await admin(createProductAdmin, product('货架上改价的产品', { status: 'published' })));
    expect(await page(live.id)).toContain('¥19,800.00');
    const submitted = only(
      await writer(submitProductReviewAdmin, { productId: live.id, version: live.version, price: '21800' }),
    );
    expect(await adminDetail(live.id)).toMatchObject({
      status: 'published',
      priceFen: 1_980_000,
      version: live.version,
    });
    expect(await page(live.id)).toContain('¥19,800.00');
    expect(await page(live.id)).not.toContain('¥21,800.00');
    expect(await shelfPrice(live.id)).toBe(1_980_000);
    const detail = only(await editor(inquireProductReviewDetailAdmin, { reviewId: submitted.id }));
    expect(detail).toMatchObject({
      live: true,
      published: { price: '¥19800.00/校/年' },
      proposal: { price: '¥21800.00/校/年' },
    });
    only(await editor(approveProductReviewAdmin, { reviewId: submitted.id }));
    const html = await page(live.id);
    expect(html).toContain('¥21,800.00');
    expect(html).not.toContain('¥19,800.00');
    expect(await shelfPrice(live.id)).toBe(2_180_000);
  });

  it('return with a comment: the product stays 未上架 and the writer’s bell has the comment', async () => {
    const made = only(await writer(createProductAdmin, product('被退回的产品')));
    const submitted = only(
      await writer(submitProductReviewAdmin, { productId: made.id, version: made.version }),
    );
    const empty = await editor(returnProductReviewAdmin, { reviewId: submitted.id, comment: '  ' });
    expect(empty.body).toMatchObject({ errorCode: 400, errorMessage: '参数错误：请输入退回意见（comment）' });
    expect(
      only(await editor(returnProductReviewAdmin, { reviewId: submitted.id, comment: '价格请与报价单一致' })),
    ).toMatchObject({ state: 'returned', comment: '价格请与报价单一致' });
    const mine = await writer(inquireProductReviewListAdmin, { productId: made.id });
    expect(mine.body.datas[0]).toMatchObject({ state: 'returned', comment: '价格请与报价单一致' });
    expect((await adminDetail(made.id))?.status).toBe('draft');
    expect((await bell(writerSid)).notices[0]).toMatchObject({
      kind: 'review-returned',
      title: '《被退回的产品》被退回',
      body: '产品审核编辑 退回了你的提交：价格请与报价单一致',
    });
    const log = (await admin(inquireAuditLogListAdmin, { targetType: 'product', targetId: String(made.id) }))
      .body.datas[0];
    expect(log).toMatchObject({ action: 'return', detail: { comment: '价格请与报价单一致' } });
  });

  it('a product saved after its submission is not approved: 409 naming the changed fields', async () => {
    const made = only(await writer(createProductAdmin, product('提交后又改的产品')));
    const submitted = only(
      await writer(submitProductReviewAdmin, { productId: made.id, version: made.version }),
    );
    const current = await adminDetail(made.id);
    only(await writer(updateProductAdmin, { productId: made.id, version: current?.version, price: '9.9' }));
    const detail = only(await editor(inquireProductReviewDetailAdmin, { reviewId: submitted.id }));
    expect(detail.changedSinceSubmit).toEqual(['priceFen']);
    const before = await dataFingerprint(server.app);
    const refused = await editor(approveProductReviewAdmin, { reviewId: submitted.id });
    expect(refused.body).toMatchObject({
      success: false,
      errorCode: 409,
      errorMessage: messages.productReviewChangedSinceSubmit('价格'),
      errors: [{ field: 'priceFen', message: '价格在提交审核后被修改' }],
    });
    expect(await dataFingerprint(server.app)).toEqual(before);
  });

  it('approving one’s own submission is refused in Chinese by default and allowed by the site setting', async () => {
    const made = only(await editor(createProductAdmin, product('编辑自己提交的产品')));
    const submitted = only(
      await editor(submitProductReviewAdmin, { productId: made.id, version: made.version }),
    );
    const before = await dataFingerprint(server.app);
    const refused = await editor(approveProductReviewAdmin, { reviewId: submitted.id });
    expect(refused.body).toMatchObject({ errorCode: 403, errorMessage: messages.productReviewSelfApproval });
    expect(messages.productReviewSelfApproval).toContain('不能审核通过自己提交的产品');
    expect(await dataFingerprint(server.app)).toEqual(before);

    const { updatedAt: _u, ...settings } = only(await admin(inquireSiteSettingsAdmin));
    const allowed = only(
      await admin(updateSiteSettingsAdmin, { ...settings, reviewSelfApproval: 'allowed' }),
    );
    try {
      only(await editor(approveProductReviewAdmin, { reviewId: submitted.id }));
      expect((await adminDetail(made.id))?.status).toBe('published');
    } finally {
      only(
        await admin(updateSiteSettingsAdmin, {
          ...settings,
          version: allowed.version,
          reviewSelfApproval: '',
        }),
      );
    }
  });

  it('refuses bad input with the field named, and an unknown submission with 404', async () => {
    expect((await editor(returnProductReviewAdmin, { reviewId: 'x', comment: '好' })).body).toMatchObject({
      errorCode: 400,
    });
    expect((await editor(approveProductReviewAdmin, { reviewId: 2147483647 })).body).toMatchObject({
      errorCode: 404,
      errorMessage: messages.reviewNotFound,
    });
    expect((await writer(approveProductReviewAdmin, { reviewId: 1 })).body).toMatchObject({
      errorCode: 403,
      errorMessage: messages.permissionMissing('products.publish'),
    });
  });
});
