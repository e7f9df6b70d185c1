/**
 * Files in an object store (BLOB_STORE=s3) against a real S3-compatible server on 127.0.0.1 (s3rver, with
 * a Signature V4 check): upload, picture copies, download and preview of a private file, the console's file
 * manager; two instances on one database and one bucket share the copies one of them drew; a store that is
 * down or refusing keeps nothing and answers 503, and a wrong setting is named at start-up.
 */
import { randomBytes } from 'node:crypto';
import { deleteFileAdmin, fileUrls, inquireFileListAdmin } from '@yuexun/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, cookieHeader, sessionOf } from '../../test/accounts';
import { fileClient, image, minimalPdf, sha256, UPLOAD_LIMIT } from '../../test/files';
import { type S3TestServer, startS3Server } from '../../test/s3-server';
import { drivers, startServer, type TestServer } from '../../test/server';
import { dataFingerprint } from '../../test/snapshot';
import { loadConfig } from '../config';
import { file } from '../db/schema';
import { openS3Store } from '../shared/platforms/s3';

describe.each(drivers)('files in an object store, on %s', (driver) => {
  let s3: S3TestServer;
  let a: TestServer;
  let b: TestServer;
  let user: string;
  let admin: string;
  beforeAll(async () => {
    s3 = await startS3Server();
    a = await startServer(driver, { uploadMaxBytes: UPLOAD_LIMIT, ...s3.overrides() });
    // The second instance: the same database (PostgreSQL by URL, PGlite by its open handle) and bucket.
    b = await startServer(
      driver,
      { uploadMaxBytes: UPLOAD_LIMIT, ...s3.overrides() },
      driver === 'postgres' ? { databaseUrl: a.databaseUrl } : { database: a.app.database },
    );
    user = await sessionOf(a, 'user');
    admin = await sessionOf(a, 'admin');
  }, 120_000);
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await s3?.close();
  });
  const onA = fileClient(() => a);
  const onB = fileClient(() => b);

  it('keeps an upload in the bucket, not on disk; download, view and preview give the same bytes', async () => {
    const pdf = await minimalPdf();
    const up = await onA.upload(pdf, '课程表.pdf', { sid: user });
    expect(up.status).toBe(200);
    const uuid = up.body.data[0].fileUuid as string;
    expect(s3.writes()).toContain(`files/${uuid}`);
    expect(await onA.tempFilesLeft()).toBe(0);
    const [row] = await a.app.db.select().from(file).where(eq(file.uuid, uuid));
    expect(row).toMatchObject({ visibility: 'private', sha256: sha256(pdf) });

    // Private: the owner reads it from either instance; nobody else does.
    for (const client of [onA, onB]) {
      const got = await client.get(fileUrls.download(uuid), cookieHeader(user));
      expect(got.status).toBe(200);
      expect(sha256(got.bytes)).toBe(sha256(pdf));
      expect(got.headers.get('content-disposition')).toMatch(/^attachment;/);
      expect((await client.get(fileUrls.download(uuid))).status).toBe(404);
    }
    const inline = await onB.get(`${fileUrls.download(uuid)}&view=1`, cookieHeader(user));
    expect(inline.headers.get('content-type')).toBe('application/pdf');
    expect(inline.headers.get('content-disposition')).toMatch(/^inline;/);
    expect(sha256(inline.bytes)).toBe(sha256(pdf));

    // The preview page knows the file and frames its inline address.
    const page = await onB.get(
      `/file-preview/1.0/?${new URLSearchParams({ fileUuid: uuid, fileName: '课程表.pdf' })}`,
      cookieHeader(user),
    );
    expect(page.status).toBe(200);
    expect(page.bytes.toString()).toContain(uuid);
    expect(page.bytes.toString()).not.toContain('文件不存在或链接无效');
  });

  it.each([
    [
      'a type refused by content',
      () => Buffer.from('MZ\x90\x00 not a picture at all'),
      'photo.png',
      200,
      400,
      /^不支持的文件类型/,
    ],
    ['an empty file', () => Buffer.alloc(0), 'empty.txt', 200, 400, /^文件内容为空/],
    [
      'a file over the limit',
      () => randomBytes(UPLOAD_LIMIT + 1024),
      'big.png',
      413,
      413,
      /^文件不能超过 256KB$/,
    ],
  ])(
    'uploads keep their checks: %s writes nothing to the bucket',
    async (_what, make, name, httpStatus, code, message) => {
      const before = await dataFingerprint(a.app);
      const writes = s3.writes().length;
      const { status, body } = await onA.upload(make(), name, { sid: user });
      expect(status).toBe(httpStatus);
      expect(body).toMatchObject({ success: false, errorCode: code });
      expect(body.errorMessage).toMatch(message);
      expect(s3.writes()).toHaveLength(writes);
      expect(await dataFingerprint(a.app)).toEqual(before);
      expect(await onA.tempFilesLeft()).toBe(0);
    },
  );

  it('a picture copy drawn by one instance is served by the other without drawing it again', async () => {
    const png = await image('png');
    const up = await onA.upload(png, '校园.png', { sid: admin, fields: { visibility: 'public' } });
    const uuid = up.body.data[0].fileUuid as string;
    const path = fileUrls.viewPic(uuid, { width: 160, format: 'webp' });

    const first = await onA.get(path);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('image/webp');
    expect(first.headers.get('cache-control')).toBe('public, no-cache');
    expect(a.app.imageVariants.drawn()).toBe(1);
    const variantKey = `variants/${uuid}/160.webp`;
    expect(s3.writes().filter((k) => k === variantKey)).toHaveLength(1);

    const drawnByB = b.app.imageVariants.drawn();
    const second = await onB.get(path);
    expect(second.status).toBe(200);
    expect(sha256(second.bytes)).toBe(sha256(first.bytes));
    expect(second.headers.get('etag')).toBe(first.headers.get('etag'));
    // Read from the bucket: B drew nothing and nothing was written again.
    expect(b.app.imageVariants.drawn()).toBe(drawnByB);
    expect(a.app.imageVariants.drawn()).toBe(1);
    expect(s3.writes().filter((k) => k === variantKey)).toHaveLength(1);
    // The original, from the other instance, is the uploaded bytes.
    expect(sha256((await onB.get(fileUrls.viewPic(uuid))).bytes)).toBe(sha256(png));
  });

  it('the console file manager lists an upload and deletes it with its copies from the bucket', async () => {
    const png = await image('jpeg');
    const up = await onA.upload(png, '待删除的照片.jpg', { sid: admin, fields: { visibility: 'public' } });
    const uuid = up.body.data[0].fileUuid as string;
    expect((await onA.get(fileUrls.viewPic(uuid, { width: 160, format: 'webp' }))).status).toBe(200);
    expect(await a.app.blobs.exists(uuid)).toBe(true);

    const adminB = await sessionOf(b, 'admin');
    const list = await callAs(b, inquireFileListAdmin, adminB, { keyword: '待删除的照片' });
    expect(list.body.datas.map((f: { fileUuid: string }) => f.fileUuid)).toEqual([uuid]);
    const removed = await callAs(b, deleteFileAdmin, adminB, { fileUuid: uuid });
    expect(removed.body.success).toBe(true);
    expect(await a.app.blobs.exists(uuid)).toBe(false);
    const bucket = await openS3Store(s3.config());
    try {
      expect(await bucket.list(`variants/${uuid}/`)).toEqual([]);
      expect(await bucket.list(`files/${uuid}`)).toEqual([]);
    } finally {
      bucket.close();
    }
    expect((await onA.get(fileUrls.viewPic(uuid))).status).toBe(404);
  });

  it.each([
    ['down (503)', 'unavailable'],
    ['refusing (403)', 'refuse'],
  ] as const)(
    'a store that is %s: an upload keeps nothing and says so in Chinese; reads answer 503',
    async (_what, failure) => {
      const png = await image('png');
      const kept = await onA.upload(png, '先存好的.png', { sid: user });
      const keptUuid = kept.body.data[0].fileUuid as string;
      const before = await dataFingerprint(a.app);
      const writes = s3.writes().length;
      s3.failWith(failure);
      try {
        const refused = await onA.upload(png, '存不进去.png', { sid: user });
        expect(refused.status).toBe(503);
        expect(refused.body).toMatchObject({
          success: false,
          errorCode: 503,
          errorMessage: '文件存储暂时不可用，文件未保存，请稍后重新上传',
        });
        expect(await dataFingerprint(a.app)).toEqual(before);
        expect(s3.writes()).toHaveLength(writes);
        expect(await onA.tempFilesLeft()).toBe(0);

        for (const path of [
          fileUrls.download(keptUuid),
          fileUrls.viewPic(keptUuid),
          fileUrls.viewPic(keptUuid, { width: 160, format: 'webp' }),
        ]) {
          const got = await onB.get(path, cookieHeader(user));
          expect(got.status, path).toBe(503);
          expect(JSON.parse(got.bytes.toString())).toMatchObject({
            success: false,
            errorCode: 503,
            errorMessage: '文件存储暂时不可用，请稍后再试',
          });
          expect(got.headers.get('cache-control')).toBe('no-store');
          expect(got.headers.get('etag')).toBeNull();
        }
        // Pages need no file: the site still answers.
        expect((await onB.get('/home')).status).toBe(200);
      } finally {
        s3.failWith(null);
      }
      expect((await onB.get(fileUrls.download(keptUuid), cookieHeader(user))).status).toBe(200);
      expect((await onA.upload(png, '恢复后.png', { sid: user })).status).toBe(200);
    },
  );
});

describe('object store settings', () => {
  let s3: S3TestServer;
  beforeAll(async () => {
    s3 = await startS3Server();
  });
  afterAll(() => s3.close());

  it.each([
    [{ BLOB_STORE: 's3' }, 'S3_BUCKET is required when BLOB_STORE is s3'],
    [{ BLOB_STORE: 's3', S3_BUCKET: 'site-files' }, 'S3_ACCESS_KEY_ID is required when BLOB_STORE is s3'],
    [
      { BLOB_STORE: 's3', S3_BUCKET: 'site-files', S3_ACCESS_KEY_ID: 'AK', S3_SECRET_ACCESS_KEY: 'SK' },
      'S3_REGION is required when BLOB_STORE is s3',
    ],
    [{ BLOB_STORE: 's3', S3_ENDPOINT: 'oss-cn-hangzhou.aliyuncs.com' }, 'S3_ENDPOINT must be an http(s) URL'],
    [{ BLOB_STORE: 's3', S3_ENDPOINT: 'https://s3.example.com/bucket' }, 'S3_ENDPOINT must be the address'],
    [{ S3_BUCKET: 'My_Bucket' }, 'S3_BUCKET must be a bucket name'],
    [{ S3_FORCE_PATH_STYLE: 'maybe' }, 'S3_FORCE_PATH_STYLE must be true or false'],
    [{ BLOB_STORE: 'oss' }, 'BLOB_STORE must be disk or s3'],
  ])('a start-up with %o stops with one line naming the setting', (env, line) => {
    expect(() => loadConfig(env)).toThrow(`Invalid configuration: ${line}`);
  });

  it('AWS needs only the region; a local server the endpoint and path style', () => {
    const keys = {
      BLOB_STORE: 's3',
      S3_BUCKET: 'site-files',
      S3_ACCESS_KEY_ID: 'AK',
      S3_SECRET_ACCESS_KEY: 'SK',
    };
    expect(loadConfig({ ...keys, S3_REGION: 'ap-east-1' }).s3).toMatchObject({
      endpoint: null,
      region: 'ap-east-1',
      forcePathStyle: false,
    });
    expect(loadConfig({ ...s3.env(), ...keys }).s3).toMatchObject({
      endpoint: s3.endpoint,
      forcePathStyle: true,
    });
    expect(loadConfig({ ...keys, S3_REGION: 'ap-east-1' }).blobStore).toBe('s3');
    expect(loadConfig({}).s3).toBeNull();
  });

  it.each([
    ['a wrong secret', { secretAccessKey: 'not-the-secret' }, /S3_SECRET_ACCESS_KEY/],
    ['an unknown key id', { accessKeyId: 'AKIDUNKNOWN' }, /S3_ACCESS_KEY_ID/],
    ['a bucket that does not exist', { bucket: 'no-such-bucket' }, /S3_BUCKET "no-such-bucket"/],
    ['an endpoint nobody answers at', { endpoint: 'http://127.0.0.1:9' }, /S3_ENDPOINT cannot be reached/],
  ])(
    'the server starts with %s and its log names the setting',
    async (_what, over, named) => {
      const badSignatures = s3.badSignatures();
      const server = await startServer('pglite', s3.overrides(over));
      const fault = () =>
        server
          .logLines()
          .map((line) => JSON.parse(line) as { msg: string })
          .find((line) => line.msg.startsWith('object store not usable'))?.msg;
      try {
        await expect.poll(fault, { timeout: 30_000 }).toMatch(named);
        expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
        // s3rver itself checks only the key id: the secret is caught by the helper's Signature V4 check.
        if ('secretAccessKey' in over) expect(s3.badSignatures()).toBeGreaterThan(badSignatures);
      } finally {
        await server.close();
      }
    },
    60_000,
  );

  it('with the right settings it says the store is ready, every request signed as S3 checks it', async () => {
    const badSignatures = s3.badSignatures();
    const server = await startServer('pglite', s3.overrides());
    try {
      await expect
        .poll(() => server.logLines().some((l) => l.includes('object store ready')), { timeout: 30_000 })
        .toBe(true);
      expect(s3.badSignatures()).toBe(badSignatures);
    } finally {
      await server.close();
    }
  }, 60_000);
});
