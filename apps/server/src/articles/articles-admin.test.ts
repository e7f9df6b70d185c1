import {
  actionPath,
  createArticleAdmin,
  deleteArticleAdmin,
  inquireArticleDetailAdmin,
  inquireArticleDetailByCondition,
  inquireArticleListAdmin,
  inquireArticleListByCondition,
  inquireAuditLogListAdmin,
  SITE_ID,
  updateArticleAdmin,
} from '@yuexun/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminSessions, adminSessions, only, requestKey } from '../../test/admin';
import { drivers, startServer, type TestServer } from '../../test/server';
import { dataFingerprint } from '../../test/snapshot';
import { article } from '../db/schema';

const draft = (overrides: Record<string, unknown> = {}) => ({
  categoryId: 1881,
  title: '悦讯智慧校园 3.0 发布',
  summary: '新版教师工作台与家校沟通全面升级',
  bodyHtml: '<p>正文<strong>加粗</strong></p><script>alert(1)</script><img src="x" onerror="alert(2)">',
  tags: ['产品发布', '家校沟通'],
  seoTitle: '智慧校园 3.0',
  seoDescription: '悦讯智慧校园 3.0 发布说明',
  status: 'draft',
  requestKey: requestKey(),
  ...overrides,
});

describe.each(drivers)('article management on %s', (driver) => {
  let server: TestServer;
  let s: AdminSessions;
  beforeAll(async () => {
    server = await startServer(driver);
    s = await adminSessions(server);
  });
  afterAll(() => server.close());

  const publicList = async (keyword: string) =>
    (await server.post(actionPath(inquireArticleListByCondition), { siteId: SITE_ID, keyword })).body;

  it('creates a draft with sanitised HTML, hidden from the site, and logs it', async () => {
    const created = only(await s.asAdmin(createArticleAdmin, draft({ title: '草稿文章甲' })));
    expect(created).toMatchObject({ title: '草稿文章甲', status: 'draft', live: false, version: 1 });
    expect(created.bodyHtml).toBe('<p>正文<strong>加粗</strong></p><img src="x" />');
    expect(created.tags).toEqual(['产品发布', '家校沟通']);
    expect((await publicList('草稿文章甲')).totalRecordCount).toBe(0);
    const log = await s.asAdmin(inquireAuditLogListAdmin, {
      targetType: 'article',
      targetId: String(created.id),
    });
    expect(log.body.datas[0]).toMatchObject({
      action: 'create',
      targetType: 'article',
      accountName: expect.any(String),
    });
  });

  it('makes one article from a double-submitted create', async () => {
    const input = draft({ title: '双击保存的文章' });
    const answers = await Promise.all([
      s.asAdmin(createArticleAdmin, input),
      s.asAdmin(createArticleAdmin, input),
    ]);
    const ids = answers.map((a) => only(a).id);
    expect(ids[0]).toBe(ids[1]);
    const rows = await server.app.db.select().from(article).where(eq(article.title, '双击保存的文章'));
    expect(rows).toHaveLength(1);
  });

  it('publishes: the site lists and shows the article', async () => {
    const created = only(await s.asAdmin(createArticleAdmin, draft({ title: '发布到网站的文章' })));
    const published = only(
      await s.asAdmin(updateArticleAdmin, {
        ...draft({ title: '发布到网站的文章', status: 'published' }),
        articleId: created.id,
        version: created.version,
      }),
    );
    expect(published).toMatchObject({ status: 'published', live: true, version: 2 });
    const list = await publicList('发布到网站的文章');
    expect(list.datas.map((a: { id: number }) => a.id)).toEqual([created.id]);
    const detail = await server.post(actionPath(inquireArticleDetailByCondition), {
      siteId: SITE_ID,
      articleId: created.id,
    });
    expect(detail.body.datas[0]).toMatchObject({ title: '发布到网站的文章', seoTitle: '智慧校园 3.0' });
  });

  it('schedules for a future time (not yet on the site) and refuses a scheduled time in the past', async () => {
    const future = new Date(Date.now() + 24 * 3600_000).toISOString();
    const scheduled = only(
      await s.asAdmin(
        createArticleAdmin,
        draft({ title: '定时文章', status: 'scheduled', publishTime: future }),
      ),
    );
    expect(scheduled).toMatchObject({ status: 'scheduled', live: false, publishTime: future });
    expect((await publicList('定时文章')).totalRecordCount).toBe(0);

    const before = await dataFingerprint(server.app);
    const past = await s.asAdmin(
      createArticleAdmin,
      draft({ status: 'scheduled', publishTime: '2020-01-01T00:00:00+08:00' }),
    );
    expect(past.body).toMatchObject({ success: false, errorCode: 400 });
    expect(past.body.errors).toEqual([
      { field: 'publishTime', message: expect.stringContaining('定时发布') },
    ]);
    expect(await dataFingerprint(server.app)).toEqual(before);
  });

  it('refuses a save made from an old version with 409, keeping the newer text', async () => {
    const created = only(await s.asAdmin(createArticleAdmin, draft({ title: '并发编辑' })));
    const edit = (title: string) =>
      s.asAdmin(updateArticleAdmin, { ...draft({ title }), articleId: created.id, version: created.version });
    expect((await edit('第一位编辑的标题')).body.success).toBe(true);
    const before = await dataFingerprint(server.app);
    const stale = await edit('第二位编辑的标题');
    expect(stale.body).toMatchObject({ success: false, errorCode: 409 });
    expect(await dataFingerprint(server.app)).toEqual(before);
    const now = only(await s.asAdmin(inquireArticleDetailAdmin, { articleId: created.id }));
    expect(now.title).toBe('第一位编辑的标题');
  });

  it('answers 400 with field messages for bad input and stores nothing', async () => {
    const before = await dataFingerprint(server.app);
    const bad = await s.asAdmin(
      createArticleAdmin,
      draft({
        title: '',
        categoryId: 'abc',
        status: 'live',
        coverFileUuid: 'not-a-uuid',
        tags: ['x'.repeat(21)],
      }),
    );
    expect(bad.body).toMatchObject({ success: false, errorCode: 400 });
    const fields = bad.body.errors.map((e: { field: string }) => e.field);
    expect(fields).toEqual(
      expect.arrayContaining(['title', 'categoryId', 'status', 'coverFileUuid', 'tags.0']),
    );
    const unknownCategory = await s.asAdmin(createArticleAdmin, draft({ categoryId: 999_999 }));
    expect(unknownCategory.body.errors).toEqual([{ field: 'categoryId', message: '栏目不存在' }]);
    expect(await dataFingerprint(server.app)).toEqual(before);
  });

  it('lists every status with filters by keyword, category and status', async () => {
    only(await s.asAdmin(createArticleAdmin, draft({ title: '筛选用行业草稿', categoryId: 1882 })));
    const drafts = await s.asAdmin(inquireArticleListAdmin, {
      keyword: '筛选用',
      status: 'draft',
      categoryId: 1882,
    });
    expect(drafts.body.datas.map((a: { title: string }) => a.title)).toEqual(['筛选用行业草稿']);
    const none = await s.asAdmin(inquireArticleListAdmin, { keyword: '筛选用', status: 'published' });
    expect(none.body.totalRecordCount).toBe(0);
    const seeded = await s.asAdmin(inquireArticleListAdmin, { status: 'published', pageSize: 5 });
    expect(seeded.body.totalRecordCount).toBeGreaterThan(5);
  });

  it('deletes an article with its current version', async () => {
    const created = only(await s.asAdmin(createArticleAdmin, draft({ title: '要删除的文章' })));
    const stale = await s.asAdmin(deleteArticleAdmin, { articleId: created.id, version: 7 });
    expect(stale.body.errorCode).toBe(409);
    expect(only(await s.asAdmin(deleteArticleAdmin, { articleId: created.id, version: 1 }))).toEqual({
      id: created.id,
    });
    const gone = await s.asAdmin(inquireArticleDetailAdmin, { articleId: created.id });
    expect(gone.body).toMatchObject({ success: false, errorCode: 404 });
  });
});
