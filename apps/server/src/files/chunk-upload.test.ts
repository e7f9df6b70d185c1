/** The library's resumable chunked upload (decision 066): resumes where the server stopped, checks by content. */
import { randomUUID } from 'node:crypto';
import {
  createFileFolderAdmin,
  fileChunkUpload,
  inquireFileListAdmin,
  libraryMessages,
  messages,
} from '@yuexun/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminSessions, adminSessions, only, PNG } from '../../test/admin';
import { drivers, startServer, type TestServer } from '../../test/server';
import { dataFingerprint } from '../../test/snapshot';

describe.each(drivers)('the resumable chunked upload on %s', (driver) => {
  let server: TestServer;
  let s: AdminSessions;
  beforeAll(async () => {
    server = await startServer(driver);
    s = await adminSessions(server);
  });
  afterAll(() => server.close());

  const address = (query: Record<string, string | number>) =>
    `${server.url}${fileChunkUpload.path}?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}`;
  const send = async (
    uploadId: string,
    bytes: Buffer,
    offset: number,
    size: number,
    extra: Record<string, string | number> = {},
    sid = s.adminSid,
  ) => {
    const res = await fetch(address({ uploadId, offset, size, name: '分片上传.png', ...extra }), {
      method: 'POST',
      body: new Uint8Array(bytes),
      headers: { cookie: `yx_sid=${sid}`, 'content-type': 'application/octet-stream' },
    });
    // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary envelope fields
    return { status: res.status, body: (await res.json()) as any };
  };
  const held = async (uploadId: string) => {
    const res = await fetch(address({ uploadId }), { headers: { cookie: `yx_sid=${s.adminSid}` } });
    return ((await res.json()) as { datas: { received: number }[] }).datas[0]?.received;
  };

  it('continues from the last chunk received after a cut, then stores the file in its folder', async () => {
    const { folderId } = only(await s.asAdmin(createFileFolderAdmin, { name: '分片上传' }));
    const uploadId = randomUUID();
    const [a, b, c] = [PNG.subarray(0, 20), PNG.subarray(20, 40), PNG.subarray(40)];
    const size = PNG.length;
    expect((await send(uploadId, a, 0, size, { folderId })).body.datas[0]).toEqual({ received: 20 });
    // The answer to the second chunk is lost: the client asks what is held, and a repeat changes nothing.
    await send(uploadId, b, 20, size, { folderId });
    expect(await held(uploadId)).toBe(40);
    expect((await send(uploadId, b, 20, size, { folderId })).body.datas[0]).toEqual({ received: 40 });
    const last = (await send(uploadId, c, 40, size, { folderId })).body.datas[0];
    expect(last).toMatchObject({
      received: size,
      file: { fileName: '分片上传.png', fileSize: size, format: 'png' },
    });
    const listed = (await s.asAdmin(inquireFileListAdmin, { folderId })).body.datas;
    expect(listed).toMatchObject([{ fileUuid: last.file.fileUuid, visibility: 'public', folderId }]);
    const view = await fetch(`${server.url}/fs/api/v1.0/viewPic.file?fileUuid=${last.file.fileUuid}`);
    expect(Buffer.from(await view.arrayBuffer())).toEqual(PNG);
    expect(await held(uploadId)).toBe(0);
  });

  it('checks the whole file by content like any upload, and refuses bad chunks, changing nothing', async () => {
    const before = await dataFingerprint(server.app);
    const page = Buffer.from('<!doctype html><script>alert(1)</script>');
    const refused = await send(randomUUID(), page, 0, page.length, { name: '伪装.png' });
    expect(refused.body).toMatchObject({
      success: false,
      errorCode: 400,
      errorMessage: messages.fileTypeRefused,
    });

    const unknownFolder = await send(randomUUID(), PNG, 0, PNG.length, { folderId: 2147483647 });
    expect(unknownFolder.body).toMatchObject({
      success: false,
      errorCode: 404,
      errorMessage: libraryMessages.folderNotFound,
    });
    const beyond = await send(randomUUID(), PNG, 10, PNG.length);
    expect(beyond.body).toMatchObject({
      success: false,
      errorCode: 400,
      errorMessage: libraryMessages.chunkBeyondSize,
    });
    const tooLarge = await send(randomUUID(), PNG, 0, server.app.config.uploadMaxBytes + 1);
    expect(tooLarge).toMatchObject({ status: 413, body: { success: false, errorCode: 413 } });
    const resized = randomUUID();
    await send(resized, PNG.subarray(0, 10), 0, PNG.length);
    const changed = await send(resized, PNG.subarray(10), 10, PNG.length + 5);
    expect(changed.body).toMatchObject({ success: false, errorMessage: libraryMessages.chunkSizeChanged });
    const badId = await send('../../etc', PNG, 0, PNG.length);
    expect(badId.body).toMatchObject({ success: false, errorCode: 400, errors: [{ field: 'uploadId' }] });
    const denied = await send(randomUUID(), PNG, 0, PNG.length, {}, s.userSid);
    expect(denied.body).toMatchObject({ success: false, errorCode: 403 });
    expect(await dataFingerprint(server.app)).toEqual(before);
  });
});
