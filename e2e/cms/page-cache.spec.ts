import type { Browser } from '@playwright/test';
import { actionPath, inquireArticleListByCondition, loginAccount, SITE_ID } from '@yuexun/contract';
import { DEMO_PASSWORDS, test, withPostgresDatabase } from '../fixtures';
import { CONSOLE, expect } from './cms-test';

// The site's pages are kept in memory for anonymous visitors (docs/decisions/018). Servers that would keep
// them for five minutes: only the console's save can make the change show in time, never the clock.
const KEEP_FOR = { PUBLIC_CACHE_TTL_MS: '300000' };

/**
 * An article edited in the console at `consoleUrl` shows on the site at every address of `siteUrls`,
 * though each had kept its page: at once where it was saved, within the TTL on another instance.
 */
const changeShowsOnEverySite = async (browser: Browser, consoleUrl: string, siteUrls: string[]) => {
  const visitor = await browser.newContext();
  const editor = await browser.newContext({ baseURL: consoleUrl });
  try {
    const list = await (
      await visitor.request.post(`${consoleUrl}${actionPath(inquireArticleListByCondition)}`, {
        form: { siteId: SITE_ID, categoryId: 1881 },
      })
    ).json();
    const { id, title } = list.datas[0] as { id: number; title: string };

    const sites = await Promise.all(siteUrls.map(() => visitor.newPage()));
    for (const [i, site] of sites.entries()) {
      await site.goto(`${siteUrls[i]}/news/detail/${id}`);
      await expect(site.getByRole('heading', { level: 1 })).toHaveText(title);
      // The second visit is the kept page (same ETag, public for a CDN).
      const kept = await site.goto(`${siteUrls[i]}/news/detail/${id}`);
      expect(kept?.headers()['cache-control']).toMatch(/^public, .*s-maxage=300/);
    }

    const login = await editor.request.post(actionPath(loginAccount), {
      form: { siteId: SITE_ID, loginType: 'account', username: 'admin', password: DEMO_PASSWORDS.admin },
    });
    expect((await login.json()).success).toBe(true);
    const console = await editor.newPage();
    const loaded = console.waitForResponse(/inquireArticleDetailAdmin/);
    await console.goto(`${CONSOLE}#/content/articles/edit/${id}`);
    await loaded;
    const changed = `${title}（已更新）`;
    await console.getByPlaceholder('请输入文章标题').fill(changed);
    // A live article is saved with 保存, which keeps it live (#14).
    await console.getByRole('button', { name: /^保\s?存$/ }).click();
    await expect(console.getByText('已保存，网站已更新')).toBeVisible();

    for (const [i, site] of sites.entries()) {
      const detail = async () => {
        await site.goto(`${siteUrls[i]}/news/detail/${id}`);
        await expect(site.getByRole('heading', { level: 1 })).toHaveText(changed, { timeout: 1_000 });
      };
      // Where it was saved: the next page is the new one. Another instance hears of the change (PostgreSQL
      // NOTIFY) within seconds instead of waiting out its five minutes.
      if (i === 0) await detail();
      else await expect(detail).toPass({ timeout: 15_000 });
      await site.goto(`${siteUrls[i]}/news/1881`);
      await expect(site.getByText(changed)).toBeVisible();
    }
  } finally {
    await visitor.close();
    await editor.close();
  }
};

test('an article changed in the console shows on the site at once, though its page was kept (embedded database)', async ({
  browser,
  startServer,
}) => {
  // A server of its own (its start counts against this test's time). One process owns an embedded database.
  test.setTimeout(240_000);
  const server = await startServer(KEEP_FOR);
  await changeShowsOnEverySite(browser, server.url, [server.url]);
});

test('an article changed in the console shows on both instances on PostgreSQL, though each kept its page', async ({
  browser,
  startServer,
}) => {
  test.setTimeout(240_000);
  await withPostgresDatabase('page_cache', async (url) => {
    const a = await startServer({ ...KEEP_FOR, DATABASE_URL: url });
    const b = await startServer({ ...KEEP_FOR, DATABASE_URL: url });
    await changeShowsOnEverySite(browser, a.url, [a.url, b.url]);
  });
});
