/**
 * Orphaned uploads: only files older than a day that nothing refers to are listed and removed; a
 * referenced or fresh file is never removed, even when asked for by its uuid.
 */
import {
  createArticleAdmin,
  createProductAdmin,
  deleteArticleAdmin,
  deleteOrphanFilesAdmin,
  fileUrls,
  inquireAuditLogListAdmin,
  inquireFileListAdmin,
  inquireOrphanFileListAdmin,
} from '@yuexun/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminSessions, adminSessions, only, requestKey, uploadPng } from '../../test/admin';
import { drivers, startServer, type TestServer } from '../../test/server';
import { dataFingerprint } from '../../test/snapshot';
import { account, file } from '../db/schema';

describe.each(drivers)('orphaned uploads on %s', (driver) => {
  let server: TestServer;
  let s: AdminSessions;
  /** The test's files by role. */
  const f: Record<string, string> = {};
  beforeAll(async () => {
    server = await startServer(driver);
    s = await adminSessions(server);
    for (const role of [
      'orphan',
      'orphan2',
      'cover',
      'body',
      'gallery',
      'detail',
      'binned',
      'logo',
      'photo',
      'fresh',
    ])
      f[role] = (await uploadPng(server, s.adminSid, `孤儿测试-${role}.png`)).fileUuid;
    const article = async (extra: Record<string, unknown>) =>
      only(
        await s.asAdmin(createArticleAdmin, {
          categoryId: 1881,
          status: 'draft',
          requestKey: requestKey(),
          ...extra,
        }),
      );
    await article({ title: '引用封面', coverFileUuid: f.cover });
    await article({
      title: '正文引用',
      bodyHtml: `<p><img src="${fileUrls.viewPic(f.body as string)}"></p>`,
    });
    const binned = await article({ title: '回收站里的文章', coverFileUuid: f.binned });
    only(await s.asAdmin(deleteArticleAdmin, { articleId: binned.id, version: binned.version }));
    only(
      await s.asAdmin(createProductAdmin, {
        name: '孤儿测试产品',
        price: '100',
        priceUnit: '套',
        galleryFileUuids: [f.gallery],
        detailHtml: `<p><img src="${fileUrls.viewPic(f.detail as string)}"></p>`,
        status: 'draft',
        requestKey: requestKey(),
      }),
    );
    // The site's light logo and a staff member's photo (set in the tables: their own tests cover the forms).
    const db = server.app.db;
    await db.execute(
      sql`update site_settings set "values" = "values" || jsonb_build_object('logoLightFileUuid', ${f.logo}::text)`,
    );
    await db.update(account).set({ photoFileUuid: f.photo }).where(eq(account.username, 'user'));
    // Everything but the fresh one was uploaded two days ago.
    const aged = Object.entries(f)
      .filter(([role]) => role !== 'fresh')
      .map(([, uuid]) => uuid);
    await server.app.db
      .update(file)
      .set({ createdAt: sql`now() - interval '2 days'` })
      .where(inArray(file.uuid, aged));
  });
  afterAll(() => server.close());

  const mine = (list: { fileUuid: string }[]) =>
    Object.entries(f)
      .filter(([, uuid]) => list.some((x) => x.fileUuid === uuid))
      .map(([role]) => role)
      .sort();
  const stillStored = async () => {
    const { body } = await s.asAdmin(inquireFileListAdmin, { keyword: '孤儿测试', pageSize: 100 });
    return mine(body.datas);
  };

  it('lists only old uploads that nothing refers to', async () => {
    const { body } = await s.asAdmin(inquireOrphanFileListAdmin, {});
    expect(body.success).toBe(true);
    expect(mine(body.datas)).toEqual(['orphan', 'orphan2']);
    expect(body.datas.find((x: { fileUuid: string }) => x.fileUuid === f.orphan)).toMatchObject({
      fileName: '孤儿测试-orphan.png',
      format: 'png',
      usedBy: 0,
    });
  });

  it('removes orphans only, even when asked for referenced or fresh files by uuid', async () => {
    const { body } = await s.asAdmin(deleteOrphanFilesAdmin, { fileUuids: Object.values(f) });
    expect(body.success).toBe(true);
    expect(mine(body.datas)).toEqual(['orphan', 'orphan2']);
    expect(await stillStored()).toEqual([
      'binned',
      'body',
      'cover',
      'detail',
      'fresh',
      'gallery',
      'logo',
      'photo',
    ]);
    const bytes = await fetch(`${server.url}${fileUrls.viewPic(f.orphan as string)}`, {
      headers: { cookie: `yx_sid=${s.adminSid}` },
    });
    expect(bytes.status).toBe(404);
    const referenced = await fetch(`${server.url}${fileUrls.viewPic(f.cover as string)}`);
    expect(referenced.status).toBe(200);
    expect(mine((await s.asAdmin(inquireOrphanFileListAdmin, {})).body.datas)).toEqual([]);
    const log = await s.asAdmin(inquireAuditLogListAdmin, { targetType: 'file', targetId: f.orphan });
    expect(log.body.datas[0]).toMatchObject({ action: 'delete', detail: { orphan: true } });
  });

  it('refuses an empty or malformed list with a message, changing nothing; users may not', async () => {
    const before = await dataFingerprint(server.app);
    const empty = await s.asAdmin(deleteOrphanFilesAdmin, { fileUuids: [] });
    expect(empty.body).toMatchObject({ success: false, errorCode: 400 });
    expect(JSON.stringify(empty.body)).toContain('请选择要删除的文件');
    const bad = await s.asAdmin(deleteOrphanFilesAdmin, { fileUuids: ['../etc/passwd'] });
    expect(bad.body).toMatchObject({ success: false, errorCode: 400 });
    const user = await s.asUser(deleteOrphanFilesAdmin, { fileUuids: [f.fresh] });
    expect(user.body.success).toBe(false);
    expect(await dataFingerprint(server.app)).toEqual(before);
  });
});
