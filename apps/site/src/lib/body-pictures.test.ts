import { fileUrls, type SitePictures } from '@yuexun/contract';
import { describe, expect, it } from 'vitest';
import { BODY_COLUMNS, responsiveBody } from './body-pictures';

const uuid = '3f2a9c1e-1b2c-4d5e-8f90-0a1b2c3d4e5f';
const pictures: SitePictures = {
  [uuid]: {
    altText: '运动员入场，手举班旗',
    focusX: 0.5,
    focusY: 0.2,
    version: '0123456789abcdef',
    width: null,
    height: null,
  },
};
/** The same picture, its size measured: a phone photo 1000 px wide, 750 high. */
const measured: SitePictures = { [uuid]: { ...pictures[uuid]!, width: 1000, height: 750 } };
const img = (attributes: string) => `<p>开幕式</p><img ${attributes} /><p>完</p>`;

describe('responsiveBody: a stored picture in a body is served at the text column’s width', () => {
  it('of unknown size becomes a <picture> with a WebP copy for the column, lazy, with the content version in its addresses', () => {
    const html = responsiveBody(img(`src="${fileUrls.viewPic(uuid)}" alt="开幕式全景"`), pictures);
    const at = (variant: Parameters<typeof fileUrls.viewPic>[1]) =>
      fileUrls.viewPic(uuid, { width: 800, version: '0123456789abcdef', ...variant }).replace(/&/g, '&amp;');
    expect(html).toBe(
      '<p>开幕式</p><picture>' +
        `<source type="image/webp" srcset="${at({ format: 'webp' })}">` +
        `<img src="${at({})}" alt="开幕式全景" loading="lazy" decoding="async">` +
        '</picture><p>完</p>',
    );
  });

  it('takes the library’s alt text where the body has none or only the file name', () => {
    for (const alt of ['', 'IMG_2034.JPG', '运动会.png']) {
      const html = responsiveBody(img(`src="${fileUrls.viewPic(uuid)}" alt="${alt}"`), pictures);
      expect(html).toContain('alt="运动员入场，手举班旗"');
    }
    // An unknown picture keeps what was written, and still gets the copies.
    const unknown = responsiveBody(img(`src="${fileUrls.viewPic(uuid)}" alt="照片.jpg"`), {});
    expect(unknown).toContain('alt="照片.jpg"');
    expect(unknown).toContain('<picture>');
  });

  it('keeps title, width and height and escapes what it adds', () => {
    const tricky: SitePictures = { [uuid]: { ...pictures[uuid]!, altText: '"><script>alert(1)</script>' } };
    const html = responsiveBody(
      img(`src="${fileUrls.viewPic(uuid)}" alt="" title="校门" width="600" height="400"`),
      tricky,
    );
    expect(html).toContain('title="校门" width="600" height="400"');
    expect(html).not.toContain('<script>');
    expect(html).toContain('alt="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
  });

  it('leaves outside pictures and hand-picked variants as written', () => {
    const outside = img('src="https://cdn.example.com/a.jpg" alt="外链"');
    expect(responsiveBody(outside, pictures)).toBe(outside);
    const variant = img(`src="${fileUrls.viewPic(uuid, { width: 320 }).replace(/&/g, '&amp;')}" alt="小图"`);
    expect(responsiveBody(variant, pictures)).toBe(variant);
    expect(responsiveBody('<p>没有图片</p>', pictures)).toBe('<p>没有图片</p>');
  });

  it('of known size offers every copy the server really draws, for the column, in its own shape', () => {
    const html = responsiveBody(img(`src="${fileUrls.viewPic(uuid)}" alt="开幕式全景"`), measured);
    const webp = (w: number) =>
      fileUrls
        .viewPic(uuid, { width: w as 160, format: 'webp', version: '0123456789abcdef' })
        .replace(/&/g, '&amp;');
    // 1200 would give the 1000 px picture itself: listed once, as 1000w.
    const srcset = [160, 320, 480, 640, 800].map((w) => `${webp(w)} ${w}w`).concat(`${webp(1200)} 1000w`);
    expect(html).toContain(`srcset="${srcset.join(', ')}" sizes="${BODY_COLUMNS.article}"`);
    expect(html).toContain('alt="开幕式全景" width="1000" height="750" loading="lazy"');
    expect(responsiveBody(img(`src="${fileUrls.viewPic(uuid)}"`), measured, 'wide')).toContain(
      `sizes="${BODY_COLUMNS.wide}"`,
    );
  });

  it('never lists a copy wider than a small picture', () => {
    const small: SitePictures = { [uuid]: { ...pictures[uuid]!, width: 300, height: 200 } };
    const html = responsiveBody(img(`src="${fileUrls.viewPic(uuid)}"`), small);
    expect(html).toMatch(/ 160w, [^"]+ 300w" sizes=/);
    expect(html).not.toMatch(/ (320|480|640|800|1000|1200)w/);
    expect(html).toContain('width="300" height="200"');
  });

  it('keeps a written width or height and works out the other from the picture’s shape', () => {
    const src = `src="${fileUrls.viewPic(uuid)}"`;
    expect(responsiveBody(img(`${src} width="400"`), measured)).toContain('width="400" height="300"');
    expect(responsiveBody(img(`${src} height="150"`), measured)).toContain('width="200" height="150"');
    expect(responsiveBody(img(`${src} width="600" height="100"`), measured)).toContain(
      'width="600" height="100"',
    );
    // Not a number of pixels: left as written, nothing worked out from it.
    const percent = responsiveBody(img(`${src} width="50%"`), measured);
    expect(percent).toContain('width="50%"');
    expect(percent).not.toContain('height=');
  });
});
