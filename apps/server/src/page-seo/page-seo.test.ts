/**
 * 页面 SEO through the real server on both drivers: a category's or a fixed page's title, keywords and
 * description reach its page's head at once; blank fields fall back (category → section page → the
 * page's own name and text → 站点设置), keeping spec §1's title form; bad input is a Chinese 400.
 */
import {
  inquireAuditLogListAdmin,
  inquireNavigationAdmin,
  inquirePageSeoListAdmin,
  NAV_ROUTES,
  type NavItem,
  type PageSeoEntry,
  updateCategorySeoAdmin,
  updateNavigationAdmin,
  updatePageSeoAdmin,
} from '@yuexun/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminSessions, adminSessions, only } from '../../test/admin';
import { drivers, startServer, type TestServer } from '../../test/server';
import { KEYWORDS, title } from '../../test/site';
import { dataFingerprint } from '../../test/snapshot';

const SITE_DESCRIPTION = '悦讯智慧校园：面向区县教育局';

const head = (html: string) => ({
  title: title(html),
  keywords: html.match(/<meta name="keywords" content="([^"]*)"/)?.[1] ?? null,
  description: html.match(/<meta name="description" content="([^"]*)"/)?.[1] ?? null,
  ogTitle: html.match(/<meta property="og:title" content="([^"]*)"/)?.[1] ?? null,
});

describe.each(drivers)('page SEO on %s', (driver) => {
  let server: TestServer;
  let s: AdminSessions;
  beforeAll(async () => {
    server = await startServer(driver);
    s = await adminSessions(server);
  });
  afterAll(() => server.close());

  const entries = async () => (await s.asAdmin(inquirePageSeoListAdmin)).body.datas as PageSeoEntry[];
  const page = async (path: string) => {
    const res = await fetch(`${server.url}${path}`);
    expect(res.status).toBe(200);
    return head(await res.text());
  };
  const category = async (id: number) => {
    const entry = (await entries()).find((e) => e.categoryId === id);
    if (!entry) throw new Error(`no SEO entry for category ${id}`);
    return entry;
  };

  it('lists every fixed page (unsaved: version 0), then the categories that have a list page', async () => {
    const list = await entries();
    const pages = list.filter((e) => e.target === 'page');
    expect(pages.map((e) => [e.page, e.name, e.path, e.version])).toEqual(
      NAV_ROUTES.map((r) => [r.key, r.label, r.path, 0]),
    );
    const categories = list.filter((e) => e.target === 'category');
    expect(categories.map((e) => e.path)).toEqual(
      expect.arrayContaining([
        '/news/1881',
        '/demonstrationCase/1351',
        '/companyProfile/1',
        '/solution/areaCloud',
      ]),
    );
    // The service, download, agent and security sections are their fixed pages.
    expect(categories.some((e) => ['service', 'download', 'agent', 'security'].includes(e.kind ?? ''))).toBe(
      false,
    );
  });

  it('keeps the existing title form and the site defaults while nothing is set', async () => {
    expect(await page('/home')).toMatchObject({ title: `首页 - ${KEYWORDS}`, keywords: KEYWORDS });
    expect((await page('/home')).description).toContain(SITE_DESCRIPTION);
    expect(await page('/news/1881')).toMatchObject({ title: `公司新闻 - ${KEYWORDS}`, keywords: KEYWORDS });
  });

  it("a category's SEO reaches its list page at once; the other lists keep theirs", async () => {
    await page('/news/1881'); // kept in the page cache: the save must clear it
    const { version } = await category(1881);
    const saved = only(
      await s.asAdmin(updateCategorySeoAdmin, {
        categoryId: 1881,
        version,
        title: '  智慧校园新闻动态  ',
        keywords: '智慧校园新闻,教育信息化',
        description: '悦讯公司新闻：<产品发布>与客户动态',
      }),
    );
    expect(saved).toMatchObject({ title: '智慧校园新闻动态', version: version + 1 });
    expect(await page('/news/1881')).toEqual({
      title: `智慧校园新闻动态 - ${KEYWORDS}`,
      keywords: '智慧校园新闻,教育信息化',
      description: '悦讯公司新闻：＜产品发布＞与客户动态',
      ogTitle: '智慧校园新闻动态 - 悦讯智慧校园',
    });
    expect((await page('/news/1883')).title).toBe(`媒体报道 - ${KEYWORDS}`);
    const audit = await s.asAdmin(inquireAuditLogListAdmin, { targetType: 'category' });
    expect(audit.body.datas[0].detail.changes.title).toEqual(['', '智慧校园新闻动态']);
  });

  it("a section page's keywords and description serve its lists; its title only the page its menu opens", async () => {
    only(
      await s.asAdmin(updatePageSeoAdmin, {
        page: 'news',
        version: 0,
        title: '新闻中心',
        keywords: '悦讯新闻,智慧校园资讯',
        description: '悦讯科技的新闻中心',
      }),
    );
    expect(await page('/news/1883')).toMatchObject({
      title: `媒体报道 - ${KEYWORDS}`,
      keywords: '悦讯新闻,智慧校园资讯',
      description: '悦讯科技的新闻中心',
    });
    // /news/1881 is what the menu opens, but its category's own title comes first.
    expect((await page('/news/1881')).title).toBe(`智慧校园新闻动态 - ${KEYWORDS}`);
    const { version } = await category(1881);
    only(
      await s.asAdmin(updateCategorySeoAdmin, {
        categoryId: 1881,
        version,
        title: '',
        keywords: '',
        description: '',
      }),
    );
    expect(await page('/news/1881')).toMatchObject({
      title: `新闻中心 - ${KEYWORDS}`,
      keywords: '悦讯新闻,智慧校园资讯',
      description: '悦讯科技的新闻中心',
    });
  });

  it('a fixed page: set, then cleared back to the defaults', async () => {
    const saved = only(
      await s.asAdmin(updatePageSeoAdmin, {
        page: 'home',
        version: 0,
        title: '悦讯智慧校园平台',
        keywords: '',
        description: '',
      }),
    );
    expect(saved).toMatchObject({ page: 'home', version: 1, title: '悦讯智慧校园平台' });
    expect(await page('/home')).toMatchObject({
      title: `悦讯智慧校园平台 - ${KEYWORDS}`,
      keywords: KEYWORDS,
    });
    only(
      await s.asAdmin(updatePageSeoAdmin, {
        page: 'home',
        version: 1,
        title: '',
        keywords: '',
        description: '',
      }),
    );
    expect((await page('/home')).title).toBe(`首页 - ${KEYWORDS}`);
    const stale = await s.asAdmin(updatePageSeoAdmin, { page: 'home', version: 1, title: 'x' });
    expect(stale.body).toMatchObject({ success: false, status: 409 });
    const firstAgain = await s.asAdmin(updatePageSeoAdmin, { page: 'home', version: 0, title: 'x' });
    expect(firstAgain.body).toMatchObject({ success: false, status: 409 });
    const audit = await s.asAdmin(inquireAuditLogListAdmin, { targetType: 'page_seo' });
    expect(audit.body.datas[0]).toMatchObject({ action: 'update' });
  });

  it.each([
    [
      updatePageSeoAdmin,
      { page: 'home', version: 0, title: '标'.repeat(81) },
      400,
      'SEO 标题不能超过 80 个字',
    ],
    [
      updatePageSeoAdmin,
      { page: 'priceShop', version: 0, keywords: '关'.repeat(201) },
      400,
      'SEO 关键词不能超过 200 个字',
    ],
    [updatePageSeoAdmin, { page: 'agent', version: 0, description: 'a\u0000b' }, 400, 'SEO 描述含有控制字符'],
    [updatePageSeoAdmin, { page: 'admin', version: 0, title: 'x' }, 400, '页面的取值不在可选范围内'],
    [updatePageSeoAdmin, { page: 'home', version: 'abc', title: 'x' }, 400, '版本号'],
    [updatePageSeoAdmin, { page: 'home', version: -1, title: 'x' }, 400, '版本号'],
    [updateCategorySeoAdmin, { categoryId: 2101, version: 1, title: 'x' }, 400, '这个栏目没有自己的列表页'],
    [updateCategorySeoAdmin, { categoryId: 999999, version: 1, title: 'x' }, 404, '栏目不存在'],
    [updateCategorySeoAdmin, { categoryId: 'x', version: 1, title: 'x' }, 400, '栏目编号必须是正整数'],
    [updateCategorySeoAdmin, { categoryId: 1882, version: 1, title: { $gt: '' } }, 400, 'SEO 标题格式不正确'],
  ] as const)(
    '%# refuses bad input with a Chinese message and saves nothing',
    async (def, body, status, message) => {
      const before = await dataFingerprint(server.app);
      const res = await s.asAdmin(def, body);
      expect(res.status).toBeLessThan(500);
      expect(res.body).toMatchObject({ success: false, status });
      expect(res.body.errorMessage).toContain(message);
      expect(await dataFingerprint(server.app)).toEqual(before);
    },
  );

  it('lists a section page renamed in 导航菜单 under the name the site gives it, hidden or not', async () => {
    const loaded = only(await s.asAdmin(inquireNavigationAdmin));
    const renamed: Record<string, Partial<NavItem>> = {
      news: { label: '校园动态' },
      download: { label: '资料下载', visible: false },
    };
    only(
      await s.asAdmin(updateNavigationAdmin, {
        items: loaded.items.map((i: NavItem) => ({ ...i, ...renamed[i.key] })),
        version: loaded.version,
      }),
    );
    const pages = (await entries()).filter((e) => e.target === 'page');
    expect(pages.map((e) => e.name)).toEqual(
      NAV_ROUTES.map((r) => ({ news: '校园动态', download: '资料下载' })[r.key as string] ?? r.label),
    );
    const { version } = pages.find((e) => e.page === 'download') ?? { version: 0 };
    const saved = only(await s.asAdmin(updatePageSeoAdmin, { page: 'download', version, title: '下载' }));
    expect(saved).toMatchObject({ page: 'download', name: '资料下载' });
  });

  it('is saved only by a role that may change the site settings', async () => {
    const res = await s.asUser(updatePageSeoAdmin, { page: 'home', version: 0, title: 'x' });
    expect(res.body).toMatchObject({ success: false, status: 403 });
  });
});
