/**
 * Bad uploads answer the envelope with a Chinese message and store nothing.
 */
import { randomBytes } from 'node:crypto';
import { fileUrls } from '@yuexun/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeader, sessionOf } from '../../test/accounts';
import { fileClient, image, startFileServer, UPLOAD_LIMIT, type UploadInit } from '../../test/files';
import { mediaFixture, wavTone } from '../../test/media';
import { drivers, type TestServer } from '../../test/server';
import { dataFingerprint } from '../../test/snapshot';
import { session } from '../db/schema';

describe.each(drivers)('files on %s', (driver) => {
  let server: TestServer;
  let user: string;
  beforeAll(async () => {
    ({ server, user } = await startFileServer(driver));
  });
  afterAll(() => server.close());
  const { upload, tempFilesLeft } = fileClient(() => server);
  describe('bad uploads answer the envelope with a Chinese message and store nothing', () => {
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(62), Buffer.from('PE\0\0'), randomBytes(512)]);
    exe.writeUInt32LE(64, 60);
    const cases: [string, () => Promise<Buffer> | Buffer, string, UploadInit, number, number, RegExp][] = [
      ['no file', () => Buffer.alloc(0), 'x.png', { noFile: true }, 200, 400, /^请选择要上传的文件$/],
      ['an empty file', () => Buffer.alloc(0), 'empty.png', {}, 200, 400, /^文件内容为空/],
      ['an .exe renamed .png', () => exe, 'photo.png', {}, 200, 400, /^不支持的文件类型/],
      [
        'an HTML file',
        () => Buffer.from('<!doctype html><script>alert(1)</script>'),
        'page.html',
        {},
        200,
        400,
        /^不支持的文件类型/,
      ],
      [
        'HTML named .txt',
        () => Buffer.from('<html><body onload=alert(1)>'),
        'notes.txt',
        {},
        200,
        400,
        /^不支持的文件类型/,
      ],
      [
        'an SVG picture',
        () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        'logo.svg',
        {},
        200,
        400,
        /^不支持的文件类型/,
      ],
      [
        'a PNG signature over junk',
        () => Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), randomBytes(1024)]),
        'fake.png',
        {},
        200,
        400,
        /^不支持的文件类型/,
      ],
      ['binary junk', () => randomBytes(2048), 'data.bin', {}, 200, 400, /^不支持的文件类型/],
      [
        'a picture cut short (its header whole)',
        async () => {
          // A photo-like picture (noise), so the cut falls in the pixel data, after a whole header.
          const jpeg = await sharp({
            create: {
              width: 320,
              height: 240,
              channels: 3,
              background: '#1890ff',
              noise: { type: 'gaussian', mean: 128, sigma: 40 },
            },
          })
            .jpeg()
            .toBuffer();
          const cut = jpeg.subarray(0, Math.floor(jpeg.length * 0.6));
          expect((await sharp(cut).metadata()).width).toBe(320);
          return cut;
        },
        'photo.jpg',
        {},
        200,
        400,
        /^不支持的文件类型/,
      ],
      [
        'a WAV header over an executable',
        () => Buffer.concat([wavTone().subarray(0, 12), exe]),
        'recording.wav',
        {},
        200,
        400,
        /^不支持的文件类型/,
      ],
      [
        'a video cut short',
        () => mediaFixture('phone-video.mov').subarray(0, 700),
        'clip.mov',
        {},
        200,
        400,
        /^不支持的文件类型/,
      ],
      [
        'an M4A signature over junk',
        () => Buffer.concat([mediaFixture('voice-memo.m4a').subarray(0, 32), randomBytes(512)]),
        'memo.m4a',
        {},
        200,
        400,
        /^不支持的文件类型/,
      ],
      [
        'a WebM header with no segment',
        () => Buffer.concat([mediaFixture('class-clip.webm').subarray(0, 40), randomBytes(256)]),
        'clip.webm',
        {},
        200,
        400,
        /^不支持的文件类型/,
      ],
      [
        'a file over the limit',
        () => randomBytes(UPLOAD_LIMIT + 1024),
        'big.png',
        {},
        413,
        413,
        /^文件不能超过 256KB$/,
      ],
      ['no session', () => image('png'), 'x.png', { sid: undefined }, 200, 401, /^未登录$/],
      [
        'a forged session',
        () => image('png'),
        'x.png',
        { sid: randomBytes(32).toString('base64url') },
        200,
        401,
        /^未登录$/,
      ],
      [
        'a foreign origin',
        () => image('png'),
        'x.png',
        { headers: { origin: 'https://evil.example' } },
        200,
        403,
        /跨站请求/,
      ],
    ];
    it.each(cases)('%s', async (_name, make, name, init, httpStatus, code, message) => {
      const before = await dataFingerprint(server.app);
      const { status, body } = await upload(await make(), name, { sid: user, ...init });
      expect(status).toBe(httpStatus);
      expect(body).toMatchObject({ success: false, errorCode: code, status: code });
      expect(body.errorMessage).toMatch(message);
      expect(await dataFingerprint(server.app)).toEqual(before);
      expect(await tempFilesLeft()).toBe(0);
    });

    it.each([
      [
        'a truncated multipart body',
        'multipart/form-data; boundary=XXX',
        '--XXX\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc',
      ],
      ['multipart without a boundary', 'multipart/form-data', 'whatever'],
    ])('%s answers HTTP 400 with the envelope', async (_name, contentType, raw) => {
      const before = await dataFingerprint(server.app);
      const res = await fetch(`${server.url}${fileUrls.upload}`, {
        method: 'POST',
        headers: { ...cookieHeader(user), 'content-type': contentType },
        body: raw,
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({
        success: false,
        errorCode: 400,
        errorMessage: '参数错误：请求体格式错误，无法解析',
      });
      expect(await dataFingerprint(server.app)).toEqual(before);
      expect(await tempFilesLeft()).toBe(0);
    });

    it('two files in one upload answer 400 一次只能上传一个文件', async () => {
      const before = await dataFingerprint(server.app);
      const form = new FormData();
      form.append('file', new Blob([await image('png')]), 'a.png');
      form.append('file', new Blob([await image('png')]), 'b.png');
      const res = await fetch(`${server.url}${fileUrls.upload}`, {
        method: 'POST',
        body: form,
        headers: cookieHeader(user),
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({
        success: false,
        errorCode: 400,
        errorMessage: '一次只能上传一个文件',
      });
      expect(await dataFingerprint(server.app)).toEqual(before);
      expect(await tempFilesLeft()).toBe(0);
    });

    it('a form post without multipart', async () => {
      const { body } = await server.post(fileUrls.upload, { file: 'x' }, { headers: cookieHeader(user) });
      expect(body).toMatchObject({ success: false, errorCode: 400, errorMessage: '请选择要上传的文件' });
    });

    it('an expired session answers 402', async () => {
      const sid = await sessionOf(server, 'user');
      await server.app.db.update(session).set({ expiresAt: new Date(Date.now() - 1000) });
      const { body } = await upload(await image('png'), 'x.png', { sid });
      expect(body).toMatchObject({ success: false, errorCode: 402, errorMessage: '会话已过期' });
      user = await sessionOf(server, 'user');
    });
  });
});
