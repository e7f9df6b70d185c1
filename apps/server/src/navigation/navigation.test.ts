/**
 * 导航菜单 through the real server on both drivers: a save renames, hides, reorders and adds an outside
 * link in the header (wide and phone menus) at once, and in the footer's quick links and the ways on from the
 * not-found, error and empty search pages; bad input is refused with a Chinese message and
 * saves nothing; a stale form is 409; every save is audited.
 */
import {
  inquireAuditLogListAdmin,
  inquireNavigationAdmin,
  NAV_ROUTES,
  type NavItem,
  updateNavigationAdmin,
} from '@yuexun/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminSessions, adminSessions, only } from '../../test/admin';
import { drivers, startServer, type TestServer } from '../../test/server';
import { dataFingerprint } from '../../test/snapshot';

/** The two menus of the header (wide, then phone), each as its links' label, href and attributes. */
const menus = (html: string) =>
  [...html.matchAll(/<nav[^>]*aria-label="(主导航|手机导航)"[^>]*><ul>([\s\S]*?)<\/ul><\/nav>/g)].map((m) =>
    [...(m[2] ?? '').matchAll(/<a ([^>]*)>([^<]*)<\/a>/g)].map((a) => ({
      label: a[2],
      attrs: a[1] ?? '',
    })),
  );

/** The links of the list with this class (footer-links, error-page-links, section-links). */
const linkList = (html: string, className: string) =>
  [
    ...(html.match(new RegExp(`<ul class="${className}">([\\s\\S]*?)</ul>`))?.[1] ?? '').matchAll(
      /<a ([^>]*)>([^<]*)<\/a>/g,
    ),
  ].map((a) => ({ label: a[2], attrs: a[1] ?? '' }));

describe.each(drivers)('navigation on %s', (driver) => {
  let server: TestServer;
  let s: AdminSessions;
  beforeAll(async () => {
    server = await startServer(driver);
    s = await adminSessions(server);
  });
  afterAll(() => server.close());

  const current = async () => only(await s.asAdmin(inquireNavigationAdmin));
  const home = async () => (await fetch(`${server.url}/home`)).text();

  it('starts as the default menu (version 0) and the header shows every section', async () => {
    const nav = await current();
    expect(nav.version).toBe(0);
    expect(nav.items.map((i: NavItem) => i.key)).toEqual(NAV_ROUTES.map((r) => r.key));
    const [wide, phone] = menus(await home());
    expect(wide?.map((a) => a.label)).toEqual(NAV_ROUTES.map((r) => r.label));
    expect(phone).toEqual(wide);
  });

  it('renames, hides, reorders and adds an outside link: header (wide and phone), footer, 404, error and empty search show it at once', async () => {
    const before = await home(); // cached now: the save must clear the page cache
    expect(before).toContain('>新闻资讯</a>');
    const { items } = await current();
    const next: NavItem[] = items.map((i: NavItem) =>
      i.key === 'news' ? { ...i, label: '新闻中心' } : i.key === 'download' ? { ...i, visible: false } : i,
    );
    const agent = next.findIndex((i) => i.key === 'agent');
    next.splice(1, 0, ...next.splice(agent, 1));
    next.push({
      key: 'link',
      label: '在线商城',
      visible: true,
      url: 'https://shop.example.com/?from=yx&a=1',
    });
    const saved = only(await s.asAdmin(updateNavigationAdmin, { items: next, version: 0 }));
    expect(saved.version).toBe(1);

    const html = await home();
    const [wide, phone] = menus(html);
    expect(wide?.map((a) => a.label)).toEqual([
      '首页',
      '代理合作',
      '解决方案',
      '示范案例',
      '新闻中心',
      '价格商城',
      '服务支持',
      '安全中心',
      '关于我们',
      '在线商城',
    ]);
    expect(phone).toEqual(wide);
    const link = wide?.find((a) => a.label === '在线商城');
    expect(link?.attrs).toContain('href="https://shop.example.com/?from=yx&amp;a=1"');
    expect(link?.attrs).toContain('target="_blank"');
    expect(link?.attrs).toContain('rel="noopener"');
    expect(wide?.find((a) => a.label === '新闻中心')?.attrs).toContain('href="/news/1881"');
    // The route itself stays: a hidden entry's page still answers.
    const download = await fetch(`${server.url}/download`);
    expect(download.status).toBe(200);

    // Wherever the sections are offered as links, they are the menu's: its names, order and visibility.
    const sections = wide?.slice(1).map((a) => a.label);
    const notFound = await fetch(`${server.url}/no-such-page`);
    expect(notFound.status).toBe(404);
    const notFoundHtml = await notFound.text();
    const empty = await fetch(`${server.url}/search?q=${encodeURIComponent('查无此词')}`);
    const emptyHtml = await empty.text();
    expect(emptyHtml).toContain('没有找到与“查无此词”相关的内容');
    const exception = await (await fetch(`${server.url}/exception?errorCode=500`)).text();
    for (const [where, links] of [
      ['footer of /home', linkList(html, 'footer-links')],
      ['footer of /download', linkList(await download.text(), 'footer-links')],
      ['footer of a 404', linkList(notFoundHtml, 'footer-links')],
      ['404 page', linkList(notFoundHtml, 'error-page-links')],
      ['error page', linkList(exception, 'error-page-links')],
      ['empty search', linkList(emptyHtml, 'section-links')],
    ] as const) {
      expect(
        links.map((a) => a.label),
        where,
      ).toEqual(sections);
      expect(links.find((a) => a.label === '新闻中心')?.attrs, where).toContain('href="/news/1881"');
      expect(links.find((a) => a.label === '在线商城')?.attrs, where).toContain('target="_blank"');
    }
    expect(notFoundHtml).not.toContain('>新闻资讯</a>');
    expect(notFoundHtml).not.toContain('>下载中心</a>');

    const audit = await s.asAdmin(inquireAuditLogListAdmin, { targetType: 'site_navigation' });
    expect(audit.body.datas[0]).toMatchObject({ action: 'create' });
    expect(JSON.stringify(audit.body.datas[0].detail)).toContain('在线商城 → https://shop.example.com/');
  });

  it('takes the form-encoded JSON list too, and refuses a stale version with 409', async () => {
    const loaded = await current();
    const renamed = loaded.items.map((i: NavItem) => (i.key === 'home' ? { ...i, label: '网站首页' } : i));
    const res = await server.post(
      '/store/api/v1.0/updateNavigationAdmin.json',
      { siteId: 75, items: JSON.stringify(renamed), version: loaded.version },
      { headers: { cookie: `yx_sid=${s.adminSid}` } },
    );
    expect(res.body).toMatchObject({ success: true });
    expect(menus(await home())[0]?.[0]?.label).toBe('网站首页');
    const stale = await s.asAdmin(updateNavigationAdmin, { items: loaded.items, version: loaded.version });
    expect(stale.body).toMatchObject({ success: false, status: 409 });
    const first = await s.asAdmin(updateNavigationAdmin, { items: loaded.items, version: 0 });
    expect(first.body).toMatchObject({ success: false, status: 409 });
  });

  const link = (url: string, label = '外链'): NavItem => ({ key: 'link', label, visible: true, url });
  it.each([
    [
      'a javascript: link',
      (items: NavItem[]) => [...items, link('javascript:alert(1)')],
      '外部链接须为 http:// 或 https:// 开头的网址',
    ],
    [
      'a data: link',
      (items: NavItem[]) => [...items, link('data:text/html,<b>x</b>')],
      '外部链接须为 http:// 或 https:// 开头的网址',
    ],
    [
      'a protocol-relative link',
      (items: NavItem[]) => [...items, link('//evil.example.com/')],
      '外部链接须为 http:// 或 https:// 开头的网址',
    ],
    [
      'a link without a label',
      (items: NavItem[]) => [...items, link('https://a.example.com/', ' ')],
      '请输入外部链接的菜单名称',
    ],
    [
      'a label of 11 characters',
      (items: NavItem[]) =>
        items.map((i) => (i.key === 'home' ? { ...i, label: '一二三四五六七八九十一' } : i)),
      '菜单名称不能超过 10 个字',
    ],
    [
      'a fixed entry removed',
      (items: NavItem[]) => items.filter((i) => i.key !== 'agent'),
      '导航菜单缺少“代理合作”',
    ],
    [
      'a fixed entry twice',
      (items: NavItem[]) => [...items, { key: 'news', label: '', visible: true, url: '' }],
      '“新闻资讯”在导航菜单中出现了两次',
    ],
    [
      'an unknown entry',
      (items: NavItem[]) => [...items, { key: 'admin', label: '', visible: true, url: '' }],
      '导航菜单中没有“admin”这一栏目',
    ],
    [
      'a fixed entry given an address',
      (items: NavItem[]) =>
        items.map((i) => (i.key === 'home' ? { ...i, url: 'https://x.example.com/' } : i)),
      '固定栏目不能改地址',
    ],
    [
      'seven outside links',
      (items: NavItem[]) => [
        ...items,
        ...Array.from({ length: 7 }, (_, n) => link(`https://l${n}.example.com/`)),
      ],
      '外部链接最多 6 个',
    ],
    ['not a list', () => 'not json', '导航菜单格式不正确'],
    ['an entry that is not an object', () => [42], '导航菜单格式不正确'],
  ])('refuses %s with a Chinese message and saves nothing', async (_name, change, message) => {
    const loaded = await current();
    const before = await dataFingerprint(server.app);
    const res = await s.asAdmin(updateNavigationAdmin, {
      items: (change as (items: NavItem[]) => unknown)(loaded.items),
      version: loaded.version,
    });
    expect(res.status).toBeLessThan(500);
    expect(res.body).toMatchObject({ success: false, status: 400 });
    expect(res.body.errorMessage).toContain(message);
    expect(await dataFingerprint(server.app)).toEqual(before);
  });

  it('is saved only by a role that may change the site settings', async () => {
    const { items, version } = await current();
    const res = await s.asUser(updateNavigationAdmin, { items, version });
    expect(res.body).toMatchObject({ success: false, status: 403 });
  });
});
