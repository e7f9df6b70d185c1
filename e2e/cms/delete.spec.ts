import { inquireArticleDetailByCondition, inquireArticleListByCondition } from '@yuexun/contract';
import { CONSOLE, callAction, confirmPopover, expect, loginAsAdmin, test } from './cms-test';

test('deletes an article: asked first, then gone from the list, the API and the site', async ({ page }) => {
  // A published industry article (category 1883), which no other test reads.
  const listed = await callAction(page.request, inquireArticleListByCondition, { categoryId: 1883 });
  const { id, title } = listed.datas[0] as { id: number; title: string };
  expect((await page.request.get(`/news/detail/${id}`)).status()).toBe(200);

  await loginAsAdmin(page);
  await page.goto(`${CONSOLE}#/content/articles`);
  await page.getByLabel('关键词').fill(title);
  await page.getByRole('button', { name: /查\s?询/ }).click();
  const row = page.getByRole('row', { name: new RegExp(title) });
  await expect(row).toHaveCount(1);

  // Cancelling the question keeps the article.
  await row.getByRole('button', { name: /删\s?除/ }).click();
  const question = page.locator('.ant-popover', { hasText: `确定删除文章“${title}”吗？` });
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: /取\s?消/ }).click();
  await expect(question).toBeHidden();
  expect((await callAction(page.request, inquireArticleDetailByCondition, { articleId: id })).success).toBe(
    true,
  );

  await row.getByRole('button', { name: /删\s?除/ }).click();
  await confirmPopover(page, `确定删除文章“${title}”吗？`, page.getByText('删除成功').first());
  await expect(row).toHaveCount(0);

  const detail = await callAction(page.request, inquireArticleDetailByCondition, { articleId: id });
  expect(detail.success).toBe(false);
  const again = await callAction(page.request, inquireArticleListByCondition, { categoryId: 1883 });
  expect(again.datas.map((a: { id: number }) => a.id)).not.toContain(id);
  const sitePage = await page.request.get(`/news/detail/${id}`);
  expect(sitePage.status()).toBe(404);
});
