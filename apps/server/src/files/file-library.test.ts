/** The media library's folders, tags, search and bulk changes (decision 066), through the real server. */
import {
  createFileFolderAdmin,
  deleteFileFolderAdmin,
  FILE_BULK_MAX,
  FILE_TAG_MAX,
  FOLDER_NAME_MAX,
  fileUrls,
  inquireAuditLogListAdmin,
  inquireFileFolderListAdmin,
  inquireFileListAdmin,
  inquireFileTagListAdmin,
  libraryMessages,
  moveFilesAdmin,
  tagFilesAdmin,
  updateFileFolderAdmin,
} from '@yuexun/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminSessions, adminSessions, only, uploadPng } from '../../test/admin';
import { drivers, startServer, type TestServer } from '../../test/server';
import { dataFingerprint } from '../../test/snapshot';

const UNKNOWN_FILE = '00000000-0000-4000-8000-000000000000';

describe.each(drivers)('the media library on %s', (driver) => {
  let server: TestServer;
  let s: AdminSessions;
  beforeAll(async () => {
    server = await startServer(driver);
    s = await adminSessions(server);
  });
  afterAll(() => server.close());

  const folder = async (name: string, parentId: number | null = null) =>
    only(await s.asAdmin(createFileFolderAdmin, { name, parentId })) as { folderId: number };
  const search = async (query: Record<string, unknown>) =>
    (await s.asAdmin(inquireFileListAdmin, { pageSize: 100, ...query })).body;
  const uploadText = async (name: string) => {
    const form = new FormData();
    form.append('visibility', 'public');
    form.append('file', new Blob(['招生简章正文'], { type: 'text/plain' }), name);
    const res = await fetch(`${server.url}${fileUrls.upload}`, {
      method: 'POST',
      body: form,
      headers: { cookie: `yx_sid=${s.adminSid}` },
    });
    return ((await res.json()) as { datas: { fileUuid: string }[] }).datas[0] as { fileUuid: string };
  };

  it('nests folders and refuses a loop, an unknown parent, a taken or too long name, changing nothing', async () => {
    const year = await folder('2026 招生');
    const event = await folder('开学典礼', year.folderId);
    const day = await folder('第一天', event.folderId);
    const list = (await s.asAdmin(inquireFileFolderListAdmin)).body.datas;
    expect(list).toEqual(
      expect.arrayContaining([
        { folderId: event.folderId, parentId: year.folderId, name: '开学典礼', fileCount: 0 },
      ]),
    );

    const before = await dataFingerprint(server.app);
    for (const parentId of [year.folderId, day.folderId]) {
      const loop = await s.asAdmin(updateFileFolderAdmin, {
        folderId: year.folderId,
        name: '2026 招生',
        parentId,
      });
      expect(loop.body).toMatchObject({
        success: false,
        errorCode: 400,
        errors: [{ field: 'parentId', message: libraryMessages.folderLoop }],
      });
    }
    const unknown = await s.asAdmin(createFileFolderAdmin, { name: '孤儿', parentId: 2147483647 });
    expect(unknown.body).toMatchObject({
      success: false,
      errorCode: 404,
      errorMessage: libraryMessages.folderNotFound,
    });
    const taken = await s.asAdmin(createFileFolderAdmin, { name: '开学典礼', parentId: year.folderId });
    expect(taken.body).toMatchObject({ success: false, errorCode: 409 });
    const long = await s.asAdmin(createFileFolderAdmin, { name: '长'.repeat(FOLDER_NAME_MAX + 1) });
    expect(long.body).toMatchObject({
      success: false,
      errorCode: 400,
      errors: [{ field: 'name', message: `文件夹名称不能超过 ${FOLDER_NAME_MAX} 个字` }],
    });
    const notEmpty = await s.asAdmin(deleteFileFolderAdmin, { folderId: event.folderId });
    expect(notEmpty.body).toMatchObject({
      success: false,
      errorCode: 409,
      errorMessage: libraryMessages.folderNotEmpty,
    });
    expect(await dataFingerprint(server.app)).toEqual(before);

    // A move out of the line is fine, and an empty folder goes.
    const moved = only(
      await s.asAdmin(updateFileFolderAdmin, { folderId: day.folderId, name: '首日', parentId: null }),
    );
    expect(moved).toMatchObject({ folderId: day.folderId, parentId: null, name: '首日' });
    expect(only(await s.asAdmin(deleteFileFolderAdmin, { folderId: day.folderId }))).toEqual({
      folderId: day.folderId,
    });
    const log = await s.asAdmin(inquireAuditLogListAdmin, {
      targetType: 'file_folder',
      targetId: String(day.folderId),
    });
    expect(log.body.datas.map((e: { action: string }) => e.action)).toEqual(['delete', 'move', 'create']);
  });

  it('moves and tags files in bulk and finds them by folder, tag, name and kind', async () => {
    const into = await folder('宣传图');
    const pictures = await Promise.all(
      ['校园全景.png', '操场.png', '食堂.png'].map((n) => uploadPng(server, s.adminSid, n)),
    );
    const text = await uploadText('招生简章.txt');
    const uuids = pictures.map((p) => p.fileUuid);

    const moved = await s.asAdmin(moveFilesAdmin, { fileUuids: uuids, folderId: into.folderId });
    expect(moved.body.datas).toHaveLength(3);
    const inFolder = await search({ folderId: into.folderId });
    expect(inFolder.datas.map((f: { fileName: string }) => f.fileName).sort()).toEqual([
      '操场.png',
      '校园全景.png',
      '食堂.png',
    ]);
    const counted = (await s.asAdmin(inquireFileFolderListAdmin)).body.datas.find(
      (f: { folderId: number }) => f.folderId === into.folderId,
    );
    expect(counted.fileCount).toBe(3);

    const tagged = await s.asAdmin(tagFilesAdmin, {
      fileUuids: uuids.slice(0, 2),
      add: ['招生', ' 封面 ', '招生'],
    });
    expect(tagged.body.datas).toEqual(
      uuids.slice(0, 2).map((fileUuid) => ({ fileUuid, tags: ['封面', '招生'] })),
    );
    await s.asAdmin(tagFilesAdmin, { fileUuids: [uuids[1], text.fileUuid], add: ['招生'], remove: ['封面'] });
    const byTag = await search({ tag: '招生' });
    expect(byTag.datas.map((f: { fileUuid: string }) => f.fileUuid).sort()).toEqual(
      [uuids[0], uuids[1], text.fileUuid].sort(),
    );
    expect(byTag.datas.find((f: { fileUuid: string }) => f.fileUuid === uuids[1]).tags).toEqual(['招生']);
    const pictureTagged = await search({ tag: '招生', kind: 'picture', keyword: '全景' });
    expect(pictureTagged.datas.map((f: { fileUuid: string }) => f.fileUuid)).toEqual([uuids[0]]);
    const documents = await search({ tag: '招生', kind: 'document' });
    expect(documents.datas.map((f: { fileUuid: string }) => f.fileUuid)).toEqual([text.fileUuid]);
    const tags = (await s.asAdmin(inquireFileTagListAdmin)).body.datas;
    expect(tags).toEqual(
      expect.arrayContaining([
        { tag: '招生', fileCount: 3 },
        { tag: '封面', fileCount: 1 },
      ]),
    );

    // Paged on the server: two per page, the total counts them all.
    const page = await s.asAdmin(inquireFileListAdmin, {
      folderId: into.folderId,
      pageSize: 2,
      pageIndex: 2,
    });
    expect(page.body.datas).toHaveLength(1);
    expect(page.body.totalRecordCount).toBe(3);

    const top = await s.asAdmin(moveFilesAdmin, { fileUuids: [uuids[2]], folderId: null });
    expect(only(top)).toEqual({ fileUuid: uuids[2], folderId: null });
    const log = await s.asAdmin(inquireAuditLogListAdmin, { targetType: 'file', targetId: uuids[2] });
    expect(log.body.datas[0]).toMatchObject({
      action: 'move',
      detail: { before: { folderId: into.folderId } },
    });
  });

  it('refuses an unknown file, an unknown folder, a too long tag and too many files, changing nothing', async () => {
    const picture = await uploadPng(server, s.adminSid, '拒绝测试.png');
    const before = await dataFingerprint(server.app);
    const unknownFile = await s.asAdmin(tagFilesAdmin, {
      fileUuids: [picture.fileUuid, UNKNOWN_FILE],
      add: ['新'],
    });
    expect(unknownFile.body).toMatchObject({ success: false, errorCode: 404 });
    const unknownFolder = await s.asAdmin(moveFilesAdmin, {
      fileUuids: [picture.fileUuid],
      folderId: 2147483647,
    });
    expect(unknownFolder.body).toMatchObject({
      success: false,
      errorCode: 404,
      errorMessage: libraryMessages.folderNotFound,
    });
    const longTag = await s.asAdmin(tagFilesAdmin, {
      fileUuids: [picture.fileUuid],
      add: ['签'.repeat(FILE_TAG_MAX + 1)],
    });
    expect(longTag.body).toMatchObject({
      success: false,
      errorCode: 400,
      errors: [{ message: `标签不能超过 ${FILE_TAG_MAX} 个字` }],
    });
    const tooMany = Array.from(
      { length: FILE_BULK_MAX + 1 },
      (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    );
    const over = await s.asAdmin(moveFilesAdmin, { fileUuids: tooMany, folderId: null });
    expect(over.body).toMatchObject({ success: false, errorCode: 400, errors: [{ field: 'fileUuids' }] });
    expect(over.body.errorMessage).toContain(String(FILE_BULK_MAX));
    const nothing = await s.asAdmin(tagFilesAdmin, { fileUuids: [picture.fileUuid] });
    expect(nothing.body).toMatchObject({
      success: false,
      errorCode: 400,
      errorMessage: expect.stringContaining(libraryMessages.tagsRequired),
    });
    const badKind = await s.asAdmin(inquireFileListAdmin, { kind: 'spreadsheet' });
    expect(badKind.body).toMatchObject({ success: false, errorCode: 400, errors: [{ field: 'kind' }] });
    const denied = await s.asUser(moveFilesAdmin, { fileUuids: [picture.fileUuid], folderId: null });
    expect(denied.body).toMatchObject({ success: false });
    expect(await dataFingerprint(server.app)).toEqual(before);
  });
});
