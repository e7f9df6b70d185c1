/**
 * The service worker's refresh prompt, for real: the console is open, a new build is deployed into the
 * folder the server serves, the page checks for an update, offers to refresh, and the refresh runs the
 * new build. The served folder is a copy of apps/console/dist (other tests use the real one); the new
 * build is `vite build` with another CONSOLE_BUILD_ID.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { startProcess } from '../../apps/server/test/process';
import { DEMO_PASSWORDS, expect, freshDataDir, test } from '../fixtures';
import { CONSOLE, loginAs } from './helpers';

const consoleApp = fileURLToPath(new URL('../../apps/console/', import.meta.url));
const dist = join(consoleApp, 'dist');
const script = fileURLToPath(new URL('./console-build-server.ts', import.meta.url));

const buildIdOf = (folder: string) =>
  (JSON.parse(readFileSync(join(folder, 'build.json'), 'utf8')) as { buildId: string }).buildId;

// Browser-side scripts are strings: this tree type-checks against Node, not the DOM.

/** What the page's own Cache Storage holds (the worker's precache and cached assets). */
const cachedUrls = (page: Page) =>
  page.evaluate<string[]>(`(async () => {
    const urls = [];
    for (const name of await caches.keys())
      for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
    return urls;
  })()`);

/** The build id of the worker controlling the page, as the worker itself reports it. */
const workerBuildId = (page: Page) =>
  page.evaluate<string>(`new Promise((resolve) => {
    navigator.serviceWorker.addEventListener('message', (e) => resolve(e.data.BUILD_ID), { once: true });
    navigator.serviceWorker.controller.postMessage({ type: 'GET_BUILD_ID' });
  })`);

test('a build deployed while the console is open: refresh prompt, then the new build; API calls never cached', async ({
  browser,
}) => {
  // One extra console build (a few seconds alone, longer beside another worker) and a server start.
  test.setTimeout(240_000);
  const work = mkdtempSync(join(tmpdir(), 'yuexun-e2e-update-'));
  const served = join(work, 'served/');
  const next = join(work, 'next/');
  const dataDir = freshDataDir();
  cpSync(dist, served, { recursive: true });
  const currentId = buildIdOf(served);
  const nextId = `e2e-${Date.now()}`;
  execFileSync(
    process.execPath,
    [join(consoleApp, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', next],
    {
      cwd: consoleApp,
      env: { ...process.env, CONSOLE_BUILD_ID: nextId },
      stdio: 'ignore',
    },
  );
  expect(buildIdOf(next)).toBe(nextId);

  const server = await startProcess(
    {
      DATA_DIR: dataDir,
      CONSOLE_ROOT: served,
      ADMIN_PASSWORD: DEMO_PASSWORDS.admin,
      USER_PASSWORD: DEMO_PASSWORDS.user,
    },
    120_000,
    script,
  );
  const context = await browser.newContext({ baseURL: server.url });
  try {
    const page = await context.newPage();
    await loginAs(page, 'admin', DEMO_PASSWORDS.admin);
    await expect(page).toHaveURL(/#\/welcome/);
    await expect(page.getByText('控制台版本')).toBeVisible();
    await expect(page.getByText(currentId)).toBeVisible();
    // The worker takes control once it has cached the console (clients.claim on activation).
    // (Polled through page.evaluate: waitForFunction evaluates strings in the page, which its CSP refuses.)
    await expect.poll(() => page.evaluate('navigator.serviceWorker.controller !== null')).toBe(true);
    expect(await workerBuildId(page)).toBe(currentId);

    // API calls pass the worker by: a POST while online is answered by the server, not the worker.
    const apiCall = page.waitForResponse(
      (r) => r.request().method() === 'POST' && r.url().includes('/api/') && r.url().endsWith('.json'),
    );
    await page.reload();
    const response = await apiCall;
    expect(response.fromServiceWorker()).toBe(false);
    expect((await response.json()).success).toBe(true);
    await expect(page.getByText(currentId)).toBeVisible();
    const cached = await cachedUrls(page);
    expect(cached.length).toBeGreaterThan(0);
    expect(cached.filter((u) => !u.startsWith(`${server.url}${CONSOLE}`) || u.includes('/api/'))).toEqual([]);

    // Deploy: the new build replaces the served one while the page stays open.
    rmSync(served, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
    cpSync(next, served, { recursive: true });
    // The console looks for a new build when the user comes back to its tab.
    await page.evaluate(`document.dispatchEvent(new Event('visibilitychange'))`);

    await expect(page.getByText('有新版本')).toBeVisible();
    await expect(page.getByText('控制台已发布新版本，刷新后即可使用。')).toBeVisible();
    await expect(page.getByText(currentId)).toBeVisible();
    await page.getByRole('button', { name: /刷\s*新/ }).click();

    await expect(page.getByText(nextId)).toBeVisible();
    await expect(page.getByText(currentId)).toHaveCount(0);
    await expect(page.getByText('有新版本')).toHaveCount(0);
    expect(await workerBuildId(page)).toBe(nextId);
    expect((await cachedUrls(page)).some((u) => u.includes('/api/'))).toBe(false);
  } finally {
    await context.close();
    await server.stop();
    rmSync(work, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
    rmSync(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  }
});
