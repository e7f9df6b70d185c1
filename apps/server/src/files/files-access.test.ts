/**
 * Who may read an uploaded file, and missing or malformed uuids on the file routes.
 */
import { randomBytes } from 'node:crypto';
import { contentVersionOf, fileUrls, inquireTenantListAccount, switchTenantAccount } from '@yuexun/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, cookieHeader, schoolSessionOf } from '../../test/accounts';
import { fileClient, image, sha256, startFileServer } from '../../test/files';
import { drivers, type TestServer } from '../../test/server';
import { file } from '../db/schema';

describe.each(drivers)('files on %s', (driver) => {
  let server: TestServer;
  let user: string;
  let admin: string;
  beforeAll(async () => {
    ({ server, user, admin } = await startFileServer(driver));
  });
  afterAll(() => server.close());
  const { upload, get } = fileClient(() => server);
  describe('who may read', () => {
    let privateUuid: string;
    beforeAll(async () => {
      privateUuid = (await upload(await image('png'), 'private.png', { sid: user })).body.data[0].fileUuid;
    });

    it('the owner and the school admin may; no session or another school may not (404, not 403)', async () => {
      expect((await get(fileUrls.viewPic(privateUuid), cookieHeader(user))).status).toBe(200);
      expect((await get(fileUrls.viewPic(privateUuid), cookieHeader(admin))).status).toBe(200);
      const strangers: Record<string, string>[] = [
        {},
        cookieHeader('forged-session-id'),
        { 'x-sid': randomBytes(32).toString('base64url') },
      ];
      for (const headers of strangers) {
        for (const path of [fileUrls.viewPic(privateUuid), fileUrls.download(privateUuid)]) {
          const got = await get(path, headers);
          expect(got.status).toBe(404);
          expect(JSON.parse(got.bytes.toString())).toMatchObject({ success: false, errorCode: 404 });
        }
      }
      // The same admin, switched to the other school, is that school's admin only.
      const elsewhere = await schoolSessionOf(server, 'admin');
      const tenants = (await callAs(server, inquireTenantListAccount, elsewhere)).body.datas;
      const other = tenants.find((t: { current: boolean }) => !t.current);
      expect(
        (await callAs(server, switchTenantAccount, elsewhere, { tenantId: other.tenantId })).body.success,
      ).toBe(true);
      expect((await get(fileUrls.download(privateUuid), cookieHeader(elsewhere))).status).toBe(404);
      expect((await get(fileUrls.viewPic(privateUuid), cookieHeader(elsewhere))).status).toBe(404);
    });

    it('public covers are for anyone, cached for a year at the address naming their content', async () => {
      const [cover] = await server.app.db
        .select()
        .from(file)
        .where(and(eq(file.visibility, 'public'), inArray(file.format, ['png', 'jpg'])))
        .limit(1);
      const got = await get(fileUrls.viewPic(cover?.uuid as string));
      expect(got.status).toBe(200);
      expect(got.headers.get('cache-control')).toBe('public, no-cache');
      expect(got.headers.get('last-modified')).toBe(cover?.contentUpdatedAt.toUTCString());
      expect(sha256(got.bytes)).toBe(cover?.sha256);
      const versioned = await get(
        fileUrls.viewPic(cover?.uuid as string, { version: contentVersionOf(cover?.sha256 ?? '') }),
      );
      expect(versioned.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(got.bytes.subarray(0, 4).toString('latin1')).toMatch(/PNG|\xff\xd8\xff/);
    });

    it('only an admin can publish an upload (visibility=public)', async () => {
      const byUser = await upload(await image('png'), 'u.png', {
        sid: user,
        fields: { visibility: 'public' },
      });
      const byAdmin = await upload(await image('png'), 'a.png', {
        sid: admin,
        fields: { visibility: 'public' },
      });
      const visibility = async (uuid: string) =>
        (await server.app.db.select().from(file).where(eq(file.uuid, uuid)))[0]?.visibility;
      expect(await visibility(byUser.body.data[0].fileUuid)).toBe('private');
      expect(await visibility(byAdmin.body.data[0].fileUuid)).toBe('public');
      expect((await get(fileUrls.viewPic(byAdmin.body.data[0].fileUuid))).status).toBe(200);
    });
  });

  describe('viewPic and downloadFile with a missing, malformed or unknown uuid answer 404 with the envelope', () => {
    const base = '/fs/api/v1.0/';
    const queries = [
      '',
      '?fileUuid=',
      '?fileUuid=not-a-uuid',
      "?fileUuid=' or 1=1--",
      '?fileUuid=../../etc/passwd',
      `?fileUuid=${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}`,
    ];
    for (const action of ['viewPic.file', 'downloadFile.file']) {
      it.each(queries)(`${action}%s`, async (query) => {
        const got = await get(`${base}${action}${query}`, cookieHeader(user));
        expect(got.status).toBe(404);
        const body = JSON.parse(got.bytes.toString());
        expect(body).toMatchObject({ success: false, errorCode: 404 });
        expect(body.errorMessage).toMatch(/^(文件|图片)不存在$/);
      });
    }
  });
});
