import { CONSOLE, expect, loginAsAdmin, SCREENSHOT_DIR, test } from './cms-test';

const hotline = '400-600-2026';
const address = '浙江省宁波市鄞州区天童南路 588 号';
const icp = '浙ICP备20269999号-3';
const police = '浙公网安备33021202001234号';

test('site settings: a bad phone is refused under its field; a good save shows on footer, 联系我们 and 服务支持', async ({
  page,
}) => {
  // Three pages on two screen widths after the console: more than the default minute on a busy machine.
  test.slow();
  await loginAsAdmin(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`${CONSOLE}#/site/settings`);
  const hotlineField = page.getByLabel('服务热线', { exact: true });
  // The page's chunk and the settings load first (slow on a busy machine).
  await expect(hotlineField).toHaveValue('400-826-7588', { timeout: 30_000 });
  await page.screenshot({ path: `${SCREENSHOT_DIR}/site-settings-1440.png`, fullPage: true });

  // Invalid input: the contract's message under the field, nothing saved.
  await hotlineField.fill('客服电话');
  await page.getByLabel('电子邮箱').fill('service@');
  await page.getByRole('button', { name: /保\s?存/ }).click();
  await expect(page.getByText('服务热线格式不正确')).toBeVisible();
  await expect(page.getByText('邮箱格式不正确')).toBeVisible();
  expect(await (await page.request.get('/service')).text()).toContain('400-826-7588');

  await hotlineField.fill(hotline);
  await page.getByLabel('电子邮箱').fill('hello@yuexun.example.cn');
  await page.getByLabel('公司地址').fill(address);
  await page.getByLabel('ICP 备案号').fill(icp);
  await page.getByLabel('公安备案号').fill(police);
  await page.getByRole('button', { name: /保\s?存/ }).click();
  await expect(page.getByText('站点设置已保存，网站页面已更新')).toBeVisible();
  await expect(page.getByText('当前版本：2')).toBeVisible();

  for (const path of ['/home', '/companyProfile/4', '/service']) {
    await page.goto(path);
    const footer = page.locator('.site-footer');
    await expect(footer.getByRole('link', { name: hotline })).toHaveAttribute('href', 'tel:4006002026');
    await expect(footer).toContainText(address);
    await expect(footer.getByRole('link', { name: icp })).toHaveAttribute(
      'href',
      'https://beian.miit.gov.cn/',
    );
    await expect(footer.getByRole('link', { name: police })).toHaveAttribute(
      'href',
      'https://beian.mps.gov.cn/#/query/webSearch?code=33021202001234',
    );
    await expect(page.locator('body')).not.toContainText('400-826-7588');
    if (path !== '/home') {
      const card = page.locator('.contact-card');
      await expect(card).toContainText(hotline);
      await expect(card).toContainText(address);
    }
  }
  await page.goto('/companyProfile/4');
  await page.screenshot({ path: `${SCREENSHOT_DIR}/site-contact-1440.png`, fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: `${SCREENSHOT_DIR}/site-contact-375.png`, fullPage: true });
  await page.goto(`${CONSOLE}#/site/settings`);
  await expect(page.getByLabel('服务热线', { exact: true })).toHaveValue(hotline);
  await page.screenshot({ path: `${SCREENSHOT_DIR}/site-settings-375.png`, fullPage: true });
});
