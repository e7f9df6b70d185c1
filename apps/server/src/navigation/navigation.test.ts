/**
 * 导航菜单 through the real server on both drivers: a save renames, hides, reorders and adds an outside
 * link in the header (wide and phone menus) at once, and in the footer's quick links and the ways on from the
 * not-found, error and empty search pages, and the renamed sections' own pages (heading, title, breadcrumb
 * and its JSON-LD) take the new name; bad input is refused with a Chinese message and saves nothing; a stale
 * form is 409; every save is audited.
 */
import {
  inquireAuditLogListAdmin,
  inquireNavigationAdmin,
  NAV_ROUTES,
  type NavItem,
  updateNavigationAdmin,
  updatePageSeoAdmin,
} from '@yuexun/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminSessions, adminSessions, only } from '../../test/admin';
import { drivers, startServer, type TestServer } from '../../test/server';
import { h1, KEYWORDS, title } from '../../test/site';
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

/** A detail page's visible breadcrumb: each step's name and address. */
const trail = (html: string) =>
  [
    ...(html.match(/<nav class="breadcrumb"[^>]*>([\s\S]*?)<\/nav>/)?.[1] ?? '').matchAll(
      /<a href="([^"]*)">([^<]*)<\/a>/g,
    ),
  ].map((a) => [a[2], a[1]]);

/** The names of the page's BreadcrumbList (JSON-LD), in order. */
const trailData = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)]
    .map((m) => JSON.parse(m[1] ?? '{}'))
    .filter((d) => d['@type'] === 'BreadcrumbList')
    .map((d) => d.itemListElement.map((step: { name: string }) => step.name));

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

  it("a renamed section's pages name it so: list heading, title and tabs, detail breadcrumbs and their JSON-LD", async () => {
    const page = async (path: string) => {
      const res = await fetch(`${server.url}${path}`);
      expect(res.status, path).toBe(200);
      return res.text();
    };
    // Kept in the page cache now: the save must clear them.
    const [newsBefore, shopBefore, serviceBefore] = await Promise.all([
      page('/news/1881'),
      page('/priceShop'),
      page('/service'),
    ]);
    const newsArticle = newsBefore.match(/href="(\/news\/detail\/\d+)"/)?.[1];
    const product = shopBefore.match(/href="(\/priceShop\/productDetail\?productId=\d+)"/)?.[1];
    const tag = shopBefore.match(/href="\/priceShop\?tagId=(\d+)">([^<]+)<\/a>/);
    const serviceArticle = serviceBefore.match(/href="(\/detail\/\d+)"/)?.[1];
    if (!newsArticle || !product || !tag || !serviceArticle) throw new Error('seed pages changed');
    for (const path of [newsArticle, product, serviceArticle]) await page(path);

    const loaded = await current();
    const names: Record<string, string> = {
      home: '网站首页',
      news: '校园动态',
      priceShop: '产品价格',
      service: '售后服务',
    };
    only(
      await s.asAdmin(updateNavigationAdmin, {
        items: loaded.items.map((i: NavItem) => (names[i.key] ? { ...i, label: names[i.key] } : i)),
        version: loaded.version,
      }),
    );

    // The news list: its heading and its tabs' name; its title names only the category, as before.
    const news = await page('/news/1881');
    expect(h1(news)).toBe('校园动态 · 公司新闻');
    expect(news).toContain('aria-label="校园动态栏目"');
    expect(title(news)).toBe(`公司新闻 - ${KEYWORDS}`);
    expect(news).not.toContain('新闻资讯');
    // A news article: home under its new name, then its category's list.
    const article = await page(newsArticle);
    expect(trail(article)).toEqual([
      ['网站首页', '/home'],
      ['公司新闻', '/news/1881'],
    ]);
    expect(trailData(article)[0]?.slice(0, 2)).toEqual(['网站首页', '公司新闻']);

    // The price shop: heading and title, by tag too; a product's breadcrumb and its JSON-LD.
    const shop = await page('/priceShop');
    expect(h1(shop)).toBe('产品价格');
    expect(title(shop)).toBe(`产品价格 - ${KEYWORDS}`);
    expect(title(await page(`/priceShop?tagId=${tag[1]}`))).toBe(`产品价格 · ${tag[2]} - ${KEYWORDS}`);
    const productHtml = await page(product);
    expect(trail(productHtml)).toEqual([
      ['网站首页', '/home'],
      ['产品价格', '/priceShop'],
    ]);
    expect(trailData(productHtml)).toEqual([['网站首页', '产品价格', h1(productHtml)]]);
    expect(productHtml).not.toContain('价格商城');

    // A one-category section: the page and its article's breadcrumb (which leads to the page).
    const service = await page('/service');
    expect(h1(service)).toBe('售后服务');
    expect(title(service)).toBe(`售后服务 - ${KEYWORDS}`);
    const serviceDetail = await page(serviceArticle);
    expect(trail(serviceDetail)).toEqual([
      ['网站首页', '/home'],
      ['售后服务', '/service'],
    ]);
    expect(trailData(serviceDetail)[0]?.slice(0, 2)).toEqual(['网站首页', '售后服务']);
    expect(serviceDetail).not.toContain('服务支持');

    // The home page's title and its news band.
    const homeHtml = await home();
    expect(title(homeHtml)).toBe(`网站首页 - ${KEYWORDS}`);
    expect(homeHtml).toMatch(/<h2[^>]*>校园动态<\/h2>/);

    // A page SEO title (页面 SEO) still wins in the head; the heading keeps the menu's name.
    only(await s.asAdmin(updatePageSeoAdmin, { page: 'service', version: 0, title: '悦讯售后保障' }));
    const seo = await page('/service');
    expect(title(seo)).toBe(`悦讯售后保障 - ${KEYWORDS}`);
    expect(h1(seo)).toBe('售后服务');
  });

  it('is saved only by a role that may change the site settings', async () => {
    const { items, version } = await current();
    const res = await s.asUser(updateNavigationAdmin, { items, version });
    expect(res.body).toMatchObject({ success: false, status: 403 });
  });
});
