import { DEMO_PASSWORDS, expect, test } from '../fixtures';

/** The API keeps its own absolute paths whatever the base (spec §7); the console's files move with it. */
const API = /^\/(store|news|fs|sports-api)\/api\//;

test('the console under BASE_PATH=/portal/: its files from under the base, log in, open a page', async ({
  page,
  startServer,
}) => {
  test.setTimeout(240_000);
  const server = await startServer({ BASE_PATH: '/portal/' });
  const failed: string[] = [];
  const outside: string[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.origin !== server.url) return;
    if (response.status() >= 400) failed.push(`${response.status()} ${url.pathname}`);
    if (!url.pathname.startsWith('/portal/') && !API.test(url.pathname)) outside.push(url.pathname);
  });

  await page.goto(`${server.url}/portal/home/2.0/login/#/login`);
  await page.getByPlaceholder('手机号或用户名').fill('admin');
  await page.getByPlaceholder('密码').fill(DEMO_PASSWORDS.admin);
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await expect(page).toHaveURL(`${server.url}/portal/home/2.0/login/#/welcome`);
  await expect(page.getByTestId('current-user')).toContainText('王建国');

  await page.goto(`${server.url}/portal/home/2.0/login/#/content/articles`);
  await expect(page.getByRole('columnheader', { name: '标题' })).toBeVisible();
  expect(failed).toEqual([]);
  expect(outside).toEqual([]);
});
