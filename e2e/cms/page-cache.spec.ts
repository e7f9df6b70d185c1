import { actionPath, inquireArticleListByCondition, loginAccount, SITE_ID } from '@yuexun/contract';
import { DEMO_PASSWORDS, test } from '../fixtures';
import { CONSOLE, expect } from './cms-test';

// The site's pages are kept in memory for anonymous visitors (docs/decisions/018). A server that would
// keep them for five minutes: only the console's save can make the change show, never the clock.
test('an article changed in the console shows on the site at once, though its page was kept', async ({
  browser,
  startServer,
}) => {
  // A server of its own (its start counts against this test's time).
  test.setTimeout(240_000);
  const server = await startServer({ PUBLIC_CACHE_TTL_MS: '300000' });
  const visitor = await browser.newContext({ baseURL: server.url });
  const editor = await browser.newContext({ baseURL: server.url });
  try {
    const list = await (
      await visitor.request.post(actionPath(inquireArticleListByCondition), {
        form: { siteId: SITE_ID, categoryId: 1881 },
      })
    ).json();
    const { id, title } = list.datas[0] as { id: number; title: string };

    const site = await visitor.newPage();
    await site.goto(`/news/detail/${id}`);
    await expect(site.getByRole('heading', { level: 1 })).toHaveText(title);
    // The second visit is the kept page (same ETag, public for a CDN).
    const kept = await site.goto(`/news/detail/${id}`);
    expect(kept?.headers()['cache-control']).toMatch(/^public, .*s-maxage=300/);

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

    await site.goto(`/news/detail/${id}`);
    await expect(site.getByRole('heading', { level: 1 })).toHaveText(changed);
    await site.goto('/news/1881');
    await expect(site.getByText(changed)).toBeVisible();
  } finally {
    await visitor.close();
    await editor.close();
  }
});
