/** Named crops around the focal point (decision 063): their pixel size, the point kept, refusals with reasons. */
import { fileUrls, updateFilePictureAdmin } from '@yuexun/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeader } from '../../test/accounts';
import { type AdminSessions, adminSessions, only } from '../../test/admin';
import { drivers, startServer, type TestServer } from '../../test/server';

/** 900 × 2000 grey with a red block at x 300–600, y 200–500 (the "face" near the top). */
const tall = () =>
  sharp({ create: { width: 900, height: 2000, channels: 3, background: '#9aa5b1' } })
    .composite([
      {
        input: { create: { width: 300, height: 300, channels: 3, background: '#ff0000' } },
        left: 300,
        top: 200,
      },
    ])
    .png()
    .toBuffer();

const redPixels = async (bytes: Buffer) => {
  const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
  let red = 0;
  for (let i = 0; i < data.length; i += info.channels)
    if ((data[i] ?? 0) > 200 && (data[i + 1] ?? 255) < 60 && (data[i + 2] ?? 255) < 60) red += 1;
  return red;
};

describe.each(drivers)('named picture crops on %s', (driver) => {
  let server: TestServer;
  let s: AdminSessions;
  beforeAll(async () => {
    server = await startServer(driver);
    s = await adminSessions(server);
  });
  afterAll(() => server.close());

  const upload = async (bytes: Buffer, name: string) => {
    const form = new FormData();
    form.append('visibility', 'public');
    form.append('file', new Blob([bytes]), name);
    const res = await fetch(`${server.url}${fileUrls.upload}`, {
      method: 'POST',
      body: form,
      headers: cookieHeader(s.adminSid),
    });
    return ((await res.json()) as { datas: { fileUuid: string }[] }).datas[0]?.fileUuid ?? '';
  };
  const view = async (path: string) => {
    const res = await fetch(`${server.url}${path}`);
    return {
      status: res.status,
      bytes: Buffer.from(await res.arrayBuffer()),
      type: res.headers.get('content-type'),
    };
  };

  it('draws each crop at its size around the focal point, and a new point draws it again', async () => {
    const uuid = await upload(await tall(), '竖幅人像.png');
    const centred = await view(fileUrls.viewPic(uuid, { crop: 'banner-phone' }));
    expect(centred.status).toBe(200);
    expect(await sharp(centred.bytes).metadata()).toMatchObject({ width: 750, height: 750 });
    expect(await redPixels(centred.bytes)).toBe(0);

    only(
      await s.asAdmin(updateFilePictureAdmin, {
        fileUuid: uuid,
        altText: '人像',
        focusX: 0.5,
        focusY: 0.175,
      }),
    );
    const marked = await view(fileUrls.viewPic(uuid, { crop: 'banner-phone' }));
    expect(await sharp(marked.bytes).metadata()).toMatchObject({ width: 750, height: 750 });
    // The whole block (300 × 300 of a 900-wide region scaled to 750: 250 × 250) is in the crop.
    expect(await redPixels(marked.bytes)).toBeGreaterThan(240 * 240);

    const webp = await view(fileUrls.viewPic(uuid, { crop: 'banner-phone', width: 480, format: 'webp' }));
    expect(webp.type).toBe('image/webp');
    expect(await sharp(webp.bytes).metadata()).toMatchObject({ width: 480, height: 480, format: 'webp' });
    const card = await view(fileUrls.viewPic(uuid, { crop: 'card' }));
    expect(await sharp(card.bytes).metadata()).toMatchObject({ width: 900, height: 675 });
    expect(await redPixels(card.bytes)).toBeGreaterThan(290 * 290);
  });

  it('a wide picture gives the desktop banner and share card at their sizes', async () => {
    const wide = await sharp({ create: { width: 3000, height: 1500, channels: 3, background: '#336699' } })
      .jpeg()
      .toBuffer();
    const uuid = await upload(wide, '全景.jpg');
    const desktop = await view(fileUrls.viewPic(uuid, { crop: 'banner-desktop' }));
    expect(await sharp(desktop.bytes).metadata()).toMatchObject({ width: 1920, height: 600, format: 'jpeg' });
    const share = await view(fileUrls.viewPic(uuid, { crop: 'share' }));
    expect(await sharp(share.bytes).metadata()).toMatchObject({ width: 1200, height: 630 });
  });

  it('refuses an unknown crop and a crop of a file that is not a picture, with the reason', async () => {
    const uuid = await upload(await tall(), '未知裁剪.png');
    const unknown = await fetch(`${server.url}${fileUrls.viewPic(uuid)}&crop=poster`);
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { errorMessage: string }).errorMessage).toBe(
      '没有这种裁剪方式，可用：banner-desktop、banner-phone、card、share',
    );
    const text = await upload(Buffer.from('只是一段文字\n'), '说明.txt');
    const notPicture = await fetch(`${server.url}${fileUrls.viewPic(text, { crop: 'card' })}`);
    expect(notPicture.status).toBe(400);
    expect(((await notPicture.json()) as { errorMessage: string }).errorMessage).toContain(
      '不是可裁剪的图片',
    );
  });
});
