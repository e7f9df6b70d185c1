import { existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  createArticleAdmin,
  deleteFileAdmin,
  fileUrls,
  inquireArticleDetailAdmin,
  inquireAuditLogListAdmin,
  inquireFileListAdmin,
} from '@yuexun/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminSessions, adminSessions, only, PNG, requestKey, uploadPng } from '../../test/admin';
import { drivers, startServer, type TestServer } from '../../test/server';
import { dataFingerprint } from '../../test/snapshot';

describe.each(drivers)('file management on %s', (driver) => {
  let server: TestServer;
  let s: AdminSessions;
  beforeAll(async () => {
    server = await startServer(driver);
    s = await adminSessions(server);
  });
  afterAll(() => server.close());

  const upload = (name: string) => uploadPng(server, s.adminSid, name);

  it('lists uploads newest first with size, format, uploader and use as cover', async () => {
    const file = await upload('校园封面.png');
    only(
      await s.asAdmin(createArticleAdmin, {
        categoryId: 1881,
        title: '带封面的文章',
        status: 'draft',
        coverFileUuid: file.fileUuid,
        requestKey: requestKey(),
      }),
    );
    const list = await s.asAdmin(inquireFileListAdmin, { keyword: '校园封面' });
    expect(list.body.datas[0]).toMatchObject({
      fileUuid: file.fileUuid,
      fileName: '校园封面.png',
      fileSize: PNG.length,
      format: 'png',
      visibility: 'public',
      ownerName: expect.any(String),
      usedBy: 1,
    });
    const pngs = await s.asAdmin(inquireFileListAdmin, { format: 'PNG', pageSize: 100 });
    expect(pngs.body.datas.every((f: { format: string }) => f.format === 'png')).toBe(true);
  });

  it('deletes a file: its bytes and picture copies are gone, covers using it are cleared, the log says so', async () => {
    const file = await upload('待删除.png');
    const copy = await fetch(
      `${server.url}${fileUrls.viewPic(file.fileUuid, { width: 160, format: 'webp' })}`,
    );
    expect(copy.headers.get('content-type')).toBe('image/webp');
    const copies = join(server.app.config.dataDir, 'cache', 'images', file.fileUuid);
    expect(existsSync(copies)).toBe(true);
    const a = only(
      await s.asAdmin(createArticleAdmin, {
        categoryId: 1881,
        title: '封面将被删除',
        status: 'draft',
        coverFileUuid: file.fileUuid,
        requestKey: requestKey(),
      }),
    );
    expect(only(await s.asAdmin(deleteFileAdmin, { fileUuid: file.fileUuid }))).toEqual({
      fileUuid: file.fileUuid,
    });
    const view = await fetch(`${server.url}${fileUrls.viewPic(file.fileUuid)}`);
    expect(view.status).toBe(404);
    expect(existsSync(copies)).toBe(false);
    expect(only(await s.asAdmin(inquireArticleDetailAdmin, { articleId: a.id })).coverFileUuid).toBeNull();
    const log = await s.asAdmin(inquireAuditLogListAdmin, { targetType: 'file', targetId: file.fileUuid });
    expect(log.body.datas[0]).toMatchObject({
      action: 'delete',
      detail: { name: '待删除.png', clearedArticleCovers: [a.id] },
    });
  });

  it('answers 404 for an unknown file and 400 for a malformed id, changing nothing', async () => {
    const before = await dataFingerprint(server.app);
    const unknown = await s.asAdmin(deleteFileAdmin, { fileUuid: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.body).toMatchObject({ success: false, errorCode: 404 });
    const bad = await s.asAdmin(deleteFileAdmin, { fileUuid: '../etc/passwd' });
    expect(bad.body).toMatchObject({ success: false, errorCode: 400, errors: [{ field: 'fileUuid' }] });
    expect(await dataFingerprint(server.app)).toEqual(before);
  });
});
