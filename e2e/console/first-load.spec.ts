/**
 * The console's first page: the login page is in index.html already (prerendered at build time), shown
 * before any of its code runs, and hydrated in place; other routes never flash it.
 */
import { DEMO_PASSWORDS, expect, test } from '../fixtures';
import { CONSOLE } from './helpers';

const blockScripts = (page: import('@playwright/test').Page) =>
  page.route(/\/home\/2\.0\/login\/assets\/.*\.js$/, (route) => route.abort());

test('the login page is on screen before its code arrives, and pressing 登录 then sends nothing', async ({
  page,
}) => {
  await blockScripts(page);
  await page.goto(`${CONSOLE}#/login`);
  await expect(page.getByRole('heading', { name: '悦讯管理控制台' })).toBeVisible();
  await expect(page.getByRole('tab', { name: '账户密码登录' })).toBeVisible();
  await expect(page.getByPlaceholder('手机号或用户名')).toBeVisible();
  await expect(page.getByText('加载中…')).toBeHidden();

  await page.getByPlaceholder('手机号或用户名').fill('admin');
  await page.getByPlaceholder('密码').fill('typed-before-the-code');
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await page.waitForTimeout(300);
  expect(page.url()).not.toContain('typed-before-the-code');
  await expect(page).toHaveURL(/#\/login$/);
});

/** Holds the console's scripts until `release()`: the page as a slow phone sees it before its code arrives. */
const holdScripts = async (page: import('@playwright/test').Page) => {
  let release = () => {};
  const held = new Promise<void>((done) => {
    release = done;
  });
  await page.route(/\/home\/2\.0\/login\/assets\/.*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
};

test('typed and pressed while the code was on its way: kept, and the login goes through', async ({
  page,
}) => {
  const release = await holdScripts(page);
  // The page's scripts are held, so neither DOMContentLoaded nor load comes before the release.
  await page.goto(`${CONSOLE}#/login`, { waitUntil: 'commit' });
  await page.getByPlaceholder('手机号或用户名').fill('admin');
  await page.getByPlaceholder('密码').fill(DEMO_PASSWORDS.admin);
  await page.getByRole('button', { name: /登\s*录/ }).click();
  release();
  await expect(page.getByText('登录成功！')).toBeVisible();
  await expect(page).toHaveURL(/#\/welcome/);
});

test('a tab chosen before the code arrives opens once the page is live', async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto(`${CONSOLE}#/login`, { waitUntil: 'commit' });
  await page.getByRole('tab', { name: '手机号登录' }).click();
  await expect(page.getByPlaceholder('手机号', { exact: true })).toBeHidden();
  release();
  await expect(page.getByPlaceholder('手机号', { exact: true })).toBeVisible();
  await expect(page.getByRole('tab', { name: '手机号登录' })).toHaveAttribute('aria-selected', 'true');
});

test('another route shows the loading indicator, never the prerendered login page', async ({ page }) => {
  await blockScripts(page);
  await page.goto(`${CONSOLE}#/welcome`);
  await expect(page.getByText('加载中…')).toBeVisible();
  await expect(page.getByPlaceholder('手机号或用户名')).toBeHidden();
});

test('the prerendered page comes alive in place: no hydration or policy errors, and it works', async ({
  page,
}) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));

  await page.goto(`${CONSOLE}#/login`);
  await page.getByRole('tab', { name: '手机号登录' }).click();
  await expect(page.getByPlaceholder('手机号', { exact: true })).toBeVisible();
  await expect(page.locator('html')).not.toHaveAttribute('data-boot', /./);
  await page.getByRole('tab', { name: '账户密码登录' }).click();
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await expect(page.getByText('请输入用户名！')).toBeVisible();
  expect(problems).toEqual([]);
});

test("coming alive computes no antd styles again: they come whole from the prerender's stylesheet", async ({
  page,
}) => {
  // Components' style blocks (theme variables are cheap and may be written again).
  const styleBlocks = () =>
    page.evaluate(
      `[...document.querySelectorAll('style[data-css-hash]:not([data-token-hash])')].map((s) => s.getAttribute('data-css-hash') + ' ' + s.textContent.length)`,
    ) as Promise<string[]>;
  const release = await holdScripts(page);
  await page.goto(`${CONSOLE}#/login`, { waitUntil: 'commit' });
  await expect(page.getByPlaceholder('手机号或用户名')).toBeVisible();
  const prerendered = await styleBlocks();
  release();
  // Answering 登录 with the field messages: the page is live, hydration is over.
  await page.getByRole('button', { name: /登\s*录/ }).click();
  // The error state was not in the prerendered markup (nor its inlined rules): styled from the file.
  await expect(page.getByText('请输入用户名！')).toHaveCSS('color', 'rgb(255, 77, 79)');
  // antd neither added style blocks for the login page's components nor rewrote the inlined ones.
  expect(await styleBlocks()).toEqual(prerendered);
});

test('教师注册 followed while the login code is on its way opens the registration once it arrives', async ({
  page,
}) => {
  // The entry has run (it chose the login page); only the login page's own code is held.
  let release = () => {};
  const held = new Promise<void>((done) => {
    release = done;
  });
  await page.route(/\/assets\/login-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`${CONSOLE}#/login`);
  await page.getByRole('link', { name: '教师注册' }).click();
  await expect(page).toHaveURL(/#\/user\/register$/);
  release();
  await expect(page.getByRole('button', { name: '获取验证码' })).toBeVisible();
  await expect(page.getByRole('button', { name: /提交申请/ })).toBeVisible();
});

test("another first route is styled by antd itself, never waiting for the login page's stylesheet", async ({
  page,
}) => {
  const sheets: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'stylesheet' && request.url().includes('antd-login'))
      sheets.push(request.url());
  });
  await page.goto(`${CONSOLE}#/user/register`);
  // The primary button in the console's blue: antd's own styles are in place.
  await expect(page.getByRole('button', { name: /提交申请/ })).toHaveCSS(
    'background-color',
    'rgb(24, 144, 255)',
  );
  expect(sheets).toEqual([]);
});
