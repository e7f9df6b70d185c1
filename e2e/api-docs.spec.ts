import { expect, test } from './fixtures';

test('the API documentation lists the actions in a real browser', async ({ page }) => {
  await page.goto('/docs');
  await expect(page.getByText('悦讯智慧校园 API')).toBeVisible();
  await expect(page.getByText('/news/api/v1.0/inquireArticleListByCondition.json')).toBeVisible();
  await expect(page.getByText('/store/api/v1.0/createCustomerIntentionSALEPPublic.json')).toBeVisible();
});
