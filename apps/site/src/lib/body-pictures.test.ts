import { fileUrls, type SitePictures } from '@yuexun/contract';
import { describe, expect, it } from 'vitest';
import { responsiveBody } from './body-pictures';

const uuid = '3f2a9c1e-1b2c-4d5e-8f90-0a1b2c3d4e5f';
const pictures: SitePictures = {
  [uuid]: { altText: '运动员入场，手举班旗', focusX: 0.5, focusY: 0.2, version: '0123456789abcdef' },
};
const img = (attributes: string) => `<p>开幕式</p><img ${attributes} /><p>完</p>`;

describe('responsiveBody: a stored picture in a body is served at the text column’s width', () => {
  it('becomes a <picture> with a WebP copy for the column, lazy, with the content version in its addresses', () => {
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
});
