import {
  articleDetailPath,
  inquireArticleDetailByCondition,
  inquireArticleListAdmin,
  inquireArticleListByCondition,
} from '@yuexun/contract';
import {
  CONSOLE,
  callAction,
  confirmPopover,
  expect,
  loginAsAdmin,
  SCREENSHOT_DIR,
  test,
  useLocale,
} from './cms-test';

// The link opens the article's one address (by its category's kind), not a /news/ address that redirects.
test('在网站查看 of a case article opens its canonical address', async ({ page }) => {
  await loginAsAdmin(page);
  const all = await callAction(page.request, inquireArticleListAdmin, { pageSize: 100 });
  const item = all.datas.find(
    (a: { live: boolean; categoryKind: string }) => a.live && a.categoryKind === 'case',
  );
  expect(item).toBeTruthy();
  await page.goto(`${CONSOLE}#/content/articles/edit/${item.id}`);
  const link = page.getByRole('link', { name: '在网站查看' });
  await expect(link).toHaveAttribute('href', `/demonstrationCase/detail/${item.id}`);
  const res = await page.request.get(`/demonstrationCase/detail/${item.id}`, { maxRedirects: 0 });
  expect(res.status()).toBe(200);
});

// "Seen on the site": through the public API the original clients read, and on the marketing site's pages.
test('publishes an article and sees it on the site; a double-clicked save makes one draft', async ({
  page,
}) => {
  const title = `家校共育开放日活动通知 ${Date.now()}`;
  await loginAsAdmin(page);
  const categoriesLoaded = page.waitForResponse(/inquireCategoryTreeAdmin/);
  await page.goto(`${CONSOLE}#/content/articles/new`);
  await categoriesLoaded;

  await page.getByPlaceholder('请输入文章标题').fill(title);
  await page.locator('#categoryId').fill('公司新闻');
  await page.locator('.ant-select-tree-title', { hasText: /^公司新闻$/ }).click();
  await expect(page.locator('.ant-form-item', { has: page.locator('#categoryId') })).toContainText(
    '公司新闻',
  );
  // A scheduled save without a time: the server's field message appears under the field, input kept.
  await page.getByRole('button', { name: /^定时发布$/ }).click();
  await confirmPopover(
    page,
    '自动发布',
    page.locator('.ant-form-item-explain-error', { hasText: '定时发布需要选择一个将来的发布时间' }),
  );
  await expect(page.getByPlaceholder('请输入文章标题')).toHaveValue(title);

  const body = page.locator('.ProseMirror');
  await body.click();
  // A Chinese input method commits a phrase at a time: one text insertion each, as here.
  await page.keyboard.insertText('本周五下午举行家校共育开放日，');
  await page.getByRole('button', { name: '加粗' }).click();
  await page.keyboard.insertText('欢迎家长参加');
  await page.locator('#tags').fill('家校沟通');
  await page.keyboard.press('Enter');
  await page.locator('#seoTitle').fill('家校共育开放日');

  await page.getByRole('button', { name: /^保存草稿$|^保 存 草 稿$/ }).dblclick();
  await expect(page.getByText('已保存').first()).toBeVisible();
  await expect(page).toHaveURL(/#\/content\/articles\/edit\/\d+$/);
  const drafts = await callAction(page.request, inquireArticleListAdmin, { keyword: title });
  expect(drafts.totalRecordCount).toBe(1);
  expect(drafts.datas[0].status).toBe('draft');

  await page.screenshot({ path: `${SCREENSHOT_DIR}/article-editor-zh-CN.png`, fullPage: true });

  // Publishing asks first.
  await page.getByRole('button', { name: /^发\s?布$/ }).click();
  await confirmPopover(page, '发布后网站上立即可见', page.getByText('已发布，网站已可见'));
  const id = Number(page.url().split('/').pop());
  await expect(page.getByRole('link', { name: '在网站查看' })).toHaveAttribute(
    'href',
    articleDetailPath('news', id),
  );

  const list = await callAction(page.request, inquireArticleListByCondition, { keyword: title });
  expect(list.datas.map((a: { id: number }) => a.id)).toEqual([id]);
  const detail = await callAction(page.request, inquireArticleDetailByCondition, { articleId: id });
  expect(detail.datas[0]).toMatchObject({
    title,
    categoryName: '公司新闻',
    tags: ['家校沟通'],
    seoTitle: '家校共育开放日',
  });
  expect(detail.datas[0].bodyHtml).toContain('<strong>欢迎家长参加</strong>');

  await useLocale(page, 'ar-EG');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  // The page loads again in Arabic: its locale chunk and the article come first (slow on a busy machine).
  await expect(page.getByPlaceholder('Article title')).toHaveValue(title, { timeout: 30_000 });
  await page.screenshot({ path: `${SCREENSHOT_DIR}/article-editor-ar-EG.png`, fullPage: true });

  // The marketing site shows it at once: its own page, and the news list of its category.
  await page.goto(`/news/detail/${id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(page.locator('.article-body strong', { hasText: '欢迎家长参加' })).toBeVisible();
  await page.goto('/news/1881');
  await expect(page.getByText(title)).toBeVisible();
});
