import {
  createRedirectRuleAdmin,
  deleteNotFoundAdmin,
  deleteRedirectRuleAdmin,
  inquireAuditLogListAdmin,
  inquireNotFoundListAdmin,
  inquireRedirectRuleListAdmin,
  updateRedirectRuleAdmin,
} from '@yuexun/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type AdminSessions, adminSessions, only, requestKey } from '../../test/admin';
import { drivers, startServer, type TestServer } from '../../test/server';
import { dataFingerprint } from '../../test/snapshot';

const BROWSER = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
const BAIDU = 'Mozilla/5.0 (compatible; Baiduspider/2.0; +http://www.baidu.com/search/spider.html)';

describe.each(drivers)('redirect rules and the 404 log on %s', (driver) => {
  let server: TestServer;
  let s: AdminSessions;
  beforeAll(async () => {
    server = await startServer(driver, { publicOrigin: 'https://www.yuexun.example.cn' });
    s = await adminSessions(server);
  });
  afterAll(() => server.close());

  const visit = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${server.url}${path}`, { redirect: 'manual', headers: { 'user-agent': BROWSER, ...headers } });
  const create = async (rule: Record<string, unknown>) =>
    s.asAdmin(createRedirectRuleAdmin, {
      matchType: 'exact',
      statusCode: 301,
      requestKey: requestKey(),
      ...rule,
    });
  const notFoundList = async (keyword?: string) =>
    (await s.asAdmin(inquireNotFoundListAdmin, { pageIndex: 1, pageSize: 50, keyword })).body;

  it('answers an old-site address with its query by 301 to the new page, parameters in any order', async () => {
    const rule = only(await create({ fromPath: '/old/news.asp?id=12&lang=cn', toUrl: '/news/detail/12' }));
    expect(rule).toMatchObject({ statusCode: 301, enabled: true, version: 1 });
    for (const path of ['/old/news.asp?id=12&lang=cn', '/old/news.asp?lang=cn&id=12']) {
      const res = await visit(path);
      expect(res.status, path).toBe(301);
      expect(res.headers.get('location')).toBe('/news/detail/12');
    }
    // Another id is another page of the old site: not this rule.
    expect((await visit('/old/news.asp?id=13&lang=cn')).status).toBe(404);
  });

  it('takes a full address of the old site and keeps its path and query', async () => {
    const rule = only(
      await create({ fromPath: 'http://old.yuexun.example.cn/old/news.asp?id=12', toUrl: '/news/detail/12' }),
    );
    expect(rule.fromPath).toBe('/old/news.asp?id=12');
    const res = await visit('/old/news.asp?id=12');
    expect(res.status).toBe(301);
  });

  it('sends everything under a prefix to one page with 302, and an exact rule without a query whatever the query', async () => {
    only(await create({ fromPath: '/en/', matchType: 'prefix', toUrl: '/home', statusCode: 302 }));
    for (const path of ['/en/', '/en', '/en/about/us.html?x=1']) {
      const res = await visit(path);
      expect(res.status, path).toBe(302);
      expect(res.headers.get('location')).toBe('/home');
    }
    only(await create({ fromPath: '/about.asp', toUrl: '/companyProfile/4' }));
    const res = await visit('/about.asp?from=baidu');
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe('/companyProfile/4');
  });

  it('counts a not-found address by referrer with crawlers apart; one rule turns it into a redirect', async () => {
    expect(
      (await visit('/no-such', { referer: 'https://www.baidu.com/s?wd=%E6%82%A6%E8%AE%AF' })).status,
    ).toBe(404);
    await visit('/no-such', { referer: 'https://www.baidu.com/s?wd=%E6%82%A6%E8%AE%AF' });
    await visit('/no-such');
    await visit('/no-such', { 'user-agent': BAIDU });
    await vi.waitFor(
      async () => {
        const body = await notFoundList('no-such');
        expect(body.datas).toHaveLength(1);
        expect(body.datas[0]).toMatchObject({
          path: '/no-such',
          hits: 3,
          botHits: 1,
          redirect: null,
          referrers: [{ referrer: 'https://www.baidu.com/s?wd=%E6%82%A6%E8%AE%AF', hits: 2 }],
        });
      },
      { timeout: 5000 },
    );
    const rule = only(await create({ fromPath: '/no-such', toUrl: '/home' }));
    const res = await visit('/no-such');
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe('/home');
    const [entry] = (await notFoundList('no-such')).datas;
    expect(entry.redirect).toEqual({ ruleId: rule.id, toUrl: '/home' });

    only(await s.asAdmin(deleteNotFoundAdmin, { path: '/no-such' }));
    expect((await notFoundList('no-such')).datas).toHaveLength(0);
    const again = await s.asAdmin(deleteNotFoundAdmin, { path: '/no-such' });
    expect(again.body).toMatchObject({ success: false, status: 404 });
  });

  it('lists the most requested addresses first', async () => {
    for (let i = 0; i < 3; i++) await visit('/gone/often.html');
    await visit('/gone/once.html');
    await vi.waitFor(async () => {
      const paths = (await notFoundList('/gone/')).datas.map((e: { path: string }) => e.path);
      expect(paths).toEqual(['/gone/often.html', '/gone/once.html']);
    });
  });

  it('switches a rule off and on, refuses a stale version, deletes it, each in the audit log', async () => {
    const rule = only(await create({ fromPath: '/product.asp', toUrl: '/priceShop' }));
    expect((await visit('/product.asp')).status).toBe(301);
    const off = only(
      await s.asAdmin(updateRedirectRuleAdmin, { ruleId: rule.id, enabled: false, version: 1 }),
    );
    expect(off).toMatchObject({ enabled: false, version: 2 });
    expect((await visit('/product.asp')).status).toBe(404);
    const stale = await s.asAdmin(updateRedirectRuleAdmin, { ruleId: rule.id, enabled: true, version: 1 });
    expect(stale.body).toMatchObject({ success: false, status: 409 });
    only(
      await s.asAdmin(updateRedirectRuleAdmin, {
        ruleId: rule.id,
        enabled: true,
        statusCode: 302,
        version: 2,
      }),
    );
    const res = await visit('/product.asp');
    expect(res.status).toBe(302);
    only(await s.asAdmin(deleteRedirectRuleAdmin, { ruleId: rule.id, version: 3 }));
    expect((await visit('/product.asp')).status).toBe(404);
    const audit = await s.asAdmin(inquireAuditLogListAdmin, {
      targetType: 'redirect_rule',
      targetId: String(rule.id),
    });
    expect(audit.body.datas.map((e: { action: string }) => e.action)).toEqual([
      'delete',
      'update',
      'disable',
      'create',
    ]);
  });

  it('makes one rule of a repeated create, and lists rules by keyword', async () => {
    const key = requestKey();
    const first = only(
      await create({ fromPath: '/case.asp', toUrl: '/demonstrationCase/1883', requestKey: key }),
    );
    const second = only(
      await create({ fromPath: '/case.asp', toUrl: '/demonstrationCase/1883', requestKey: key }),
    );
    expect(second.id).toBe(first.id);
    const list = await s.asAdmin(inquireRedirectRuleListAdmin, {
      pageIndex: 1,
      pageSize: 20,
      keyword: 'case.asp',
    });
    expect(list.body.datas.map((r: { fromPath: string }) => r.fromPath)).toEqual(['/case.asp']);
  });

  it.each([
    ['its own target', { fromPath: '/loop-self', toUrl: '/loop-self' }, 'toUrl', '目标地址不能是原地址本身'],
    [
      'its own target (full address)',
      { fromPath: '/loop-self/', toUrl: 'https://www.yuexun.example.cn/loop-self' },
      'toUrl',
      '目标地址不能是原地址本身',
    ],
    ['a loop', { fromPath: '/b', toUrl: '/a' }, 'toUrl', '循环跳转：/b → /a → /b'],
    [
      'an outside host',
      { fromPath: '/evil', toUrl: 'https://evil.example.com/phish' },
      'toUrl',
      '不允许跳转到外部网站 evil.example.com',
    ],
    [
      'a javascript: target',
      { fromPath: '/js', toUrl: 'javascript:alert(1)' },
      'toUrl',
      '目标地址须为本站路径',
    ],
    [
      'a protocol-relative target',
      { fromPath: '/proto', toUrl: '//evil.example.com/' },
      'toUrl',
      '目标地址须为本站路径',
    ],
    ['a path without /', { fromPath: 'old.asp', toUrl: '/home' }, 'fromPath', '原地址须以 / 开头'],
    [
      'a prefix with a query',
      { fromPath: '/x?id=1', matchType: 'prefix', toUrl: '/home' },
      'fromPath',
      '前缀匹配的原地址不能带查询参数',
    ],
    [
      'a prefix over its target',
      { fromPath: '/all', matchType: 'prefix', toUrl: '/all/news' },
      'toUrl',
      '目标地址不能是原地址本身',
    ],
    [
      'a duplicate',
      { fromPath: '/old/news.asp?lang=cn&id=12', toUrl: '/home' },
      'fromPath',
      '已有相同原地址',
    ],
    [
      'a 307',
      { fromPath: '/a.asp', toUrl: '/home', statusCode: 307 },
      'statusCode',
      '跳转方式只能是 301 或 302',
    ],
    [
      'a 600-character path',
      { fromPath: `/${'长'.repeat(600)}`, toUrl: '/home' },
      'fromPath',
      '原地址不能超过 500 个字',
    ],
  ])('refuses %s with a message under its field and saves nothing', async (_name, rule, field, message) => {
    await create({ fromPath: '/a', toUrl: '/b' });
    const before = await dataFingerprint(server.app);
    const res = await create(rule);
    expect(res.body).toMatchObject({ success: false });
    expect([400, 409]).toContain(res.body.status);
    const error = res.body.errors.find((e: { field: string }) => e.field === field);
    expect(error?.message, JSON.stringify(res.body)).toContain(message);
    expect(await dataFingerprint(server.app)).toEqual(before);
  });

  it('is for the vendor admins only', async () => {
    expect((await s.asUser(inquireRedirectRuleListAdmin)).body).toMatchObject({
      success: false,
      status: 403,
    });
    expect((await s.asUser(inquireNotFoundListAdmin)).body).toMatchObject({ success: false, status: 403 });
  });
});
