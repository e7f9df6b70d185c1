/**
 * A picture in an article or product body as a phone gets it: the article page offers WebP copies up to the
 * size the server draws for the column (the 800 px copy a small fraction of the 2400 px original a teacher
 * uploaded), its own width and height (the page does not jump), lazy, with the library's alt text where the body
 * says only the file name; a new alt text in 素材库 shows on the page at once.
 */
import {
  articleDetailPath,
  createArticleAdmin,
  createProductAdmin,
  fileUrls,
  productDetailPath,
  SITE_ID,
  updateFilePictureAdmin,
} from '@yuexun/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminSessions, adminSessions, only, requestKey, uploadPublic } from '../../test/admin';
import { drivers, startServer, type TestServer } from '../../test/server';

const decoded = (html: string) => html.replace(/&amp;/g, '&');
const pictureTags = (html: string) => [...html.matchAll(/<picture>[\s\S]*?<\/picture>/g)].map((m) => m[0]);
/** A srcset's candidates: address → the width it describes. */
const candidatesOf = (picture: string | undefined) =>
  new Map(
    (picture?.match(/srcset="([^"]+)"/)?.[1] ?? '').split(', ').map((c) => {
      const [url = '', width = ''] = c.split(' ');
      return [url, width] as const;
    }),
  );

describe.each(drivers)('pictures in a body on %s', (driver) => {
  let server: TestServer;
  let s: AdminSessions;
  let uuid: string;
  let original: number;
  beforeAll(async () => {
    server = await startServer(driver);
    s = await adminSessions(server);
    // A phone photo: 2400 × 1600, noisy enough to weigh what a real one does.
    const width = 2400;
    const height = 1600;
    const raw = Buffer.alloc(width * height * 3);
    for (let i = 0; i < raw.length; i++) raw[i] = (i * 7919 + (i >> 9) * 31) % 256;
    const jpeg = await sharp(raw, { raw: { width, height, channels: 3 } })
      .jpeg({ quality: 85 })
      .toBuffer();
    original = jpeg.length;
    uuid = (await uploadPublic(server, s.adminSid, 'IMG_2034.JPG', jpeg, 'image/jpeg')).fileUuid;
    only(
      await s.asAdmin(updateFilePictureAdmin, {
        fileUuid: uuid,
        altText: '运动员入场',
        focusX: 0.5,
        focusY: 0.5,
      }),
    );
  });
  afterAll(() => server.close());

  const bodyWithPhoto = () =>
    `<p>开幕式上，同学们精神饱满。</p><img src="${fileUrls.viewPic(uuid)}" alt="IMG_2034.JPG" />`;

  it('an article page offers a column-sized WebP copy, lazy, with the library’s alt text', async () => {
    const { id } = only(
      await s.asAdmin(createArticleAdmin, {
        siteId: SITE_ID,
        categoryId: 1881,
        title: '秋季运动会掠影',
        summary: '运动会',
        bodyHtml: bodyWithPhoto(),
        status: 'published',
        requestKey: requestKey(),
      }),
    );
    const html = decoded(await (await fetch(`${server.url}${articleDetailPath('news', id)}`)).text());
    const body = html.slice(html.indexOf('class="article-body"'));
    const [picture] = pictureTags(body);
    expect(picture).toBeDefined();
    expect(picture).toContain('alt="运动员入场"');
    expect(picture).toContain('width="2400" height="1600" loading="lazy"');
    expect(picture).toContain('sizes="(max-width: 852px) calc(100vw - 32px), 820px"');
    const candidates = candidatesOf(picture);
    expect([...candidates.values()]).toEqual(['160w', '320w', '480w', '640w', '800w', '1200w']);
    const webp = [...candidates].find(([, width]) => width === '800w')?.[0] ?? '';
    expect(webp).toContain(`fileUuid=${uuid}`);
    const copy = await fetch(`${server.url}${webp}`);
    expect(copy.status).toBe(200);
    expect(copy.headers.get('content-type')).toBe('image/webp');
    const bytes = Buffer.from(await copy.arrayBuffer());
    expect((await sharp(bytes).metadata()).width).toBe(800);
    expect(bytes.length).toBeLessThan(original / 4);

    // A better alt text in 素材库 shows on the page at once (the page caches empty).
    only(
      await s.asAdmin(updateFilePictureAdmin, {
        fileUuid: uuid,
        altText: '运动员入场，手举班旗',
        focusX: 0.5,
        focusY: 0.5,
      }),
    );
    const again = await (await fetch(`${server.url}${articleDetailPath('news', id)}`)).text();
    expect(again).toContain('alt="运动员入场，手举班旗"');
  });

  it('a product’s detail does the same', async () => {
    const { id } = only(
      await s.asAdmin(createProductAdmin, {
        name: '智慧体育测评系统',
        summary: '体质测评',
        price: '19800',
        priceUnit: '套',
        detailHtml: bodyWithPhoto(),
        status: 'published',
        requestKey: requestKey(),
      }),
    );
    const html = await (await fetch(`${server.url}${productDetailPath(id)}`)).text();
    const body = html.slice(html.indexOf('class="article-body"'));
    const [picture] = pictureTags(body);
    expect(picture).toContain('type="image/webp"');
    expect(picture).toMatch(/alt="运动员入场/);
    // The product page's body spans the page's width, and its copies say so.
    expect(picture).toContain('sizes="(max-width: 1200px) calc(100vw - 32px), 1168px"');
  });

  it('a phone photo taken upright is sized upright, and each copy is drawn as wide as its srcset says', async () => {
    // Stored 400 × 300 with EXIF orientation 6: shown (and drawn) 300 × 400.
    const sideways = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#2a7' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const upright = (await uploadPublic(server, s.adminSid, 'IMG_3001.JPG', sideways, 'image/jpeg')).fileUuid;
    const { id } = only(
      await s.asAdmin(createArticleAdmin, {
        siteId: SITE_ID,
        categoryId: 1881,
        title: '教室一角',
        summary: '教室',
        bodyHtml: `<p>教室一角。</p><img src="${fileUrls.viewPic(upright)}" alt="教室一角" />`,
        status: 'published',
        requestKey: requestKey(),
      }),
    );
    const html = decoded(await (await fetch(`${server.url}${articleDetailPath('news', id)}`)).text());
    const [picture] = pictureTags(html.slice(html.indexOf('class="article-body"')));
    expect(picture).toContain('width="300" height="400"');
    const candidates = candidatesOf(picture);
    expect([...candidates.values()]).toEqual(['160w', '300w']);
    for (const [url, width] of candidates) {
      const drawn = await sharp(
        Buffer.from(await (await fetch(`${server.url}${url}`)).arrayBuffer()),
      ).metadata();
      expect(`${drawn.autoOrient.width}w`).toBe(width);
    }
  });
});
