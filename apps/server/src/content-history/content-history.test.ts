/**
 * Content work staff can trust: a live article stays live when saved, going offline and back keeps
 * its first date, every save is a revision that can be restored, deletes go to a recycle bin.
 */
import {
  actionPath,
  autosaveArticleAdmin,
  changeArticleStatusAdmin,
  createArticleAdmin,
  createProductAdmin,
  createProductTagAdmin,
  deleteArticleAdmin,
  deleteProductAdmin,
  inquireArticleDetailAdmin,
  inquireArticleDetailByCondition,
  inquireAuditLogListAdmin,
  inquireProductListAdmin,
  inquireRecycleBinAdmin,
  inquireRevisionDetailAdmin,
  inquireRevisionListAdmin,
  restoreFromRecycleBinAdmin,
  restoreRevisionAdmin,
  SITE_ID,
  updateArticleAdmin,
} from '@yuexun/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminSessions, adminSessions, only, requestKey } from '../../test/admin';
import { drivers, startServer, type TestServer } from '../../test/server';
import { dataFingerprint } from '../../test/snapshot';
import { article, contentRevision, recycleBin } from '../db/schema';

describe.each(drivers)('content history on %s', (driver) => {
  let server: TestServer;
  let s: AdminSessions;
  beforeAll(async () => {
    server = await startServer(driver);
    s = await adminSessions(server);
  });
  afterAll(() => server.close());

  const publicDetail = (articleId: number) =>
    server.post(actionPath(inquireArticleDetailByCondition), { siteId: SITE_ID, articleId });

  /** A published article dated three days ago, as if it had been live a while. */
  const liveArticle = async (title: string) => {
    const created = only(
      await s.asAdmin(createArticleAdmin, {
        categoryId: 1881,
        title,
        bodyHtml: '<p>全体师生参加了开学典礼</p>',
        status: 'published',
        publishTime: new Date(Date.now() - 3 * 86_400_000).toISOString(),
        requestKey: requestKey(),
      }),
    );
    return created as { id: number; version: number; publishTime: string };
  };

  it('saving a live article keeps it live with its date; the page shows 更新于', async () => {
    const a = await liveArticle('开学典礼');
    const saved = only(
      await s.asAdmin(updateArticleAdmin, {
        articleId: a.id,
        version: a.version,
        bodyHtml: '<p>全体师生隆重参加了开学典礼</p>',
      }),
    );
    expect(saved).toMatchObject({ status: 'published', live: true, publishTime: a.publishTime });
    const page = await publicDetail(a.id);
    expect(page.body.datas[0]).toMatchObject({
      bodyHtml: '<p>全体师生隆重参加了开学典礼</p>',
      publishTime: a.publishTime,
      editedAt: expect.any(String),
    });
  });

  it('going offline hides it; publishing again restores it with its first date', async () => {
    const a = await liveArticle('下线再发布');
    const off = only(
      await s.asAdmin(changeArticleStatusAdmin, { articleId: a.id, version: a.version, status: 'offline' }),
    );
    expect(off.status).toBe('offline');
    expect((await publicDetail(a.id)).body).toMatchObject({ success: false, errorCode: 404 });
    only(
      await s.asAdmin(changeArticleStatusAdmin, {
        articleId: a.id,
        version: off.version,
        status: 'published',
      }),
    );
    expect((await publicDetail(a.id)).body.datas[0].publishTime).toBe(a.publishTime);
    const log = await s.asAdmin(inquireAuditLogListAdmin, { targetType: 'article', targetId: String(a.id) });
    expect(log.body.datas.map((e: { action: string }) => e.action)).toEqual(
      expect.arrayContaining(['unpublish', 'publish']),
    );
  });

  it('refuses a stale status change with 409, changing nothing', async () => {
    const a = await liveArticle('过期版本');
    const before = await dataFingerprint(server.app);
    const stale = await s.asAdmin(changeArticleStatusAdmin, {
      articleId: a.id,
      version: a.version + 5,
      status: 'offline',
    });
    expect(stale.body).toMatchObject({
      success: false,
      errorCode: 409,
      errorMessage: expect.stringContaining('数据已被他人修改'),
    });
    expect(await dataFingerprint(server.app)).toEqual(before);
  });

  it('three saves are three revisions; restoring the first brings its text back as a new, audited revision', async () => {
    const a = await liveArticle('修订一');
    const v2 = only(await s.asAdmin(updateArticleAdmin, { articleId: a.id, version: 1, title: '修订二' }));
    only(
      await s.asAdmin(updateArticleAdmin, {
        articleId: a.id,
        version: v2.version,
        title: '修订三',
        bodyHtml: '<p>第三版</p>',
      }),
    );
    const list = (await s.asAdmin(inquireRevisionListAdmin, { targetType: 'article', targetId: a.id })).body
      .datas;
    expect(list.map((r: { kind: string }) => r.kind)).toEqual(['update', 'update', 'create']);
    expect(list[0]).toMatchObject({ changed: ['title', 'bodyHtml'], accountName: expect.any(String) });
    const first = list[2];
    const detail = only(
      await s.asAdmin(inquireRevisionDetailAdmin, {
        targetType: 'article',
        targetId: a.id,
        revisionId: list[1].id,
      }),
    );
    expect(detail).toMatchObject({ snapshot: { title: '修订二' }, previous: { title: '修订一' } });

    const restored = only(
      await s.asAdmin(restoreRevisionAdmin, {
        targetType: 'article',
        targetId: a.id,
        revisionId: first.id,
        version: 3,
      }),
    );
    expect(restored.version).toBe(4);
    const now = only(await s.asAdmin(inquireArticleDetailAdmin, { articleId: a.id }));
    expect(now).toMatchObject({
      title: '修订一',
      bodyHtml: '<p>全体师生参加了开学典礼</p>',
      status: 'published',
    });
    const after = (await s.asAdmin(inquireRevisionListAdmin, { targetType: 'article', targetId: a.id })).body
      .datas;
    expect(after[0]).toMatchObject({ kind: 'restore', version: 4 });
    const log = await s.asAdmin(inquireAuditLogListAdmin, {
      targetType: 'article',
      targetId: String(a.id),
      action: 'restore',
    });
    expect(log.body.datas).toHaveLength(1);
  });

  it('a revision of another article is 404; a stale restore is 409; both change nothing', async () => {
    const a = await liveArticle('甲文章');
    const b = await liveArticle('乙文章');
    const [bRevision] = (await s.asAdmin(inquireRevisionListAdmin, { targetType: 'article', targetId: b.id }))
      .body.datas;
    const before = await dataFingerprint(server.app);
    for (const action of [inquireRevisionDetailAdmin, restoreRevisionAdmin]) {
      const res = await s.asAdmin(action, {
        targetType: 'article',
        targetId: a.id,
        revisionId: bRevision.id,
        version: 1,
      });
      expect(res.body).toMatchObject({ success: false, errorCode: 404, errorMessage: '修订不存在' });
    }
    const asProduct = await s.asAdmin(inquireRevisionDetailAdmin, {
      targetType: 'product',
      targetId: b.id,
      revisionId: bRevision.id,
    });
    expect(asProduct.body.errorCode).toBe(404);
    const [aRevision] = (await s.asAdmin(inquireRevisionListAdmin, { targetType: 'article', targetId: a.id }))
      .body.datas;
    const stale = await s.asAdmin(restoreRevisionAdmin, {
      targetType: 'article',
      targetId: a.id,
      revisionId: aRevision.id,
      version: 9,
    });
    expect(stale.body.errorCode).toBe(409);
    expect(await dataFingerprint(server.app)).toEqual(before);
  });

  it('autosave keeps what is typed for this editor without touching the article; a save clears it', async () => {
    const a = await liveArticle('自动保存');
    only(
      await s.asAdmin(autosaveArticleAdmin, { articleId: a.id, version: 1, title: '自动保存（正在输入）' }),
    );
    const opened = only(await s.asAdmin(inquireArticleDetailAdmin, { articleId: a.id }));
    expect(opened).toMatchObject({
      title: '自动保存',
      version: 1,
      autosave: {
        version: 1,
        snapshot: { title: '自动保存（正在输入）', bodyHtml: '<p>全体师生参加了开学典礼</p>' },
      },
    });
    expect((await publicDetail(a.id)).body.datas[0].title).toBe('自动保存');
    only(await s.asAdmin(updateArticleAdmin, { articleId: a.id, version: 1, title: '自动保存（已保存）' }));
    expect(only(await s.asAdmin(inquireArticleDetailAdmin, { articleId: a.id })).autosave).toBeNull();
  });

  it('delete goes to the recycle bin; restore brings it back offline under its id, once', async () => {
    const a = await liveArticle('回收站文章');
    only(await s.asAdmin(deleteArticleAdmin, { articleId: a.id, version: 1 }));
    expect((await publicDetail(a.id)).body.errorCode).toBe(404);
    const bin = (await s.asAdmin(inquireRecycleBinAdmin)).body.datas;
    const entry = bin.find((e: { targetId: number }) => e.targetId === a.id);
    expect(entry).toMatchObject({ targetType: 'article', title: '回收站文章' });
    expect(new Date(entry.purgeAt).getTime() - new Date(entry.deletedAt).getTime()).toBe(30 * 86_400_000);

    only(await s.asAdmin(restoreFromRecycleBinAdmin, { entryId: entry.id }));
    const back = only(await s.asAdmin(inquireArticleDetailAdmin, { articleId: a.id }));
    expect(back).toMatchObject({
      id: a.id,
      title: '回收站文章',
      status: 'offline',
      publishTime: a.publishTime,
    });
    const again = await s.asAdmin(restoreFromRecycleBinAdmin, { entryId: entry.id });
    expect(again.body).toMatchObject({
      success: false,
      errorCode: 404,
      errorMessage: expect.stringContaining('30 天'),
    });
    // Republishing keeps the date it first had.
    only(
      await s.asAdmin(changeArticleStatusAdmin, {
        articleId: a.id,
        version: back.version,
        status: 'published',
      }),
    );
    expect((await publicDetail(a.id)).body.datas[0].publishTime).toBe(a.publishTime);
  });

  it('purges entries older than 30 days with their revisions; restoring one then is a clear 404', async () => {
    const a = await liveArticle('过期删除');
    only(await s.asAdmin(deleteArticleAdmin, { articleId: a.id, version: 1 }));
    const [entry] = await server.app.db.select().from(recycleBin).where(eq(recycleBin.targetId, a.id));
    if (!entry) throw new Error('no recycle-bin entry');
    await server.app.db
      .update(recycleBin)
      .set({ deletedAt: sql`now() - interval '31 days'` })
      .where(eq(recycleBin.id, entry.id));
    const bin = (await s.asAdmin(inquireRecycleBinAdmin)).body.datas;
    expect(bin.map((e: { id: number }) => e.id)).not.toContain(entry.id);
    const res = await s.asAdmin(restoreFromRecycleBinAdmin, { entryId: entry.id });
    expect(res.body).toMatchObject({ success: false, errorCode: 404 });
    const revisions = await server.app.db
      .select()
      .from(contentRevision)
      .where(and(eq(contentRevision.targetType, 'article'), eq(contentRevision.targetId, a.id)));
    expect(revisions).toHaveLength(0);
    expect(await server.app.db.select().from(article).where(eq(article.id, a.id))).toHaveLength(0);
  });

  it('a deleted product comes back unlisted (未上架) with its tags', async () => {
    const tag = only(await s.asAdmin(createProductTagAdmin, { name: '回收标签', requestKey: requestKey() }));
    const p = only(
      await s.asAdmin(createProductAdmin, {
        name: '回收产品',
        price: '100',
        priceUnit: '套',
        status: 'published',
        tagIds: [tag.id],
        requestKey: requestKey(),
      }),
    );
    only(await s.asAdmin(deleteProductAdmin, { productId: p.id, version: 1 }));
    const entry = (await s.asAdmin(inquireRecycleBinAdmin)).body.datas.find(
      (e: { targetType: string; targetId: number }) => e.targetType === 'product' && e.targetId === p.id,
    );
    only(await s.asAdmin(restoreFromRecycleBinAdmin, { entryId: entry.id }));
    const listed = (await s.asAdmin(inquireProductListAdmin, { keyword: '回收产品' })).body.datas[0];
    expect(listed).toMatchObject({ id: p.id, status: 'draft', tags: [{ id: tag.id, name: '回收标签' }] });
  });
});
