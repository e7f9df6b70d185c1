import {
  type Banner,
  contentVersionOf,
  createBannerAdmin,
  deleteBannerAdmin,
  fileUrls,
  type HomeLayout,
  homePageMessages,
  inquireAuditLogListAdmin,
  inquireBannerListAdmin,
  inquireHomeLayoutAdmin,
  inquireSiteSettingsAdmin,
  updateBannerAdmin,
  updateHomeLayoutAdmin,
  updateSiteSettingsAdmin,
} from '@yuexun/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeader } from '../../test/accounts';
import { type AdminSessions, adminSessions, only, requestKey, uploadPng } from '../../test/admin';
import { noisePng } from '../../test/media';
import { drivers, startServer, type TestServer } from '../../test/server';
import { dataFingerprint } from '../../test/snapshot';
import { file } from '../db/schema';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const inMs = (ms: number) => new Date(Date.now() + ms).toISOString();

describe.each(drivers)('home page composition on %s', (driver) => {
  let server: TestServer;
  let s: AdminSessions;
  let picture: string;
  beforeAll(async () => {
    server = await startServer(driver);
    s = await adminSessions(server);
    picture = (await uploadPng(server, s.adminSid, 'banner.png')).fileUuid;
  });
  afterAll(() => server.close());

  const home = async () => {
    const res = await fetch(`${server.url}/home`);
    expect(res.status).toBe(200);
    return { html: await res.text(), headers: res.headers };
  };
  const banners = async () => (await s.asAdmin(inquireBannerListAdmin)).body.datas as Banner[];
  const layout = async () => only(await s.asAdmin(inquireHomeLayoutAdmin)) as HomeLayout;
  const saveLayout = async (change: Partial<HomeLayout>) => {
    const { updatedAt: _u, ...current } = await layout();
    return s.asAdmin(updateHomeLayoutAdmin, { ...current, ...change });
  };
  const newBanner = (fields: Record<string, unknown>) =>
    s.asAdmin(createBannerAdmin, {
      title: '测试横幅',
      desktopFileUuid: picture,
      enabled: true,
      requestKey: requestKey(),
      ...fields,
    });
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

  it('starts with the demo carousel (desktop and phone pictures), friendly links and the consult bar', async () => {
    const demo = await banners();
    expect(demo.map((b) => [b.title, b.state])).toEqual([
      ['区域教育云 一张网管好全区学校', 'live'],
      ['春季学期智慧课堂体验季', 'live'],
    ]);
    const { html } = await home();
    expect(html).toContain('class="home-banners"');
    expect(html).toContain('区域教育云 一张网管好全区学校');
    const first = demo[0] as Banner;
    // Each address names the picture's content (v=, decision 064).
    const versionOf = async (uuid: string) => {
      const [row] = await server.app.db.select({ sha256: file.sha256 }).from(file).where(eq(file.uuid, uuid));
      return contentVersionOf(row?.sha256 ?? '');
    };
    // The phone picture through <picture>, the desktop one as the <img>.
    expect(html).toContain(
      `${fileUrls.viewPic(first.mobileFileUuid, { crop: 'banner-phone', focus: '500-500', width: 480, format: 'webp', version: await versionOf(first.mobileFileUuid) })}`.replace(
        /&/g,
        '&amp;',
      ),
    );
    expect(html).toMatch(/<source media="\(max-width: 767\.98px\)"/);
    expect(html).toContain(
      `src="${fileUrls.viewPic(first.desktopFileUuid, { crop: 'banner-desktop', focus: '500-500', width: 1200, version: await versionOf(first.desktopFileUuid) }).replace(/&/g, '&amp;')}"`,
    );
    expect(html).toContain('友情链接');
    expect(html).toContain('href="https://www.smartedu.cn/"');
    expect(html).toContain('class="consult-bar"');
    expect(html).toContain('href="tel:4008267588"');
    // Every page carries the footer links and the bar, not only the home page.
    const news = await (await fetch(`${server.url}/news/2`)).text();
    expect(news).toContain('国家智慧教育公共服务平台');
    expect(news).toContain('class="consult-bar"');
  });

  it("the consult bar's WeChat button opens the QR code of the site settings, without JavaScript", async () => {
    expect((await home()).html).not.toContain('<details class="consult-wechat">');
    const { updatedAt: _u, ...settings } = only(await s.asAdmin(inquireSiteSettingsAdmin));
    only(await s.asAdmin(updateSiteSettingsAdmin, { ...settings, wechatQrFileUuid: picture }));
    const { html } = await home();
    const bar = html.slice(html.indexOf('class="consult-bar"'));
    expect(bar).toMatch(/<details class="consult-wechat"><summary>微信咨询<\/summary>/);
    expect(bar).toContain(fileUrls.viewPic(picture, { width: 320 }).replace(/&/g, '&amp;'));
  });

  it('shows a banner only inside its window, and its state says why', async () => {
    const later = only(await newBanner({ title: '下周开始的横幅', startAt: inMs(3_600_000) })) as Banner;
    expect(later.state).toBe('scheduled');
    expect((await home()).html).not.toContain('下周开始的横幅');

    const moved = only(
      await s.asAdmin(updateBannerAdmin, {
        ...later,
        bannerId: later.id,
        startAt: inMs(-60_000),
      }),
    ) as Banner;
    expect(moved.state).toBe('live');
    expect((await home()).html).toContain('下周开始的横幅');

    const ended = only(
      await s.asAdmin(updateBannerAdmin, {
        ...moved,
        bannerId: moved.id,
        startAt: inMs(-120_000),
        endAt: inMs(-60_000),
      }),
    ) as Banner;
    expect(ended.state).toBe('ended');
    expect((await home()).html).not.toContain('下周开始的横幅');

    const off = only(
      await s.asAdmin(updateBannerAdmin, { ...ended, bannerId: ended.id, endAt: '', enabled: false }),
    ) as Banner;
    expect(off).toMatchObject({ state: 'off', endAt: null });
    expect((await home()).html).not.toContain('下周开始的横幅');
    only(await s.asAdmin(deleteBannerAdmin, { bannerId: off.id, version: off.version }));
  });

  it('a cached home page changes by itself when a window opens or closes', async () => {
    // The boundary is 3 s ahead (within the page cache's 5 s TTL); the page is read again only once it has
    // passed, however long the machine took to get there (a loaded machine took over 1.5 s to set this up).
    const boundary = Date.now() + 3000;
    const at = new Date(boundary).toISOString();
    const starting = only(await newBanner({ title: '即将开始的横幅', startAt: at })) as Banner;
    const ending = only(await newBanner({ title: '即将结束的横幅', endAt: at })) as Banner;
    const before = await home();
    if (Date.now() < boundary) {
      expect(before.html).toContain('即将结束的横幅');
      expect(before.html).not.toContain('即将开始的横幅');
      // A CDN may keep it until the boundary at most.
      expect(Number(before.headers.get('cache-control')?.match(/s-maxage=(\d+)/)?.[1])).toBeLessThanOrEqual(
        3,
      );
    }
    // Served from memory until then (the page cache's TTL is 5 s)...
    const again = await home();
    if (Date.now() < boundary) expect(again.html).toBe(before.html);
    await sleep(Math.max(0, boundary - Date.now()) + 300);
    // ...and rendered again past it, with no console change in between.
    const after = await home();
    expect(after.html).toContain('即将开始的横幅');
    expect(after.html).not.toContain('即将结束的横幅');
    for (const b of [starting, ending]) {
      const [now] = (await banners()).filter((x) => x.id === b.id);
      only(await s.asAdmin(deleteBannerAdmin, { bannerId: b.id, version: now?.version }));
    }
  });

  it.each([
    ['title', { title: '  ' }, '请输入标题'],
    ['link', { link: 'javascript:alert(1)' }, homePageMessages.link],
    ['link', { link: '//evil.example.com/' }, homePageMessages.link],
    ['desktopFileUuid', { desktopFileUuid: '' }, '请上传电脑端图片'],
    ['desktopFileUuid', { desktopFileUuid: 'not-a-uuid' }, '电脑端图片文件标识不正确'],
    ['sortOrder', { sortOrder: 'abc' }, '排序须为 0 到 9999 之间的整数'],
    ['startAt', { startAt: '明天' }, '开始时间格式不正确'],
    ['endAt', { startAt: inMs(7_200_000), endAt: inMs(3_600_000) }, homePageMessages.endBeforeStart],
  ])(
    'refuses a banner with a bad %s with a Chinese message and saves nothing',
    async (field, change, message) => {
      const before = await dataFingerprint(server.app);
      const res = await newBanner(change);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ success: false, status: 400 });
      const error = res.body.errors.find((e: { field: string }) => e.field === field);
      expect(error?.message).toContain(message);
      expect(await dataFingerprint(server.app)).toEqual(before);
    },
  );

  it('refuses a banner picture that is not an image, or too large, with 400 and the reason', async () => {
    const text = await upload(Buffer.from('not a picture at all\n'), 'banner.png');
    const notImage = await newBanner({ mobileFileUuid: text });
    expect(notImage.body).toMatchObject({ success: false, status: 400 });
    expect(notImage.body.errors[0]).toMatchObject({ field: 'mobileFileUuid' });
    expect(notImage.body.errorMessage).toContain('不是图片');

    const large = await upload(noisePng(1000, 800), 'big.png');
    const tooLarge = await newBanner({ desktopFileUuid: large });
    expect(tooLarge.body).toMatchObject({ success: false, status: 400 });
    expect(tooLarge.body.errors[0]).toMatchObject({ field: 'desktopFileUuid' });
    expect(tooLarge.body.errorMessage).toContain('图片不能超过 2.0 MB');
  });

  it('reorders, hides and retitles the sections; switches off the consult bar and a friendly link; audited', async () => {
    const current = await layout();
    expect(current.sections.map((x) => x.key)).toEqual(['solutions', 'cases', 'news', 'products', 'lead']);
    const saved = only(
      await saveLayout({
        sections: [
          { key: 'products', title: '', visible: true },
          { key: 'cases', title: '客户案例精选', visible: true },
          { key: 'solutions', title: '', visible: true },
          { key: 'news', title: '', visible: false },
          { key: 'lead', title: '免费预约上门演示', visible: true },
        ],
        consultBar: false,
        friendlyLinks: [
          { name: '国家智慧教育公共服务平台', url: 'https://www.smartedu.cn/', enabled: true },
          { name: '中华人民共和国教育部', url: 'http://www.moe.gov.cn/', enabled: false },
          { name: '联系我们', url: '/companyProfile/4', enabled: true },
        ],
      }),
    ) as HomeLayout;
    expect(saved.version).toBe(current.version + 1);
    const { html } = await home();
    expect(html).not.toContain('id="home-news"');
    expect(html).toContain('>客户案例精选</h2>');
    expect(html).toContain('>免费预约上门演示</h2>');
    expect(html.indexOf('id="home-products"')).toBeLessThan(html.indexOf('id="home-cases"'));
    expect(html.indexOf('id="home-cases"')).toBeLessThan(html.indexOf('id="home-solutions"'));
    expect(html).not.toContain('class="consult-bar"');
    expect(html).not.toContain('中华人民共和国教育部');
    expect(html).toContain('href="/companyProfile/4"');

    const audit = await s.asAdmin(inquireAuditLogListAdmin, { targetType: 'home_layout' });
    expect(Object.keys(audit.body.datas[0].detail.changes).sort()).toEqual([
      'consultBar',
      'friendlyLinks',
      'sections',
    ]);

    // A form loaded before that save is refused.
    const { updatedAt: _u, ...stale } = current;
    const res = await s.asAdmin(updateHomeLayoutAdmin, { ...stale, consultBar: true });
    expect(res.body).toMatchObject({ success: false, status: 409 });
    expect((await layout()).consultBar).toBe(false);
  });

  it.each([
    ['sections', { sections: 'abc' }, '首页栏目格式不正确'],
    ['sections', { sections: [{ key: 'news', title: '', visible: true }] }, homePageMessages.sections],
    [
      'sections',
      {
        sections: ['solutions', 'cases', 'news', 'products', 'other'].map((key) => ({
          key,
          title: '',
          visible: true,
        })),
      },
      '首页栏目的取值不在可选范围内',
    ],
    [
      'friendlyLinks',
      { friendlyLinks: [{ name: '坏链接', url: 'javascript:alert(1)', enabled: true }] },
      homePageMessages.link,
    ],
    [
      'friendlyLinks',
      { friendlyLinks: [{ name: '', url: 'https://a.example.cn/', enabled: true }] },
      '请输入链接名称',
    ],
    ['consultBar', { consultBar: 'maybe' }, '手机咨询栏格式不正确'],
  ])(
    'refuses a layout with bad %s with a Chinese message and saves nothing',
    async (field, change, message) => {
      const before = await dataFingerprint(server.app);
      const res = await saveLayout(change as Partial<HomeLayout>);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ success: false, status: 400 });
      const error = res.body.errors.find((e: { field: string }) => e.field.startsWith(field));
      expect(error?.message).toContain(message);
      expect(await dataFingerprint(server.app)).toEqual(before);
    },
  );

  it('is for the vendor admins only', async () => {
    expect((await s.asUser(inquireBannerListAdmin)).body).toMatchObject({ success: false, status: 403 });
    expect((await s.asUser(updateHomeLayoutAdmin, {})).body).toMatchObject({ success: false, status: 403 });
  });
});
