/** Replacing a file at the same address, its revisions and restoring one (decision 064), on both databases. */
import {
  contentVersionOf,
  deleteFileAdmin,
  fileUrls,
  inquireAuditLogListAdmin,
  inquireFileRevisionListAdmin,
  replaceFileAdmin,
  restoreFileRevisionAdmin,
  updateFilePictureAdmin,
} from '@yuexun/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeader } from '../../test/accounts';
import { type AdminSessions, adminSessions, only } from '../../test/admin';
import { sha256 } from '../../test/crypto';
import { drivers, startServer, type TestServer } from '../../test/server';
import { dataFingerprint } from '../../test/snapshot';
import { fileRevision } from '../db/schema';

/** A 600 × 900 grey picture with a 200 × 200 block of the given colour at the top. */
const portrait = (colour: string) =>
  sharp({ create: { width: 600, height: 900, channels: 3, background: '#9aa5b1' } })
    .composite([
      { input: { create: { width: 200, height: 200, channels: 3, background: colour } }, left: 200, top: 60 },
    ])
    .png()
    .toBuffer();

/** The mean colour of a picture's pixels (r, g, b). */
const meanColour = async (bytes: Buffer) => {
  const { channels } = await sharp(bytes).stats();
  return channels.slice(0, 3).map((c) => Math.round(c.mean));
};

describe.each(drivers)('replacing a file at the same address on %s', (driver) => {
  let server: TestServer;
  let s: AdminSessions;
  beforeAll(async () => {
    server = await startServer(driver);
    s = await adminSessions(server);
  });
  afterAll(() => server.close());

  const upload = async (bytes: Buffer, name: string, sid = s.adminSid) => {
    const form = new FormData();
    form.append('visibility', 'public');
    form.append('file', new Blob([bytes]), name);
    const res = await fetch(`${server.url}${fileUrls.upload}`, {
      method: 'POST',
      body: form,
      headers: cookieHeader(sid),
    });
    return ((await res.json()) as { datas: { fileUuid: string }[] }).datas[0]?.fileUuid ?? '';
  };
  const view = async (path: string, headers: Record<string, string> = {}) => {
    const res = await fetch(`${server.url}${path}`, { headers });
    return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
  };
  const refusal = async (input: Record<string, unknown>) => {
    const res = await s.asAdmin(replaceFileAdmin, input);
    expect(res.body.success).toBe(false);
    return res.body.errorMessage as string;
  };

  it('serves the new content at the same address, with new ETags and crops, and keeps the old as a revision', async () => {
    const red = await portrait('#ff0000');
    const blue = await portrait('#0000ff');
    const uuid = await upload(red, '校长人像.png');
    only(
      await s.asAdmin(updateFilePictureAdmin, { fileUuid: uuid, altText: '校长', focusX: 0.5, focusY: 0.15 }),
    );
    const crop = fileUrls.viewPic(uuid, { crop: 'banner-phone', width: 320, format: 'webp' });
    const before = await view(fileUrls.viewPic(uuid));
    const cropBefore = await view(crop);
    expect(sha256(before.bytes)).toBe(sha256(red));
    expect((await meanColour(cropBefore.bytes))[0]).toBeGreaterThan(
      (await meanColour(cropBefore.bytes))[2] ?? 0,
    );

    const next = await upload(blue, '新人像.png');
    const saved = only(await s.asAdmin(replaceFileAdmin, { fileUuid: uuid, withFileUuid: next }));
    expect(saved).toMatchObject({
      fileUuid: uuid,
      fileName: '校长人像.png',
      fileSize: blue.length,
      sha256: sha256(blue),
    });

    const after = await view(fileUrls.viewPic(uuid), { 'if-none-match': before.headers.get('etag') ?? '' });
    expect(after.status).toBe(200);
    expect(sha256(after.bytes)).toBe(sha256(blue));
    expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'));
    expect(after.headers.get('cache-control')).toBe('public, no-cache');
    expect(after.headers.get('last-modified')).toBeTruthy();
    const versioned = await view(fileUrls.viewPic(uuid, { version: contentVersionOf(sha256(blue)) }));
    expect(versioned.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    // The crop is drawn again from the new content around the kept focal point.
    const cropAfter = await view(crop, { 'if-none-match': cropBefore.headers.get('etag') ?? '' });
    expect(cropAfter.status).toBe(200);
    const [r, , b] = await meanColour(cropAfter.bytes);
    expect(b).toBeGreaterThan(r ?? 0);
    // The upload that carried the new content is gone; the alt text and point stay.
    expect((await view(fileUrls.viewPic(next))).status).toBe(404);

    const revisions = (await s.asAdmin(inquireFileRevisionListAdmin, { fileUuid: uuid })).body.datas;
    expect(revisions).toHaveLength(1);
    expect(revisions[0]).toMatchObject({
      fileUuid: uuid,
      fileName: '校长人像.png',
      fileSize: red.length,
      sha256: sha256(red),
      format: 'png',
      contentType: 'image/png',
    });
    expect(revisions[0].replacedByName).toBeTruthy();
    const audit = (await s.asAdmin(inquireAuditLogListAdmin, { targetType: 'file', targetId: uuid })).body
      .datas;
    expect(audit.map((a: { action: string }) => a.action)).toContain('replace');

    // Restoring the revision puts the red picture back at the address; the blue one becomes a revision.
    only(await s.asAdmin(restoreFileRevisionAdmin, { fileUuid: uuid, revisionId: revisions[0].id }));
    expect(sha256((await view(fileUrls.viewPic(uuid))).bytes)).toBe(sha256(red));
    const [r2, , b2] = await meanColour((await view(crop)).bytes);
    expect(r2).toBeGreaterThan(b2 ?? 0);
    const twice = (await s.asAdmin(inquireFileRevisionListAdmin, { fileUuid: uuid })).body.datas;
    expect(twice.map((v: { sha256: string }) => v.sha256)).toEqual([sha256(blue), sha256(red)]);
    const restoredAudit = (await s.asAdmin(inquireAuditLogListAdmin, { targetType: 'file', targetId: uuid }))
      .body.datas;
    expect(restoredAudit.map((a: { action: string }) => a.action)).toContain('restore');

    // Deleting the file removes its revisions' bytes too.
    const keys = (
      await server.app.db
        .select({ key: fileRevision.blobKey })
        .from(fileRevision)
        .where(eq(fileRevision.fileUuid, uuid))
    ).map((k) => k.key);
    expect(keys).toHaveLength(2);
    for (const key of keys) expect(await server.app.blobs.exists(key)).toBe(true);
    only(await s.asAdmin(deleteFileAdmin, { fileUuid: uuid }));
    for (const key of keys) expect(await server.app.blobs.exists(key)).toBe(false);
  });

  it('refuses a non-picture for a picture, the file itself, a file in use or not fresh, unknown files and revisions', async () => {
    const picture = await upload(await portrait('#00ff00'), '绿色.png');
    const text = await upload(Buffer.from('只是一段文字\n'), '说明.txt');
    const used = await upload(await portrait('#ffff00'), '已用.png');
    only(
      await s.asAdmin(replaceFileAdmin, {
        fileUuid: used,
        withFileUuid: await upload(await portrait('#00ffff'), 'x.png'),
      }),
    );
    // A file uploaded by someone else (the demo user's own upload stays private to their school).
    const usersUpload = await upload(await portrait('#123456'), '别人的.png', s.userSid);
    const before = await dataFingerprint(server.app);
    expect(await refusal({ fileUuid: picture, withFileUuid: text })).toContain('图片只能替换为图片');
    expect(await refusal({ fileUuid: picture, withFileUuid: picture })).toContain('新版本不能是文件自己');
    const missing = '00000000-0000-4000-8000-000000000000';
    expect(await refusal({ fileUuid: missing, withFileUuid: text })).toContain('文件不存在');
    expect(await refusal({ fileUuid: picture, withFileUuid: missing })).toContain('文件不存在');
    const restore = await s.asAdmin(restoreFileRevisionAdmin, { fileUuid: picture, revisionId: 999999 });
    expect(restore.body.errorMessage).toContain('历史版本不存在');
    expect(await refusal({ fileUuid: picture, withFileUuid: usersUpload })).toMatch(/文件不存在|刚上传/);
    expect(sha256((await view(fileUrls.viewPic(picture))).bytes)).toBe(sha256(await portrait('#00ff00')));
    // A non-picture may be replaced by a picture or another text.
    expect(await dataFingerprint(server.app)).toEqual(before);
    only(
      await s.asAdmin(replaceFileAdmin, {
        fileUuid: text,
        withFileUuid: await upload(Buffer.from('第二版\n'), '说明2.txt'),
      }),
    );
    const got = await view(fileUrls.download(text));
    expect(got.bytes.toString()).toBe('第二版\n');
    expect(got.headers.get('content-disposition')).toContain('.txt');
  });
});
