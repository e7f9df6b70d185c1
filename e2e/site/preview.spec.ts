/**
 * The preview page with real uploads: each kind a browser can show is shown in the page and
 * actually loads (picture decoded, PDF in Chromium's viewer, text, recording and video with their
 * metadata read); anything else is a download; a missing or forged file a clear message. Also the
 * app address (query in the hash) and the no-script fallback.
 */
import { tmpdir } from 'node:os';
import type { Locator, Page } from '@playwright/test';
import { docx } from '../../apps/server/src/seed/documents/office';
import { pdf } from '../../apps/server/src/seed/documents/pdf';
import { mediaFixture, pngImage, wavTone } from '../../apps/server/test/media';
import { DEMO_PASSWORDS, expect, test } from '../fixtures';

interface Uploaded {
  fileUuid: string;
  fileName: string;
}

const upload = async (page: Page, name: string, mimeType: string, buffer: Buffer): Promise<Uploaded> => {
  const answer = await page.request.post('/fs/api/v1.0/uploadFile.json', {
    multipart: { file: { name, mimeType, buffer } },
  });
  const body = await answer.json();
  expect(body.success, JSON.stringify(body)).toBe(true);
  return body.data[0];
};

/** A property of an element as the browser sees it (e.g. a picture's naturalWidth). */
const prop = (locator: Locator, name: string) =>
  locator.evaluate((element, key) => (element as unknown as Record<string, number>)[key], name);

const previewOf = (file: Uploaded) =>
  `/file-preview/1.0/?${new URLSearchParams({ fileUuid: file.fileUuid, fileName: file.fileName })}`;

/**
 * Chromium's PDF viewer has taken the frame (its document holds the viewer's embed, a frame nested
 * inside the iframe's own): the document was shown, not offered as a download.
 */
const expectPdfViewer = async (page: Page, fileUuid: string) => {
  const viewerLoaded = async () => {
    for (const frame of page.frames()) {
      if (!frame.url().includes(fileUuid)) continue;
      if ((await frame.locator('embed[type="application/x-google-chrome-pdf"]').count()) > 0) return true;
    }
    return false;
  };
  await expect.poll(viewerLoaded).toBe(true);
};

const LESSONS = '第一节 语文\n第二节 数学\n第三节 英语\n';

test.describe('file preview', () => {
  test.beforeEach(async ({ page }) => {
    // Uploads are private to their owner: the page's browser holds the uploader's session.
    const login = await page.request.post('/store/api/v1.0/loginAccount.json', {
      form: { siteId: '75', loginType: 'account', username: 'user', password: DEMO_PASSWORDS.user },
    });
    expect((await login.json()).success).toBe(true);
  });

  test('a picture is shown, decoded at its size', async ({ page }) => {
    const file = await upload(page, '班级合影.png', 'image/png', pngImage(48, 32));
    await page.goto(previewOf(file));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('班级合影.png');
    const picture = page.getByRole('img', { name: '班级合影.png' });
    await expect(picture).toBeVisible();
    await expect.poll(() => prop(picture, 'naturalWidth')).toBe(48);
    expect(await prop(picture, 'naturalHeight')).toBe(32);
  });

  test('a large photo is shown as a copy sized for the screen; 查看原图 opens the original', async ({
    page,
  }) => {
    const file = await upload(page, '运动会.png', 'image/png', pngImage(2400, 1200));
    // The phone (device pixel ratio 1) needs 343 px: the smallest copy at least that wide is 480.
    for (const [width, copy] of [
      [375, 480],
      [1440, 1200],
    ] as const) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(previewOf(file));
      const picture = page.getByRole('img', { name: '运动会.png' });
      await expect(picture).toBeVisible();
      // The copy the browser chose (naturalWidth is scaled to the slot, so read the address it took).
      await expect
        .poll(async () => new URL(String(await prop(picture, 'currentSrc'))).searchParams.get('w'))
        .toBe(String(copy));
      expect(await prop(picture, 'complete')).toBeTruthy();
    }
    await page.getByRole('link', { name: '查看原图' }).click();
    await expect.poll(() => page.evaluate('document.images[0]?.naturalWidth')).toBe(2400);
  });

  test('a PDF opens in the page', async ({ page }) => {
    const bytes = pdf('春季学期课程表', [{ kind: 'paragraph', text: '星期一 语文 数学 英语' }], '实验小学');
    const file = await upload(page, '春季学期课程表.pdf', 'application/pdf', bytes);
    const shown = page.waitForResponse((r) => r.url().includes(file.fileUuid) && r.url().includes('view=1'));
    await page.goto(previewOf(file));
    const response = await shown;
    expect(response.headers()['content-type']).toBe('application/pdf');
    expect(response.headers()['content-disposition']).toMatch(/^inline/);
    await expectPdfViewer(page, file.fileUuid);
    await expect(page.getByRole('link', { name: '下载文件' })).toBeVisible();
  });

  test('plain text is shown as text', async ({ page }) => {
    const file = await upload(page, '课表.txt', 'text/plain', Buffer.from(LESSONS, 'utf8'));
    await page.goto(previewOf(file));
    const body = page.frameLocator('iframe.preview-text').locator('body');
    await expect(body).toContainText('第二节 数学');
  });

  test('a recording plays: its length is read', async ({ page }) => {
    const file = await upload(page, '晨读录音.wav', 'audio/wav', wavTone(0.5));
    await page.goto(previewOf(file));
    const audio = page.locator('audio');
    await expect(audio).toBeVisible();
    // HAVE_METADATA (1) or more: the browser fetched and understood the recording.
    await expect.poll(() => prop(audio, 'readyState')).toBeGreaterThanOrEqual(1);
    expect(await prop(audio, 'duration')).toBeCloseTo(0.5, 1);
  });

  test('a video plays: its size and length are read', async ({ page }) => {
    const file = await upload(page, '公开课片段.webm', 'video/webm', mediaFixture('class-clip.webm'));
    await page.goto(previewOf(file));
    const video = page.locator('video');
    await expect(video).toBeVisible();
    await expect.poll(() => prop(video, 'readyState')).toBeGreaterThanOrEqual(1);
    expect(await prop(video, 'videoWidth')).toBe(160);
    expect(await prop(video, 'videoHeight')).toBe(90);
    expect(await prop(video, 'duration')).toBeCloseTo(1, 0);
  });

  test('anything else gets a download button that downloads it', async ({ page }) => {
    const bytes = docx('家长会通知', [{ kind: 'paragraph', text: '本周五下午三点召开家长会。' }]);
    const file = await upload(
      page,
      '家长会通知.docx',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      bytes,
    );
    await page.goto(previewOf(file));
    await expect(page.getByText('该类型的文件暂不支持在线预览，请下载后查看。')).toBeVisible();
    await expect(page.locator('iframe, audio, video')).toHaveCount(0);
    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: '下载文件' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('家长会通知.docx');
    const saved = await download.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of saved) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(bytes)).toBe(true);
  });

  test('the app address reads the file from the hash', async ({ page }) => {
    const picture = await upload(page, '运动会.png', 'image/png', pngImage(40, 30));
    await page.goto(
      `/YX_FILE-PREVIEW_APP/index.html#?${new URLSearchParams({ fileUuid: picture.fileUuid, fileName: picture.fileName })}`,
    );
    const img = page.getByRole('img', { name: '运动会.png' });
    await expect.poll(() => prop(img, 'naturalWidth')).toBe(40);
    await page.goto(
      '/YX_FILE-PREVIEW_APP/index.html#?fileUuid=0a1b2c3d-0000-4000-8000-000000000009&fileName=report.docx',
    );
    await expect(page.getByText('该类型的文件暂不支持在线预览')).toBeVisible();
    await page.goto('/YX_FILE-PREVIEW_APP/index.html#?fileName=a.png');
    await expect(page.getByText('缺少文件编号')).toBeVisible();
  });

  test('the old-browser fallback shows the file, in its HTML without script', async ({ page }) => {
    const bytes = pdf('校历', [{ kind: 'paragraph', text: '9月1日 开学' }], '实验小学');
    const file = await upload(page, '2026学年校历.pdf', 'application/pdf', bytes);
    const path = `/fileView/view.html?${new URLSearchParams({ uuid: file.fileUuid, fn: file.fileName })}`;
    const html = await (await page.request.get(path)).text();
    expect(html).toMatch(new RegExp(`<iframe src="[^"]*${file.fileUuid}[^"]*view=1"`));
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('2026学年校历.pdf');
    await expectPdfViewer(page, file.fileUuid);
  });

  test('a missing or forged file gets a clear message', async ({ page }) => {
    await page.goto('/file-preview/1.0/');
    await expect(page.getByRole('alert').filter({ hasText: '缺少文件编号' })).toBeVisible();
    const forged = await page.goto(
      '/file-preview/1.0/?fileUuid=00000000-0000-4000-8000-000000000000&fileName=%E8%AF%BE%E8%A1%A8.pdf',
    );
    expect(forged?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('课表.pdf');
    await expect(page.getByRole('alert').filter({ hasText: '文件不存在或链接无效' })).toBeVisible();
    await page.goto('/fileView/view.html?uuid=bad&fn=a.txt');
    await expect(page.getByRole('alert').filter({ hasText: '文件不存在或链接无效' })).toBeVisible();
    await page.goto('/file-preview/1.0/?fileUuid=<script>alert(1)</script>&fileName=<b>x</b>.png');
    await expect(page.getByRole('alert').filter({ hasText: '文件不存在或链接无效' })).toBeVisible();
  });

  test('a private file previewed while logged out says so in Chinese, not a broken picture', async ({
    page,
    browser,
    baseURL,
  }) => {
    const file = await upload(page, '家长会签到表.png', 'image/png', pngImage(48, 32));
    // Another browser with no session: the uploader's file is private to them.
    const visitor = await browser.newContext({ baseURL });
    const anonymous = await visitor.newPage();
    for (const width of [1440, 375]) {
      await anonymous.setViewportSize({ width, height: 800 });
      const res = await anonymous.goto(previewOf(file));
      expect(res?.status()).toBe(403);
      await expect(anonymous.getByRole('heading', { level: 1 })).toHaveText('家长会签到表.png');
      await expect(anonymous.getByRole('alert').filter({ hasText: '该文件未公开' })).toBeVisible();
      await expect(anonymous.getByRole('img', { name: '家长会签到表.png' })).toHaveCount(0);
      await anonymous.screenshot({
        path: `${tmpdir()}/yuexun-screenshots/private-file-preview-${width}.png`,
      });
    }
    await visitor.close();
  });
});
