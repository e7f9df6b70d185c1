import { expect, test } from './fixtures';

test('the API documentation lists the actions in a real browser', async ({ page }) => {
  // Past about 145 operations Swagger UI draws the list as the reader scrolls, so an action further down is
  // reached as a reader shares it: by its link.
  await page.goto('/docs#/store/post_store_api_v1_0_createCustomerIntentionSALEPPublic_json');
  await expect(page.getByText('/store/api/v1.0/createCustomerIntentionSALEPPublic.json')).toBeVisible();
  await page.goto('/docs');
  await expect(page.getByText('悦讯智慧校园 API')).toBeVisible();
  await expect(page.getByText('/news/api/v1.0/inquireArticleListByCondition.json')).toBeVisible();
});
