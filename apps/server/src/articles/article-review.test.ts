/**
 * Review before publishing (docs/decisions/051) through the real server: a 撰稿人 (articles.write without
 * articles.publish) cannot publish and submits instead; a 内容编辑 sees the queue, approves (the site shows the
 * article) or returns with a comment; an article saved after its submission cannot be approved; approving
 * one's own submission follows the site setting; every step is in the audit log.
 */
import {
  type ActionDef,
  actionPath,
  approveArticleReviewAdmin,
  articleDetailPath,
  changeArticleStatusAdmin,
  createArticleAdmin,
  createProductAdmin,
  deleteArticleAdmin,
  inquireArticleDetailAdmin,
  inquireArticleListByCondition,
  inquireArticleReviewDetailAdmin,
  inquireArticleReviewListAdmin,
  inquireAuditLogListAdmin,
  inquireSiteSettingsAdmin,
  messages,
  returnArticleReviewAdmin,
  SITE_ID,
  submitArticleReviewAdmin,
  updateArticleAdmin,
  updateSiteSettingsAdmin,
} from '@yuexun/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs } from '../../test/accounts';
import { only, requestKey } from '../../test/admin';
import { colleagueWithRole, vendorAdminSession } from '../../test/roles';
import { drivers, startServer, type TestServer } from '../../test/server';
import { dataFingerprint } from '../../test/snapshot';

const draft = (title: string, overrides: Record<string, unknown> = {}) => ({
  categoryId: 1881,
  title,
  summary: '审核流程测试',
  bodyHtml: '<p>第一版正文：悦讯智慧校园服务全区学校。</p>',
  tags: ['审核'],
  status: 'draft',
  requestKey: requestKey(),
  ...overrides,
});

describe.each(drivers)('review before publishing on %s', (driver) => {
  let server: TestServer;
  let adminSid: string;
  let writerSid: string;
  let editorSid: string;
  let writerName: string;
  beforeAll(async () => {
    server = await startServer(driver);
    adminSid = (await vendorAdminSession(server)).sid;
    writerName = '审核撰稿人';
    writerSid = (await colleagueWithRole(server, adminSid, 'writer', writerName)).sid;
    editorSid = (await colleagueWithRole(server, adminSid, 'editor', '审核编辑')).sid;
  });
  afterAll(() => server.close());

  const as =
    (sid: string) =>
    (def: ActionDef, body: Record<string, unknown> = {}) =>
      callAs(server, def, sid, body, 'cookie', { json: true });
  const writer = (def: ActionDef, body?: Record<string, unknown>) => as(writerSid)(def, body);
  const editor = (def: ActionDef, body?: Record<string, unknown>) => as(editorSid)(def, body);
  const admin = (def: ActionDef, body?: Record<string, unknown>) => as(adminSid)(def, body);

  const onSite = async (keyword: string) =>
    (await server.post(actionPath(inquireArticleListByCondition), { siteId: SITE_ID, keyword })).body
      .totalRecordCount as number;
  const page = async (article: { id: number; categoryKind: 'news' }) =>
    (await fetch(`${server.url}${articleDetailPath(article.categoryKind, article.id)}`)).text();
  const auditActions = async (articleId: number) =>
    (
      (await admin(inquireAuditLogListAdmin, { targetType: 'article', targetId: String(articleId) })).body
        .datas as { action: string; accountName: string; detail: Record<string, unknown> }[]
    ).map((e) => e.action);

  it('a writer cannot publish: 403 with the permission in Chinese, and nothing changes', async () => {
    const before = await dataFingerprint(server.app);
    const refused = await writer(createArticleAdmin, draft('撰稿人直接发布', { status: 'published' }));
    expect(refused.body).toMatchObject({
      success: false,
      errorCode: 403,
      errorMessage: messages.permissionMissing('articles.publish'),
    });
    expect(messages.permissionMissing('articles.publish')).toBe(
      '无权限：您的角色没有「发布文章（含审核通过、下线）」权限（articles.publish）',
    );
    expect(await dataFingerprint(server.app)).toEqual(before);

    const made = only(await writer(createArticleAdmin, draft('撰稿人的草稿')));
    for (const [def, body] of [
      [changeArticleStatusAdmin, { articleId: made.id, version: made.version, status: 'published' }],
      [updateArticleAdmin, { articleId: made.id, version: made.version, status: 'scheduled' }],
    ] as const) {
      const answer = await writer(def, body);
      expect(answer.body, def.name).toMatchObject({ errorCode: 403 });
    }
    // A live article is neither changed nor deleted by a writer: the change goes through review.
    const live = only(await admin(createArticleAdmin, draft('线上文章不许直接改', { status: 'published' })));
    for (const [def, body] of [
      [updateArticleAdmin, { articleId: live.id, version: live.version, title: '偷偷改了' }],
      [deleteArticleAdmin, { articleId: live.id, version: live.version }],
    ] as const) {
      const answer = await writer(def, body);
      expect(answer.body, def.name).toMatchObject({
        errorCode: 403,
        errorMessage: messages.permissionMissing('articles.publish'),
      });
    }
    // Products the same: 未上架 is fine, 上架 needs products.publish.
    const product = {
      name: '审核测试产品',
      price: '100',
      priceUnit: '套',
      status: 'published',
      specs: [],
      tagIds: [],
      galleryFileUuids: [],
    };
    expect((await writer(createProductAdmin, { ...product, requestKey: requestKey() })).body).toMatchObject({
      errorCode: 403,
      errorMessage: messages.permissionMissing('products.publish'),
    });
    expect(
      (await writer(createProductAdmin, { ...product, status: 'draft', requestKey: requestKey() })).body
        .success,
    ).toBe(true);
  });

  it('submit → the queue → approve publishes, and the site shows it; every step is logged', async () => {
    const made = only(await writer(createArticleAdmin, draft('审核后发布的文章')));
    const submitted = only(
      await writer(submitArticleReviewAdmin, {
        articleId: made.id,
        version: made.version,
        bodyHtml: '<p>第二版正文：悦讯智慧校园服务全市学校。</p>',
      }),
    );
    expect(submitted).toMatchObject({ articleId: made.id, state: 'pending', submittedByName: writerName });
    // Saved as a draft with the text sent, and not on the site.
    expect(only(await writer(inquireArticleDetailAdmin, { articleId: made.id }))).toMatchObject({
      status: 'draft',
      bodyHtml: '<p>第二版正文：悦讯智慧校园服务全市学校。</p>',
    });
    expect(await onSite('审核后发布的文章')).toBe(0);
    // A second submission while one waits is refused.
    const again = await writer(submitArticleReviewAdmin, { articleId: made.id, version: made.version + 1 });
    expect(again.body).toMatchObject({ errorCode: 409, errorMessage: messages.reviewAlreadyPending });

    const queue = await editor(inquireArticleReviewListAdmin, { state: 'pending' });
    expect(queue.body.totalRecordCount).toBeGreaterThanOrEqual(1);
    expect(queue.body.datas.map((r: { id: number }) => r.id)).toContain(submitted.id);
    const detail = only(await editor(inquireArticleReviewDetailAdmin, { reviewId: submitted.id }));
    expect(detail).toMatchObject({
      live: false,
      published: null,
      changedSinceSubmit: [],
      proposal: { title: '审核后发布的文章', bodyHtml: '<p>第二版正文：悦讯智慧校园服务全市学校。</p>' },
    });

    const approved = only(await editor(approveArticleReviewAdmin, { reviewId: submitted.id }));
    expect(approved).toMatchObject({ state: 'approved', decidedByName: '审核编辑' });
    const after = only(await editor(inquireArticleDetailAdmin, { articleId: made.id }));
    expect(after).toMatchObject({ status: 'published', live: true });
    expect(await onSite('审核后发布的文章')).toBe(1);
    expect(await page(after)).toContain('第二版正文：悦讯智慧校园服务全市学校。');
    // Decided once: a second approval answers 409.
    expect((await editor(approveArticleReviewAdmin, { reviewId: submitted.id })).body).toMatchObject({
      errorCode: 409,
      errorMessage: messages.reviewAlreadyDecided,
    });
    expect(await auditActions(made.id)).toEqual(['approve', 'submit', 'update', 'create']);
  });

  it('a live article stays live with its old text until the change is approved', async () => {
    const live = only(await admin(createArticleAdmin, draft('线上文章的修改', { status: 'published' })));
    expect(await page(live)).toContain('第一版正文');
    const submitted = only(
      await writer(submitArticleReviewAdmin, {
        articleId: live.id,
        version: live.version,
        bodyHtml: '<p>修改后的正文：新增三所合作学校。</p>',
      }),
    );
    const stillLive = only(await writer(inquireArticleDetailAdmin, { articleId: live.id }));
    expect(stillLive).toMatchObject({ status: 'published', version: live.version });
    expect(await page(live)).toContain('第一版正文');
    const detail = only(await editor(inquireArticleReviewDetailAdmin, { reviewId: submitted.id }));
    expect(detail.live).toBe(true);
    expect(detail.published.bodyHtml).toContain('第一版正文');
    expect(detail.proposal.bodyHtml).toContain('新增三所合作学校');

    only(await editor(approveArticleReviewAdmin, { reviewId: submitted.id }));
    const html = await page(live);
    expect(html).toContain('新增三所合作学校');
    expect(html).not.toContain('第一版正文');
  });

  it('return with a comment: the draft stays a draft and the writer reads the comment', async () => {
    const made = only(await writer(createArticleAdmin, draft('被退回的文章')));
    const submitted = only(
      await writer(submitArticleReviewAdmin, { articleId: made.id, version: made.version }),
    );
    const empty = await editor(returnArticleReviewAdmin, { reviewId: submitted.id, comment: '  ' });
    expect(empty.body).toMatchObject({ errorCode: 400, errorMessage: '参数错误：请输入退回意见（comment）' });
    const returned = only(
      await editor(returnArticleReviewAdmin, { reviewId: submitted.id, comment: '标题请写明学校名称' }),
    );
    expect(returned).toMatchObject({ state: 'returned', comment: '标题请写明学校名称' });
    const mine = await writer(inquireArticleReviewListAdmin, { articleId: made.id });
    expect(mine.body.datas[0]).toMatchObject({
      state: 'returned',
      comment: '标题请写明学校名称',
      decidedByName: '审核编辑',
    });
    expect(only(await writer(inquireArticleDetailAdmin, { articleId: made.id })).status).toBe('draft');
    expect(await onSite('被退回的文章')).toBe(0);
    const log = (await admin(inquireAuditLogListAdmin, { targetType: 'article', targetId: String(made.id) }))
      .body.datas[0];
    expect(log).toMatchObject({ action: 'return', detail: { comment: '标题请写明学校名称' } });
    // Fixed and submitted again: a new submission waits.
    const fixed = only(await writer(inquireArticleDetailAdmin, { articleId: made.id }));
    const second = only(
      await writer(submitArticleReviewAdmin, {
        articleId: made.id,
        version: fixed.version,
        title: '青溪区第二实验小学：被退回的文章',
      }),
    );
    expect(second).toMatchObject({ state: 'pending', title: '青溪区第二实验小学：被退回的文章' });
  });

  it('an article saved after its submission is not approved: 409 naming the changed fields', async () => {
    const made = only(await writer(createArticleAdmin, draft('提交后又改的文章')));
    const submitted = only(
      await writer(submitArticleReviewAdmin, { articleId: made.id, version: made.version }),
    );
    const current = only(await writer(inquireArticleDetailAdmin, { articleId: made.id }));
    only(
      await writer(updateArticleAdmin, {
        articleId: made.id,
        version: current.version,
        title: '提交后又改的文章（改过）',
      }),
    );
    const detail = only(await editor(inquireArticleReviewDetailAdmin, { reviewId: submitted.id }));
    expect(detail.changedSinceSubmit).toEqual(['title']);
    const before = await dataFingerprint(server.app);
    const refused = await editor(approveArticleReviewAdmin, { reviewId: submitted.id });
    expect(refused.body).toMatchObject({
      success: false,
      errorCode: 409,
      errorMessage: messages.reviewChangedSinceSubmit('标题'),
      errors: [{ field: 'title', message: '标题在提交审核后被修改' }],
    });
    expect(await dataFingerprint(server.app)).toEqual(before);
    expect(await onSite('提交后又改的文章')).toBe(0);
  });

  it('approving one’s own submission is refused by default and allowed when the site setting says so', async () => {
    const made = only(await editor(createArticleAdmin, draft('编辑自己提交的文章')));
    const submitted = only(
      await editor(submitArticleReviewAdmin, { articleId: made.id, version: made.version }),
    );
    const before = await dataFingerprint(server.app);
    const refused = await editor(approveArticleReviewAdmin, { reviewId: submitted.id });
    expect(refused.body).toMatchObject({ errorCode: 403, errorMessage: messages.reviewSelfApproval });
    expect(await dataFingerprint(server.app)).toEqual(before);

    const { updatedAt: _u, ...settings } = only(await admin(inquireSiteSettingsAdmin));
    expect(settings.reviewSelfApproval).toBe('');
    const allowed = only(
      await admin(updateSiteSettingsAdmin, { ...settings, reviewSelfApproval: 'allowed' }),
    );
    try {
      only(await editor(approveArticleReviewAdmin, { reviewId: submitted.id }));
      expect(await onSite('编辑自己提交的文章')).toBe(1);
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

  it('refuses bad input with the field named', async () => {
    const bad = await editor(returnArticleReviewAdmin, { reviewId: 'x', comment: '好' });
    expect(bad.body).toMatchObject({ errorCode: 400 });
    const unknown = await editor(approveArticleReviewAdmin, { reviewId: 2147483647 });
    expect(unknown.body).toMatchObject({ errorCode: 404, errorMessage: messages.reviewNotFound });
  });
});
