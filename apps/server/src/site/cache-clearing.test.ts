/**
 * Which saves empty the page cache (issue 30): only actions that declare `affectsSite` in the contract. A
 * salesperson opening a lead, saving a lead view or adding a follow-up, and an admin editing a colleague, leave
 * every kept page as it was (its `Age` keeps growing); saving an article, a product, the site settings, a
 * banner, the navigation or a redirect empties it here and, on PostgreSQL, on a second instance at once (NOTIFY;
 * PGlite serves one instance).
 */
import {
  addLeadFollowUpAdmin,
  createArticleAdmin,
  createBannerAdmin,
  createRedirectRuleAdmin,
  inquireNavigationAdmin,
  inquireSiteSettingsAdmin,
  inquireStaffListTenant,
  markLeadSeenAdmin,
  saveLeadViewAdmin,
  updateNavigationAdmin,
  updateProductAdmin,
  updateSiteSettingsAdmin,
  updateStaffTenant,
} from '@yuexun/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminSessions, adminSessions, only, requestKey, uploadPng } from '../../test/admin';
import { submitLead } from '../../test/alert-env';
import { drivers, startServer, type TestServer } from '../../test/server';
import { product } from '../db/schema';

const PAGE = '/agent';

/** The page's `Age` in seconds when it came from memory, null when it was rendered for this request. */
const ageOf = async (server: TestServer) => {
  const res = await fetch(`${server.url}${PAGE}`);
  expect(res.status).toBe(200);
  await res.arrayBuffer();
  const age = res.headers.get('age');
  return age === null ? null : Number(age);
};

/** Polls until `check` holds, for at most `withinMs` (another instance hears of a save asynchronously). */
const eventually = async (check: () => Promise<boolean>, withinMs: number) => {
  const until = Date.now() + withinMs;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > until) return false;
    await new Promise((r) => setTimeout(r, 50));
  }
};

describe.each(drivers)('what empties the page cache on %s', (driver) => {
  let a: TestServer;
  let b: TestServer | null = null;
  let s: AdminSessions;
  beforeAll(async () => {
    // Kept for a minute: only a clear can make a page render again during the test.
    a = await startServer(driver, { publicCacheTtlMs: 60_000 });
    if (driver === 'postgres') {
      b = await startServer(
        driver,
        { publicCacheTtlMs: 60_000 },
        { databaseUrl: a.databaseUrl, database: a.app.database },
      );
    }
    s = await adminSessions(a);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('a salesperson’s work and a colleague’s edit leave the kept page as it was; its Age keeps growing', async () => {
    await ageOf(a);
    expect(await ageOf(a)).toBe(0);
    // Age counts whole seconds: past one, a page rendered again would answer without it (or with 0).
    await new Promise((r) => setTimeout(r, 1100));
    const leadId = await submitLead(a, {
      contactName: '缓存测试',
      region: '浙江省杭州市',
      schoolName: '缓存测试学校',
    });
    const saves = {
      markLeadSeenAdmin: () => s.asAdmin(markLeadSeenAdmin, { leadId }),
      saveLeadViewAdmin: () => s.asAdmin(saveLeadViewAdmin, { name: '缓存测试视图', status: 'new' }),
      addLeadFollowUpAdmin: () =>
        s.asAdmin(addLeadFollowUpAdmin, { leadId, kind: 'call', note: '电话沟通', version: 1 }),
      updateStaffTenant: async () => {
        const staff = (await s.asAdmin(inquireStaffListTenant, { pageSize: 100 })).body.datas as {
          username: string;
          employeeId: number;
          name: string;
        }[];
        const colleague = staff.find((m) => m.username === 'user');
        if (!colleague) throw new Error('no colleague');
        return s.asAdmin(updateStaffTenant, { employeeId: colleague.employeeId, name: '缓存测试同事' });
      },
    };
    let last = 1;
    for (const [name, save] of Object.entries(saves)) {
      const saved = await save();
      expect(saved.body?.success, `${name}: ${saved.text}`).toBe(true);
      const age = await ageOf(a);
      expect({ name, kept: age !== null && age >= last }).toEqual({ name, kept: true });
      last = age ?? last;
    }
  });

  it('saving an article, a product, the site settings, a banner, the navigation or a redirect empties it on every instance', async () => {
    const picture = (await uploadPng(a, s.adminSid, 'cache-banner.png')).fileUuid;
    const [item] = await a.app.db.select({ id: product.id, version: product.version }).from(product).limit(1);
    if (!item) throw new Error('no product in the demo content');
    let productVersion = item.version;
    const saves = {
      createArticleAdmin: () =>
        s.asAdmin(createArticleAdmin, {
          categoryId: 1881,
          title: '缓存清空测试',
          summary: '页面缓存',
          bodyHtml: '<p>正文</p>',
          status: 'published',
          requestKey: requestKey(),
        }),
      updateProductAdmin: async () => {
        const saved = await s.asAdmin(updateProductAdmin, {
          productId: item.id,
          version: productVersion,
          price: '3599.50',
        });
        if (saved.body?.success) productVersion = saved.body.datas[0].version;
        return saved;
      },
      updateSiteSettingsAdmin: async () => {
        const { updatedAt: _u, ...settings } = only(await s.asAdmin(inquireSiteSettingsAdmin));
        return s.asAdmin(updateSiteSettingsAdmin, { ...settings, businessHours: '周一至周五 9:00–18:00' });
      },
      createBannerAdmin: () =>
        s.asAdmin(createBannerAdmin, {
          title: '缓存测试横幅',
          desktopFileUuid: picture,
          enabled: true,
          requestKey: requestKey(),
        }),
      updateNavigationAdmin: async () => {
        const { items, version } = only(await s.asAdmin(inquireNavigationAdmin));
        return s.asAdmin(updateNavigationAdmin, { items, version });
      },
      createRedirectRuleAdmin: () =>
        s.asAdmin(createRedirectRuleAdmin, {
          matchType: 'exact',
          statusCode: 301,
          fromPath: '/old-cache-test.html',
          toUrl: '/home',
          requestKey: requestKey(),
        }),
    };
    for (const [name, save] of Object.entries(saves)) {
      for (const server of [a, b]) {
        if (!server) continue;
        await ageOf(server);
        // Kept: answered from memory.
        expect(await ageOf(server)).not.toBeNull();
      }
      const saved = await save();
      expect(saved.body?.success, `${name}: ${saved.text}`).toBe(true);
      // Here the registry cleared it before answering: the next visitor's page is rendered again.
      expect({ name, rendered: await ageOf(a) }).toEqual({ name, rendered: null });
      if (b) {
        const other = b;
        expect({
          name,
          elsewhere: await eventually(async () => (await ageOf(other)) === null, 5_000),
        }).toEqual({
          name,
          elsewhere: true,
        });
      }
    }
  });
});
