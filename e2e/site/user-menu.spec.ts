import { DEMO_PASSWORDS, expect, test } from '../fixtures';

const ADMIN_PASSWORD = DEMO_PASSWORDS.admin;

test('logged in: the header shows the user menu, and logout ends the session', async ({
  page,
  startServer,
}) => {
  test.setTimeout(240_000);
  const server = await startServer();
  await page.goto(`${server.url}/home`);
  const login = page.getByRole('link', { name: '登录' });
  await expect(login).toHaveAttribute('href', /^\/home\/2\.0\/login\/#\/login\?redirect=http/);

  const answer = await page.request.post(`${server.url}/store/api/v1.0/loginAccount.json`, {
    form: { siteId: '75', loginType: 'account', username: 'admin', password: ADMIN_PASSWORD },
  });
  expect((await answer.json()).success).toBe(true);

  const response = await page.goto(`${server.url}/news/1881`);
  expect(response?.headers()['cache-control']).toBe('private, no-cache');
  await expect(page.getByRole('link', { name: '登录' })).toHaveCount(0);
  const menu = page.getByLabel('用户菜单');
  await menu.click();
  await expect(page.getByRole('link', { name: '个人信息' })).toBeVisible();
  await expect(page.getByRole('link', { name: '安全中心' }).last()).toBeVisible();
  await page.getByRole('button', { name: '退出登录' }).click();
  await expect(page).toHaveURL(`${server.url}/home`);
  await expect(page.getByRole('link', { name: '登录' })).toBeVisible();
  const after = await page.request.post(
    `${server.url}/store/api/v1.0/inquireCurrentAccountEmployeeInfoAccount.json`,
    {
      form: { siteId: '75' },
    },
  );
  expect((await after.json()).success).toBe(false);
});
