/**
 * Who hears of a product's review step (docs/decisions/069), through the real server on both drivers: the shared
 * notices (shared/review/review-notices.ts) with the product's permission, queue and form. A submission reaches
 * the bells of the staff who may publish products and the alert channel as product.review.submitted; the writer's
 * bell says when it was returned (with the comment) or approved, and leads to the product's form.
 */
import {
  type ActionDef,
  approveProductReviewAdmin,
  createAlertChannelAdmin,
  createProductAdmin,
  inquireProductListAdmin,
  inquireStaffNoticeListAccount,
  returnProductReviewAdmin,
  SITE_ID,
  type StaffNoticeList,
  submitProductReviewAdmin,
} from '@yuexun/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs } from '../../test/accounts';
import { only, requestKey } from '../../test/admin';
import { startAlertEnv } from '../../test/alert-env';
import { eventually, RECEIVER_SECRETS, type Receivers } from '../../test/alert-receivers';
import { colleagueWithRole, vendorAdminSession } from '../../test/roles';
import { drivers, type TestServer } from '../../test/server';

describe.each(drivers)('notices of product review steps on %s', (driver) => {
  let server: TestServer;
  let rx: Receivers;
  let adminSid: string;
  let writerSid: string;
  let editorSid: string;
  beforeAll(async () => {
    ({ server, rx } = await startAlertEnv(driver));
    adminSid = (await vendorAdminSession(server)).sid;
    writerSid = (await colleagueWithRole(server, adminSid, 'writer', '产品通知撰稿人')).sid;
    editorSid = (await colleagueWithRole(server, adminSid, 'editor', '产品通知编辑')).sid;
    only(
      await callAs(server, createAlertChannelAdmin, adminSid, {
        siteId: SITE_ID,
        kind: 'webhook',
        name: '产品组',
        url: `${rx.url}/hooks/yuexun`,
        secret: RECEIVER_SECRETS.webhookSecret,
      }),
    );
  });
  afterAll(async () => {
    await rx?.close();
    await server?.close();
  });

  const as =
    (sid: string) =>
    (def: ActionDef, body: Record<string, unknown> = {}) =>
      callAs(server, def, sid, body, 'cookie', { json: true });
  const bell = async (sid: string): Promise<StaffNoticeList> =>
    only(await as(sid)(inquireStaffNoticeListAccount));
  const channelEvent = (event: string, productId: number) =>
    eventually(
      () =>
        rx.received.find((r) => {
          const body = r.body as { event?: string; productId?: number };
          return r.platform === 'webhook' && body.event === event && body.productId === productId;
        }),
      60_000,
    );

  it('a submission rings the product publishers and the channel; a return and an approval ring the writer', async () => {
    const made = only(
      await as(writerSid)(createProductAdmin, {
        name: '通知测试产品',
        price: '19800',
        priceUnit: '校/年',
        status: 'draft',
        specs: [],
        tagIds: [],
        galleryFileUuids: [],
        requestKey: requestKey(),
      }),
    );
    const first = only(
      await as(writerSid)(submitProductReviewAdmin, { productId: made.id, version: made.version }),
    );
    for (const sid of [editorSid, adminSid])
      expect((await bell(sid)).notices[0]).toMatchObject({
        kind: 'review-submitted',
        title: '《通知测试产品》待审核',
        body: '产品通知撰稿人 提交了审核，请在 文章管理 → 待审核 → 产品 中通过或退回',
        link: '/content/articles?tab=review&kind=product',
        read: false,
      });
    expect((await bell(writerSid)).notices).toEqual([]);
    const submitted = await channelEvent('product.review.submitted', made.id);
    expect(JSON.stringify(submitted.body)).toContain('通知测试产品');

    only(await as(editorSid)(returnProductReviewAdmin, { reviewId: first.id, comment: '价格需要法务核对' }));
    expect((await bell(writerSid)).notices[0]).toMatchObject({
      kind: 'review-returned',
      title: '《通知测试产品》被退回',
      body: '产品通知编辑 退回了你的提交：价格需要法务核对',
      link: `/content/products?edit=${made.id}`,
    });
    expect(JSON.stringify((await channelEvent('product.review.returned', made.id)).body)).toContain(
      '价格需要法务核对',
    );

    const [current] = (
      await as(writerSid)(inquireProductListAdmin, { productId: made.id, pageIndex: 1, pageSize: 1 })
    ).body.datas as { version: number }[];
    const second = only(
      await as(writerSid)(submitProductReviewAdmin, {
        productId: made.id,
        version: current?.version,
        price: '18800',
      }),
    );
    only(await as(editorSid)(approveProductReviewAdmin, { reviewId: second.id }));
    const mine = await bell(writerSid);
    expect(mine.notices.map((n) => n.kind)).toEqual(['review-approved', 'review-returned']);
    await channelEvent('product.review.approved', made.id);
  });
});
