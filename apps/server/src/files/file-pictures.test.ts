/** A picture's alt text and focal point (decision 063): saved, refused in Chinese when bad, used by the site. */
import {
  contentVersionOf,
  createBannerAdmin,
  fileUrls,
  inquireFileListAdmin,
  PICTURE_ALT_MAX,
  productDetailPath,
  replaceFileAdmin,
  updateFilePictureAdmin,
} from '@yuexun/contract';
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeader } from '../../test/accounts';
import { type AdminSessions, adminSessions, only, requestKey, uploadPng } from '../../test/admin';
import { drivers, startServer, type TestServer } from '../../test/server';
import { dataFingerprint } from '../../test/snapshot';
import { file, product } from '../db/schema';

describe.each(drivers)('picture alt text and focal point on %s', (driver) => {
  let server: TestServer;
  let s: AdminSessions;
  beforeAll(async () => {
    server = await startServer(driver);
    s = await adminSessions(server);
  });
  afterAll(() => server.close());

  const listed = async (fileUuid: string, keyword: string) =>
    (await s.asAdmin(inquireFileListAdmin, { keyword })).body.datas.find(
      (f: { fileUuid: string }) => f.fileUuid === fileUuid,
    );

  it('starts centred with no alt text, saves both, and the list shows them', async () => {
    const { fileUuid } = await uploadPng(server, s.adminSid, '焦点人像.png');
    expect(await listed(fileUuid, '焦点人像')).toMatchObject({ altText: '', focusX: 0.5, focusY: 0.5 });
    const saved = only(
      await s.asAdmin(updateFilePictureAdmin, {
        fileUuid,
        altText: '  校长在开学典礼上讲话 ',
        focusX: 0.3,
        focusY: 0.15,
      }),
    );
    expect(saved).toEqual({ fileUuid, altText: '校长在开学典礼上讲话', focusX: 0.3, focusY: 0.15 });
    expect(await listed(fileUuid, '焦点人像')).toMatchObject({
      altText: '校长在开学典礼上讲话',
      focusX: 0.3,
      focusY: 0.15,
    });
    // Numbers as a form body sends them, and the corners themselves.
    only(await s.asAdmin(updateFilePictureAdmin, { fileUuid, altText: '', focusX: '0', focusY: '1' }));
    expect(await listed(fileUuid, '焦点人像')).toMatchObject({ altText: '', focusX: 0, focusY: 1 });
  });

  it('refuses a focal point outside 0–1, overlong alt text, a file that is not a picture, an unknown file', async () => {
    const { fileUuid } = await uploadPng(server, s.adminSid, '拒绝.png');
    const form = new FormData();
    form.append('file', new Blob(['只是一段文字\n']), '说明.txt');
    const text = (await (
      await fetch(`${server.url}${fileUrls.upload}`, {
        method: 'POST',
        body: form,
        headers: cookieHeader(s.adminSid),
      })
    ).json()) as { datas: { fileUuid: string }[] };
    const textUuid = text.datas[0]?.fileUuid ?? '';
    const before = await dataFingerprint(server.app);
    const refusal = async (input: Record<string, unknown>) => {
      const res = await s.asAdmin(updateFilePictureAdmin, {
        fileUuid,
        altText: '',
        focusX: 0.5,
        focusY: 0.5,
        ...input,
      });
      expect(res.body.success).toBe(false);
      return res.body.errorMessage as string;
    };
    expect(await refusal({ focusX: 1.2 })).toContain('焦点横坐标须在 0 到 1 之间');
    expect(await refusal({ focusY: -0.1 })).toContain('焦点纵坐标须在 0 到 1 之间');
    expect(await refusal({ focusY: 'abc' })).toContain('焦点纵坐标须在 0 到 1 之间');
    expect(await refusal({ altText: '字'.repeat(PICTURE_ALT_MAX + 1) })).toContain(
      `替代文字不能超过 ${PICTURE_ALT_MAX} 个字`,
    );
    expect(await refusal({ fileUuid: textUuid })).toContain('所选文件不是图片');
    expect(await refusal({ fileUuid: '00000000-0000-4000-8000-000000000000' })).toContain('文件不存在');
    expect(await dataFingerprint(server.app)).toEqual(before);
  });

  it("a home banner shows its picture's alt text and focal points as object-position per layout", async () => {
    const desktop = (await uploadPng(server, s.adminSid, '横幅电脑.png')).fileUuid;
    const phone = (await uploadPng(server, s.adminSid, '横幅手机.png')).fileUuid;
    only(
      await s.asAdmin(updateFilePictureAdmin, {
        fileUuid: desktop,
        altText: '学生在实验室',
        focusX: 0.25,
        focusY: 0.4,
      }),
    );
    only(await s.asAdmin(updateFilePictureAdmin, { fileUuid: phone, altText: '', focusX: 0.7, focusY: 0.1 }));
    only(
      await s.asAdmin(createBannerAdmin, {
        title: '焦点横幅',
        desktopFileUuid: desktop,
        mobileFileUuid: phone,
        enabled: true,
        requestKey: requestKey(),
      }),
    );
    const html = await (await fetch(`${server.url}/home`)).text();
    expect(html).toContain('alt="学生在实验室"');
    expect(html).toContain('--focus-desktop:25% 40%;--focus-phone:70% 10%');
    // A later change shows at once (the action clears the page caches).
    only(await s.asAdmin(updateFilePictureAdmin, { fileUuid: phone, altText: '', focusX: 0.5, focusY: 0.9 }));
    const again = await (await fetch(`${server.url}/home`)).text();
    expect(again).toContain('--focus-phone:50% 90%');
  });

  it("a product's cover and card say the picture's alt text, keep its focal point and name its content (v=)", async () => {
    const [shown] = await server.app.db
      .select({ id: product.id, cover: product.coverFileUuid, sha256: file.sha256 })
      .from(product)
      .innerJoin(file, eq(file.uuid, product.coverFileUuid))
      .where(and(eq(product.status, 'published'), isNotNull(product.coverFileUuid)))
      .limit(1);
    if (!shown?.cover) throw new Error('no published product with a cover seeded');
    only(
      await s.asAdmin(updateFilePictureAdmin, {
        fileUuid: shown.cover,
        altText: '智慧校园平台界面',
        focusX: 0.2,
        focusY: 0.75,
      }),
    );
    const decoded = (html: string) => html.replace(/&amp;/g, '&');
    for (const path of [productDetailPath(shown.id), '/priceShop']) {
      const html = decoded(await (await fetch(`${server.url}${path}`)).text());
      const img = html.match(new RegExp(`<img[^>]*fileUuid=${shown.cover}[^>]*>`))?.[0] ?? '';
      expect(img).toContain('alt="智慧校园平台界面"');
      expect(img).toContain('object-position:20% 75%');
      expect(img).toContain(`v=${contentVersionOf(shown.sha256)}`);
      // Every copy in the srcset names the content too.
      const srcset = html.match(new RegExp(`srcSet="([^"]*fileUuid=${shown.cover}[^"]*)"`, 'i'))?.[1] ?? '';
      expect(srcset.split(', ').length).toBeGreaterThan(1);
      for (const entry of srcset.split(', ')) expect(entry).toContain(`v=${contentVersionOf(shown.sha256)}`);
    }
    // A new version of the picture is a new address on the page, at once.
    const { fileUuid: next } = await uploadPng(server, s.adminSid, '新封面.png');
    const saved = only(await s.asAdmin(replaceFileAdmin, { fileUuid: shown.cover, withFileUuid: next }));
    const html = decoded(await (await fetch(`${server.url}${productDetailPath(shown.id)}`)).text());
    expect(html).toContain(`fileUuid=${shown.cover}&v=${contentVersionOf(saved.sha256)}`);
    expect(html).not.toContain(`v=${contentVersionOf(shown.sha256)}`);
  });
});
