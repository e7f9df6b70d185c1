/**
 * Upload → view → download through the real server: bytes unchanged (sha256), types from content,
 * names made safe, headers that keep browsers from running anything.
 */
import { fileUrls } from '@yuexun/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeader } from '../../test/accounts';
import { fileClient, image, minimalDocx, minimalPdf, sha256, startFileServer } from '../../test/files';
import { mediaFixture, wavTone } from '../../test/media';
import { drivers, type TestServer } from '../../test/server';
import { file } from '../db/schema';

describe.each(drivers)('files on %s', (driver) => {
  let server: TestServer;
  let user: string;
  beforeAll(async () => {
    ({ server, user } = await startFileServer(driver));
  });
  afterAll(() => server.close());
  const { upload, get } = fileClient(() => server);
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
});
