/**
 * Upload → view → download through the real server: bytes unchanged (sha256), types from content,
 * names made safe, headers that keep browsers from running anything, and who may read what.
 */
import { createHash, randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileUrls, inquireTenantListAccount, switchTenantAccount } from '@yuexun/contract';
import { and, eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, cookieHeader, type SessionPath, sessionOf } from '../../test/accounts';
import { mediaFixture, wavTone } from '../../test/media';
import { type ApiResponse, drivers, startServer, type TestServer } from '../../test/server';
import { dataFingerprint } from '../../test/snapshot';
import { file, session } from '../db/schema';
import { docx } from '../seed/documents/office';
import { pdf } from '../seed/documents/pdf';

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const minimalPdf = () => pdf('课程表', [{ kind: 'paragraph', text: '星期一 语文 数学 英语' }], '');
const minimalDocx = (text: string) => docx(text, [{ kind: 'paragraph', text }]);
const UPLOAD_LIMIT = 256 * 1024;

const image = (format: 'png' | 'jpeg') => {
  const pic = sharp({
    create: { width: 64, height: 48, channels: 3, background: { r: 24, g: 144, b: 255 } },
  });
  return (format === 'png' ? pic.png() : pic.jpeg()).toBuffer();
};

interface UploadInit {
  sid?: string;
  via?: SessionPath;
  fields?: Record<string, string>;
  headers?: Record<string, string>;
  /** Leave out the file part. */
  noFile?: boolean;
}

describe.each(drivers)('files on %s', (driver) => {
  let server: TestServer;
  let user: string;
  let admin: string;
  beforeAll(async () => {
    server = await startServer(driver, { uploadMaxBytes: UPLOAD_LIMIT });
    user = await sessionOf(server, 'user');
    admin = await sessionOf(server, 'admin');
  });
  afterAll(() => server.close());

  const upload = async (bytes: Buffer, name: string, init: UploadInit = {}) => {
    const form = new FormData();
    const via = init.via ?? 'cookie';
    if (init.sid && via === 'sid field') form.append('sid', init.sid);
    for (const [k, v] of Object.entries(init.fields ?? {})) form.append(k, v);
    if (!init.noFile) form.append('file', new Blob([bytes]), name);
    const headers: Record<string, string> = { ...init.headers };
    if (init.sid && via === 'cookie') Object.assign(headers, cookieHeader(init.sid));
    if (init.sid && via === 'x-sid header') headers['x-sid'] = init.sid;
    const res = await fetch(`${server.url}${fileUrls.upload}`, { method: 'POST', body: form, headers });
    return { status: res.status, body: (await res.json()) as ApiResponse['body'] };
  };

  const get = async (path: string, headers: Record<string, string> = {}) => {
    const res = await fetch(`${server.url}${path}`, { headers });
    const bytes = Buffer.from(await res.arrayBuffer());
    return { status: res.status, headers: res.headers, bytes };
  };

  const tempFilesLeft = async () => {
    try {
      return (await readdir(join(server.app.config.dataDir, 'tmp'))).length;
    } catch {
      return 0;
    }
  };

  describe('round trips keep the bytes', () => {
    const cases: [string, () => Promise<Buffer> | Buffer, string, string, string][] = [
      ['PNG', () => image('png'), '校园照片.png', 'png', 'image/png'],
      ['JPEG', () => image('jpeg'), 'class photo.jpeg', 'jpg', 'image/jpeg'],
      ['PDF', () => minimalPdf(), '课程表.pdf', 'pdf', 'application/pdf'],
      [
        'Chinese-named DOCX',
        () => minimalDocx('春季学期教学计划'),
        '教学计划（2026 春季）.docx',
        'docx',
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      ],
      ['WAV recording', () => wavTone(), '晨读录音.wav', 'wav', 'audio/wav'],
      ['M4A voice memo', () => mediaFixture('voice-memo.m4a'), '家长会发言.m4a', 'm4a', 'audio/mp4'],
      ['WebM video', () => mediaFixture('class-clip.webm'), '公开课片段.webm', 'webm', 'video/webm'],
      [
        'QuickTime video from a phone',
        () => mediaFixture('phone-video.mov'),
        '运动会.mov',
        'mov',
        'video/quicktime',
      ],
    ];
    it.each(cases)('%s', async (_kind, make, name, format, contentType) => {
      const bytes = await make();
      const { status, body } = await upload(bytes, name, { sid: user });
      expect(status).toBe(200);
      expect(body).toMatchObject({ success: true, flag: 'SUCCESS', status: 200 });
      const item = body.data[0];
      expect(body.datas).toEqual(body.data);
      expect(item).toEqual({
        fileUuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
        fileName: format === 'jpg' ? 'class photo.jpg' : name,
        fileSize: bytes.length,
        format,
      });
      const [row] = await server.app.db.select().from(file).where(eq(file.uuid, item.fileUuid));
      expect(row).toMatchObject({ sha256: sha256(bytes), visibility: 'private', contentType });

      const download = await get(fileUrls.download(item.fileUuid), cookieHeader(user));
      expect(download.status).toBe(200);
      expect(sha256(download.bytes)).toBe(sha256(bytes));
      expect(download.headers.get('content-type')).toBe(contentType);
      expect(download.headers.get('x-content-type-options')).toBe('nosniff');
      const disposition = download.headers.get('content-disposition') ?? '';
      expect(disposition).toMatch(/^attachment; filename="[\x20-\x7e]+"; filename\*=UTF-8''/);
      const encoded = disposition.split("filename*=UTF-8''")[1] ?? '';
      expect(decodeURIComponent(encoded)).toBe(item.fileName);

      const view = await get(fileUrls.viewPic(item.fileUuid), cookieHeader(user));
      if (format === 'png' || format === 'jpg') {
        expect(view.status).toBe(200);
        expect(sha256(view.bytes)).toBe(sha256(bytes));
        expect(view.headers.get('content-disposition')).toMatch(/^inline/);
        expect(view.headers.get('etag')).toBe(`"${sha256(bytes)}"`);
        expect(view.headers.get('cache-control')).toBe('private, max-age=0');
        const again = await get(fileUrls.viewPic(item.fileUuid), {
          ...cookieHeader(user),
          'if-none-match': `"${sha256(bytes)}"`,
        });
        expect(again.status).toBe(304);
        expect(again.bytes.length).toBe(0);
      } else {
        // viewPic shows pictures only.
        expect(view.status).toBe(404);
        expect(JSON.parse(view.bytes.toString())).toMatchObject({
          success: false,
          errorCode: 404,
          errorMessage: '图片不存在',
        });
      }
      // view=1 opens PDFs, pictures, recordings and videos in the browser, never Office files.
      const opened = await get(fileUrls.download(item.fileUuid, undefined, true), cookieHeader(user));
      expect(opened.headers.get('content-disposition')).toMatch(
        format === 'docx' ? /^attachment/ : /^inline/,
      );
    });
  });

  it.each(['sid field', 'x-sid header'] as const)(
    'uploads with the session as the %s (mobile wrapper)',
    async (via) => {
      const bytes = await image('png');
      const { body } = await upload(bytes, 'avatar.png', { sid: user, via });
      expect(body).toMatchObject({ success: true, data: [{ format: 'png' }] });
      const got = await get(fileUrls.viewPic(body.data[0].fileUuid), { 'x-sid': user });
      expect(sha256(got.bytes)).toBe(sha256(bytes));
    },
  );

  it('serves text as text/plain; charset=utf-8 and keeps CSV', async () => {
    const csv = Buffer.from('姓名,班级\n张三,三年级二班\n', 'utf8');
    const { body } = await upload(csv, '名单.csv', { sid: user });
    expect(body.data[0]).toMatchObject({ format: 'csv', fileName: '名单.csv' });
    const got = await get(fileUrls.download(body.data[0].fileUuid, undefined, true), cookieHeader(user));
    expect(got.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(got.headers.get('content-disposition')).toMatch(/^inline/);
    expect(got.bytes.toString('utf8')).toBe(csv.toString('utf8'));
  });

  it('uses a requested download name, made safe and keeping the real extension', async () => {
    const { body } = await upload(minimalPdf(), 'a.pdf', { sid: user });
    const got = await get(fileUrls.download(body.data[0].fileUuid, '../../成绩单.html'), cookieHeader(user));
    const disposition = got.headers.get('content-disposition') ?? '';
    expect(decodeURIComponent(disposition.split("UTF-8''")[1] ?? '')).toBe('成绩单.pdf');
    expect(disposition).toContain('filename="___.pdf"');
  });

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
      const elsewhere = await sessionOf(server, 'admin');
      const tenants = (await callAs(server, inquireTenantListAccount, elsewhere)).body.datas;
      const other = tenants.find((t: { current: boolean }) => !t.current);
      expect(
        (await callAs(server, switchTenantAccount, elsewhere, { tenantId: other.tenantId })).body.success,
      ).toBe(true);
      expect((await get(fileUrls.download(privateUuid), cookieHeader(elsewhere))).status).toBe(404);
      expect((await get(fileUrls.viewPic(privateUuid), cookieHeader(elsewhere))).status).toBe(404);
    });

    it('public covers are for anyone, cached for a year', async () => {
      const [cover] = await server.app.db
        .select()
        .from(file)
        .where(and(eq(file.visibility, 'public'), inArray(file.format, ['png', 'jpg'])))
        .limit(1);
      const got = await get(fileUrls.viewPic(cover?.uuid as string));
      expect(got.status).toBe(200);
      expect(got.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(sha256(got.bytes)).toBe(cover?.sha256);
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
      admin = await sessionOf(server, 'admin');
    });
  });

  describe('names are made safe', () => {
    it('strips directories from ../ names', async () => {
      for (const name of ['../../etc/passwd.png', '..\\..\\windows\\win.png', '/abs/x.png']) {
        const { body } = await upload(await image('png'), name, { sid: user });
        expect(body.data[0].fileName).not.toMatch(/[\\/]|\.\./);
        expect(body.data[0].fileName).toMatch(/^(passwd|win|x)\.png$/);
      }
    });

    it('keeps a 300-character Chinese name within 255 bytes, with its extension', async () => {
      const { body } = await upload(minimalDocx('长文件名'), `${'教'.repeat(300)}.docx`, { sid: user });
      const name: string = body.data[0].fileName;
      expect(Buffer.byteLength(name)).toBeLessThanOrEqual(255);
      expect(name).toMatch(/^教+\.docx$/);
      // 250 bytes for the name at 3 bytes a character, then .docx.
      expect([...name].length).toBe(83 + 5);
    });

    it('removes control and direction-override characters', async () => {
      const { body } = await upload(await image('png'), 'a\u202egnp.exe\u0007.png', { sid: user });
      expect(body.data[0].fileName).toBe('agnp.exe.png');
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
