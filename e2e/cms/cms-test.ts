/**
 * The console's content tests: the shared fixtures with a server whose demo passwords are known,
 * a logged-in admin page, and calls to the real API beside the browser.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { type ActionDef, actionPath, loginAccount, SITE_ID } from '@yuexun/contract';
import { TEST_PASSWORDS } from '../../apps/server/test/accounts';
import { startProcess } from '../../apps/server/test/process';
import { test as base, confirmPopover, expect, type ServerFixture } from '../fixtures';

export const CONSOLE = '/home/2.0/login/';

/** The test server's preview key, so a test can sign a link that has already expired. */
export const PREVIEW_SECRET = 'e2e-preview-secret-0123456789abcdef';

export const test = base.extend<Record<never, never>, { server: ServerFixture }>({
  server: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright's fixture signature
    async ({}, use) => {
      const dataDir = mkdtempSync(join(tmpdir(), 'yuexun-e2e-cms-'));
      const proc = await startProcess(
        {
          DATA_DIR: dataDir,
          LOG_LEVEL: 'info',
          ADMIN_PASSWORD: TEST_PASSWORDS.adminPassword,
          USER_PASSWORD: TEST_PASSWORDS.userPassword,
          PREVIEW_SECRET,
        },
        120_000,
      );
      await use({ url: proc.url, output: proc.output });
      await proc.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
    { scope: 'worker', timeout: 180_000 },
  ],
});

export { confirmPopover, expect };

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
export const SCREENSHOT_DIR = join(tmpdir(), 'yuexun-screenshots');
mkdirSync(SCREENSHOT_DIR, { recursive: true });

export const useLocale = async (page: Page, lang: string) => {
  await page.evaluate(`localStorage.setItem('umi_locale', ${JSON.stringify(lang)})`);
  await page.reload();
};
