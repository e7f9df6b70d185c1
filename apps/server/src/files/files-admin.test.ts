import { existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  createArticleAdmin,
  deleteFileAdmin,
  fileUrls,
  inquireAuditLogListAdmin,
  inquireFileListAdmin,
  inquireFileUsageAdmin,
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

  it('lists uploads newest first with size, format, uploader and how many places use each', async () => {
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

  it('refuses to delete a used file, naming where it is used, and changes nothing', async () => {
    const file = await upload('正在使用.png');
    const a = only(
      await s.asAdmin(createArticleAdmin, {
        categoryId: 1881,
        title: '封面正在使用',
        status: 'draft',
        coverFileUuid: file.fileUuid,
        bodyHtml: `<p><img src="${fileUrls.viewPic(file.fileUuid)}" alt="正文插图"></p>`,
        requestKey: requestKey(),
      }),
    );
    const before = await dataFingerprint(server.app);
    const refused = await s.asAdmin(deleteFileAdmin, { fileUuid: file.fileUuid });
    expect(refused.body).toMatchObject({ success: false, errorCode: 409 });
    expect(refused.body.errorMessage).toBe(
      '文件正在使用，不能删除：文章《封面正在使用》。请先在这些位置换掉或移除它',
    );
    expect(await dataFingerprint(server.app)).toEqual(before);
    expect((await fetch(`${server.url}${fileUrls.viewPic(file.fileUuid)}`)).status).toBe(200);
    expect(
      await s.asAdmin(inquireFileUsageAdmin, { fileUuid: file.fileUuid }).then((r) => r.body.datas),
    ).toEqual([{ kind: 'article', id: String(a.id), title: '封面正在使用' }]);
    const unknown = await s.asAdmin(inquireFileUsageAdmin, {
      fileUuid: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.body).toMatchObject({ success: false, errorCode: 404 });
  });

  it('deletes a file nothing uses: its bytes and picture copies are gone, the log says so', async () => {
    const file = await upload('待删除.png');
    const copy = await fetch(
      `${server.url}${fileUrls.viewPic(file.fileUuid, { width: 160, format: 'webp' })}`,
    );
    expect(copy.headers.get('content-type')).toBe('image/webp');
    const copies = join(server.app.config.dataDir, 'cache', 'images', file.fileUuid);
    expect(existsSync(copies)).toBe(true);
    expect(only(await s.asAdmin(inquireFileListAdmin, { keyword: '待删除' }))).toMatchObject({ usedBy: 0 });
    expect(only(await s.asAdmin(deleteFileAdmin, { fileUuid: file.fileUuid }))).toEqual({
      fileUuid: file.fileUuid,
    });
    const view = await fetch(`${server.url}${fileUrls.viewPic(file.fileUuid)}`);
    expect(view.status).toBe(404);
    expect(existsSync(copies)).toBe(false);
    const log = await s.asAdmin(inquireAuditLogListAdmin, { targetType: 'file', targetId: file.fileUuid });
    expect(log.body.datas[0]).toMatchObject({ action: 'delete', detail: { name: '待删除.png' } });
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
