import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { contentVersionOf, fileUrls, imageFormatFor, imageWidthFor } from '@yuexun/contract';
import { and, eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeader, sessionOf } from '../../test/accounts';
import { sha256 } from '../../test/crypto';
import { startServer, type TestServer } from '../../test/server';
import { file } from '../db/schema';

describe('the allowed widths and formats', () => {
  it('rounds a width up to the next allowed one, at most the largest', () => {
    expect(['1', '160', '161', '480', '641', '1200', '5000', '999999999'].map(imageWidthFor)).toEqual([
      160, 160, 320, 480, 800, 1200, 1200, 1200,
    ]);
  });
  it('ignores what is not a plain number, and formats other than webp', () => {
    expect([undefined, '', '0', '-5', 'abc', '1e3', '12.5', ' 480', '1234567890'].map(imageWidthFor)).toEqual(
      Array(9).fill(null),
    );
    expect(['webp', 'WEBP', 'gif', 'avif', '../x', undefined].map(imageFormatFor)).toEqual([
      'webp',
      null,
      null,
      null,
      null,
      null,
    ]);
  });
});

describe('picture variants through viewPic.file', () => {
  let server: TestServer;
  let cover: { uuid: string; sha256: string; format: string };
  beforeAll(async () => {
    server = await startServer('pglite');
    const [row] = await server.app.db
      .select()
      .from(file)
      .where(and(eq(file.visibility, 'public'), inArray(file.format, ['png', 'jpg'])))
      .limit(1);
    if (!row) throw new Error('no public cover seeded');
    cover = row;
  });
  afterAll(() => server.close());

  const get = async (path: string, headers: Record<string, string> = {}) => {
    const res = await fetch(`${server.url}${path}`, { headers });
    return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
  };

  it('draws a smaller WebP copy, keeps it on disk and caches it for a year at the address naming its content', async () => {
    const got = await get(fileUrls.viewPic(cover.uuid, { width: 480, format: 'webp' }));
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('image/webp');
    // Replaceable at this address (decision 064): checked again by its ETag; with v= it is kept for a year.
    expect(got.headers.get('cache-control')).toBe('public, no-cache');
    const versioned = fileUrls.viewPic(cover.uuid, {
      width: 480,
      format: 'webp',
      version: contentVersionOf(cover.sha256),
    });
    expect((await get(versioned)).headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(got.headers.get('x-content-type-options')).toBe('nosniff');
    expect(got.headers.get('content-disposition')).toMatch(/^inline; .*\.webp/);
    const meta = await sharp(got.bytes).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 480, height: 270 });
    const etag = got.headers.get('etag') ?? '';
    expect(etag).toBe(`"${cover.sha256}-480.webp"`);
    expect(existsSync(join(server.app.config.dataDir, 'cache', 'images', cover.uuid, '480.webp'))).toBe(true);

    const again = await get(fileUrls.viewPic(cover.uuid, { width: 480, format: 'webp' }));
    expect(sha256(again.bytes)).toBe(sha256(got.bytes));
    const revalidated = await get(fileUrls.viewPic(cover.uuid, { width: 480, format: 'webp' }), {
      'if-none-match': etag,
    });
    expect(revalidated.status).toBe(304);
  });

  it('confirms a copy the browser holds without drawing it (an instance whose cache is still empty)', async () => {
    const path = fileUrls.viewPic(cover.uuid, { width: 160, format: 'webp' });
    const etag = `"${cover.sha256}-160.webp"`;
    const revalidated = await get(path, { 'if-none-match': etag });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get('etag')).toBe(etag);
    expect(revalidated.headers.get('cache-control')).toBe('public, no-cache');
    expect(existsSync(join(server.app.config.dataDir, 'cache', 'images', cover.uuid, '160.webp'))).toBe(
      false,
    );
    // Another copy's tag is not this one: the picture itself is sent.
    const other = await get(path, { 'if-none-match': `"${cover.sha256}-320.webp"` });
    expect(other.status).toBe(200);
    expect((await sharp(other.bytes).metadata()).width).toBe(160);
  });

  it('resizes in the stored format when no format is asked for, and never enlarges', async () => {
    const small = await get(`${fileUrls.viewPic(cover.uuid)}&w=320`);
    const meta = await sharp(small.bytes).metadata();
    expect(meta.width).toBe(320);
    expect(meta.format).toBe(cover.format === 'jpg' ? 'jpeg' : cover.format);
    // The demo covers are 800 wide: a larger width gives them at their own size.
    const large = await get(`${fileUrls.viewPic(cover.uuid)}&w=99999&fmt=webp`);
    expect(await sharp(large.bytes).metadata()).toMatchObject({ width: 800, format: 'webp' });
  });

  it('a page asking for the same variant many times at once gets it drawn once, the same for all', async () => {
    const path = fileUrls.viewPic(cover.uuid, { width: 640, format: 'webp' });
    const answers = await Promise.all(Array.from({ length: 8 }, () => get(path)));
    expect(new Set(answers.map((a) => a.status))).toEqual(new Set([200]));
    expect(new Set(answers.map((a) => sha256(a.bytes))).size).toBe(1);
  });

  it.each([
    '&w=',
    '&w=0',
    '&w=-480',
    '&w=abc',
    '&w=1e3',
    '&w=480.5',
    '&w=%3Cscript%3E',
    '&fmt=gif',
    '&fmt=../../etc/passwd',
    '&w=480&w=640',
    `&w=${'9'.repeat(40)}`,
  ])('%s gives the original picture, not an error', async (query) => {
    const got = await get(`${fileUrls.viewPic(cover.uuid)}${query}`);
    expect(got.status).toBe(200);
    expect(sha256(got.bytes)).toBe(cover.sha256);
  });

  it('an unknown picture with a width answers the 404 envelope', async () => {
    const got = await get('/fs/api/v1.0/viewPic.file?fileUuid=00000000-0000-4000-8000-000000000000&w=480');
    expect(got.status).toBe(404);
    expect(JSON.parse(got.bytes.toString())).toMatchObject({
      success: false,
      errorCode: 404,
      errorMessage: '图片不存在',
    });
  });

  it('a private picture: variants only for those who may read it, never publicly cached', async () => {
    const user = await sessionOf(server, 'user');
    const png = await sharp({
      create: { width: 1000, height: 500, channels: 3, background: { r: 24, g: 144, b: 255 } },
    })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([png]), '班级合影.png');
    const res = await fetch(`${server.url}${fileUrls.upload}`, {
      method: 'POST',
      body: form,
      headers: cookieHeader(user),
    });
    const uuid = ((await res.json()) as { data: { fileUuid: string }[] }).data[0]?.fileUuid as string;
    const path = fileUrls.viewPic(uuid, { width: 160, format: 'webp' });
    expect((await get(path)).status).toBe(404);
    const mine = await get(path, cookieHeader(user));
    expect(mine.status).toBe(200);
    expect(mine.headers.get('cache-control')).toBe('private, max-age=0');
    expect(await sharp(mine.bytes).metadata()).toMatchObject({ width: 160, height: 80 });
  });

  it('a stored picture that cannot be drawn: the original, cached only briefly, never a 500', async () => {
    const png = await sharp({
      create: { width: 400, height: 200, channels: 3, background: { r: 24, g: 144, b: 255 } },
    })
      .png()
      .toBuffer();
    // Damaged on disk after its upload (uploads themselves must decode to their end).
    const broken = png.subarray(0, Math.floor(png.length / 2));
    const uuid = '0b0b0b0b-0000-4000-8000-00000000b0b0';
    await server.app.db.insert(file).values({
      uuid,
      name: '损坏.png',
      size: broken.length,
      format: 'png',
      contentType: 'image/png',
      sha256: sha256(broken),
      visibility: 'public',
    });
    await server.app.blobs.put(uuid, Readable.from([broken]));
    const got = await get(fileUrls.viewPic(uuid, { width: 160, format: 'webp' }));
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('image/png');
    expect(sha256(got.bytes)).toBe(sha256(broken));
    expect(got.headers.get('cache-control')).toBe('no-cache');
  });

  it('a WebP asked for as WebP at full width is the stored picture itself', async () => {
    const user = await sessionOf(server, 'admin');
    const webp = await sharp({
      create: { width: 300, height: 150, channels: 3, background: { r: 24, g: 144, b: 255 } },
    })
      .webp()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([webp]), '校园.webp');
    const res = await fetch(`${server.url}${fileUrls.upload}`, {
      method: 'POST',
      body: form,
      headers: cookieHeader(user),
    });
    const uuid = ((await res.json()) as { data: { fileUuid: string }[] }).data[0]?.fileUuid as string;
    const got = await get(fileUrls.viewPic(uuid, { format: 'webp' }), cookieHeader(user));
    expect(got.status).toBe(200);
    expect(sha256(got.bytes)).toBe(sha256(webp));
  });
});
