/**
 * The console's content tests: the shared fixtures (one server per worker, demo passwords and preview key known),
 * a logged-in admin page, and calls to the real API beside the browser.
 */
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { type ActionDef, actionPath, loginAccount, SITE_ID } from '@yuexun/contract';
import { TEST_PASSWORDS } from '../../apps/server/test/accounts';
import { confirmPopover, expect, PREVIEW_SECRET, test } from '../fixtures';

export const CONSOLE = '/home/2.0/login/';

export { confirmPopover, expect, PREVIEW_SECRET, test };

/** Logs the demo admin in through the API; the page's context shares the session cookie. */
export const loginAsAdmin = async (page: Page) => {
  const res = await page.request.post(actionPath(loginAccount), {
    form: {
      siteId: SITE_ID,
      loginType: 'account',
      username: 'admin',
      password: TEST_PASSWORDS.adminPassword,
    },
  });
  expect((await res.json()).success).toBe(true);
};

/** POSTs an action as a form, like the original clients. */
export const callAction = async (
  request: APIRequestContext,
  def: ActionDef,
  form: Record<string, string | number>,
) => {
  const res = await request.post(actionPath(def), { form: { siteId: SITE_ID, ...form } });
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary envelope fields
  return (await res.json()) as any;
};

/** Screenshots for people to look at, outside the repository. */
/**
 * Picks `option` of a single-choice select or tree select inside `dialog`, shown there as `name`: once the select
 * shows it, a dropdown still open (seen on a loaded machine, lying over the dialog's 确定) is closed by a click on
 * the dialog's title. Never clicked twice: a second click on a chosen tree node would clear the choice.
 */
export const pickOption = async (dialog: Locator, option: Locator, name: string) => {
  await option.click();
  await expect(dialog.getByTitle(name, { exact: true })).toBeVisible();
  if (await option.isVisible()) await dialog.locator('.ant-modal-title').click();
  await expect(option).toBeHidden();
};

export const SCREENSHOT_DIR = join(tmpdir(), 'yuexun-screenshots');
mkdirSync(SCREENSHOT_DIR, { recursive: true });

/**
 * The current page at 1440 and at 375 px (the phone one full length), into SCREENSHOT_DIR/`folder`, back to
 * 1440 afterwards; `before` runs at each width (a menu to open), or the page gets `settleMs` to lay out.
 */
export const shotsIn = (folder: string, settleMs = 0) => {
  const dir = join(SCREENSHOT_DIR, folder);
  mkdirSync(dir, { recursive: true });
  return async (page: Page, name: string, before?: (width: number) => Promise<void>) => {
    for (const width of [1440, 375]) {
      await page.setViewportSize({ width, height: width > 400 ? 900 : 812 });
      if (before) await before(width);
      else if (settleMs > 0) await page.waitForTimeout(settleMs);
      await page.screenshot({ path: join(dir, `${name}-${width}.png`), fullPage: width < 400 });
    }
    await page.setViewportSize({ width: 1440, height: 900 });
  };
};

export const useLocale = async (page: Page, lang: string) => {
  await page.evaluate(`localStorage.setItem('umi_locale', ${JSON.stringify(lang)})`);
  await page.reload();
};

/**
 * Opens the bell until `notice` shows: on a busy machine the header may still be laying out when the page is
 * first shown, and a press then can be lost (the popover closes with it); a person presses again.
 */
export const openBell = async (page: Page, notice: string) => {
  await expect(async () => {
    if (!(await page.getByText(notice).isVisible())) await page.getByTestId('notice-bell').click();
    await expect(page.getByText(notice)).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  // Under load the header can still move after the press and leave the pointer over the name or language menu,
  // whose hover menu then covers the notice and stays open while the pointer rests on it (a loaded CI run timed
  // out twice so): rest the pointer aside, as a person moving to the notice would.
  await page.mouse.move(1, 300);
  await expect(page.locator('.ant-dropdown:not(.ant-dropdown-hidden)')).toHaveCount(0);
};
