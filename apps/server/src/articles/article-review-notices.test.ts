/**
 * Who hears of a review step (issue 35), through the real server on both drivers: a submission reaches the
 * bell of the staff who may publish (not the writer's) and the alert channels; the writer's bell says when
 * their submission was returned (with the comment) or approved, and leads to the article. Notices are read
 * one by one or all at once, only by their owner.
 */
import {
  type ActionDef,
  approveArticleReviewAdmin,
  createAlertChannelAdmin,
  createArticleAdmin,
  inquireArticleDetailAdmin,
  inquireStaffNoticeListAccount,
  readStaffNoticeAccount,
  returnArticleReviewAdmin,
  SITE_ID,
  type StaffNoticeList,
  submitArticleReviewAdmin,
} from '@yuexun/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs } from '../../test/accounts';
import { only, requestKey } from '../../test/admin';
import { startAlertEnv } from '../../test/alert-env';
import { eventually, RECEIVER_SECRETS, type Receivers } from '../../test/alert-receivers';
import { colleagueWithRole, vendorAdminSession } from '../../test/roles';
import { drivers, type TestServer } from '../../test/server';

describe.each(drivers)('notices of review steps on %s', (driver) => {
  let server: TestServer;
  let rx: Receivers;
  let adminSid: string;
  let writerSid: string;
  let editorSid: string;
  beforeAll(async () => {
    ({ server, rx } = await startAlertEnv(driver));
    adminSid = (await vendorAdminSession(server)).sid;
    writerSid = (await colleagueWithRole(server, adminSid, 'writer', '通知撰稿人')).sid;
    editorSid = (await colleagueWithRole(server, adminSid, 'editor', '通知编辑')).sid;
    only(
      await callAs(server, createAlertChannelAdmin, adminSid, {
        siteId: SITE_ID,
        kind: 'webhook',
        name: '内容组',
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
  const channelEvent = (event: string, articleId: number) =>
    eventually(
      () =>
        rx.received.find((r) => {
          const body = r.body as { event?: string; articleId?: number };
          return r.platform === 'webhook' && body.event === event && body.articleId === articleId;
        }),
      60_000,
    );

  it('a submission rings the publishers’ bells and the channel; a return and an approval ring the writer’s', async () => {
    const made = only(
      await as(writerSid)(createArticleAdmin, {
        categoryId: 1881,
        title: '通知测试文章',
        bodyHtml: '<p>初稿</p>',
        status: 'draft',
        requestKey: requestKey(),
      }),
    );
    const first = only(
      await as(writerSid)(submitArticleReviewAdmin, { articleId: made.id, version: made.version }),
    );
    for (const sid of [editorSid, adminSid]) {
      expect((await bell(sid)).notices[0]).toMatchObject({
        kind: 'review-submitted',
        title: '《通知测试文章》待审核',
        body: expect.stringContaining('通知撰稿人'),
        link: '/content/articles?tab=review',
        read: false,
      });
    }
    expect((await bell(writerSid)).notices).toEqual([]);
    const submitted = await channelEvent('article.review.submitted', made.id);
    expect((submitted.body as { title: string }).title).toBe('《通知测试文章》待审核');

    only(await as(editorSid)(returnArticleReviewAdmin, { reviewId: first.id, comment: '价格需要法务核对' }));
    const returned = (await bell(writerSid)).notices[0];
    expect(returned).toMatchObject({
      kind: 'review-returned',
      title: '《通知测试文章》被退回',
      body: '通知编辑 退回了你的提交：价格需要法务核对',
      link: `/content/articles/edit/${made.id}`,
    });
    expect(JSON.stringify((await channelEvent('article.review.returned', made.id)).body)).toContain(
      '价格需要法务核对',
    );

    const { version } = only(await as(writerSid)(inquireArticleDetailAdmin, { articleId: made.id }));
    const second = only(
      await as(writerSid)(submitArticleReviewAdmin, {
        articleId: made.id,
        version,
        bodyHtml: '<p>改好的稿</p>',
      }),
    );
    only(await as(editorSid)(approveArticleReviewAdmin, { reviewId: second.id }));
    const mine = await bell(writerSid);
    expect(mine.notices.map((n) => n.kind)).toEqual(['review-approved', 'review-returned']);
    expect(mine.unread).toBe(2);
    await channelEvent('article.review.approved', made.id);
  });

  it('notices are read by their owner only, one or all; a call without a choice is refused', async () => {
    const before = await bell(writerSid);
    const target = before.notices.find((n) => !n.read);
    if (!target) throw new Error('the writer has an unread notice from the test before');
    // Someone else's notice id changes nothing for its owner.
    only(await as(editorSid)(readStaffNoticeAccount, { noticeId: target.id, all: false }));
    expect((await bell(writerSid)).unread).toBe(before.unread);
    const one = only(await as(writerSid)(readStaffNoticeAccount, { noticeId: target.id, all: false }));
    expect(one.unread).toBe(before.unread - 1);
    expect(one.notices.find((n: { id: number }) => n.id === target.id)?.read).toBe(true);
    expect(only(await as(writerSid)(readStaffNoticeAccount, { all: true })).unread).toBe(0);

    const vague = await as(writerSid)(readStaffNoticeAccount, {});
    expect(vague.body).toMatchObject({ success: false, errorCode: 400 });
    expect(vague.body.errorMessage).toContain('请选择要标为已读的通知');
    const anonymous = await server.post(`/store/api/v1.0/${inquireStaffNoticeListAccount.name}.json`, {
      siteId: SITE_ID,
    });
    expect(anonymous.body).toMatchObject({ success: false, errorCode: 401 });
  });
});
