/**
 * An island whose script cannot load says so (spec §8): the chunk, the reason and the address,
 * at once when the request fails, after the 120 000 ms time-out of spec §9 when it never answers.
 * The form itself keeps working as plain HTML either way.
 */
import type { Page } from '@playwright/test';
import { CHUNK_LOAD_TIMEOUT_MS } from '@yuexun/contract';
import { expect, test } from '../fixtures';

const LEAD_FORM_CHUNK = /\/_astro\/LeadForm\.[^/]+\.js$/;

/** The lead form island's script address, as the page names it. */
const leadFormChunk = async (page: Page) => {
  const url = await page.locator('astro-island[component-url*="LeadForm"]').getAttribute('component-url');
  const address = new URL(url ?? '', page.url()).href;
  return { address, chunk: address.split('/').pop() ?? '' };
};

test('a failed island script shows which chunk, why and where', async ({ page }) => {
  await page.route(LEAD_FORM_CHUNK, (route) => route.abort('connectionfailed'));
  await page.goto('/agent');
  const { address, chunk } = await leadFormChunk(page);
  const notice = page.getByRole('alert').filter({ hasText: '加载失败' });
  await expect(notice).toBeHidden();

  // client:visible: the script is fetched when the form scrolls into view.
  await page.locator('#lead').scrollIntoViewIfNeeded();
  await expect(notice).toBeVisible();
  await expect(notice).toContainText(`页面组件 ${chunk} 加载失败（`);
  await expect(notice).toContainText('dynamically imported module');
  await expect(notice).toContainText(`地址：${address}`);
  // Still a working HTML form.
  await expect(page.locator('#lead form[method="post"]')).toHaveAttribute('action', '/agent');
  await expect(page.getByRole('button', { name: '提交' })).toBeEnabled();
});

test('an island script that never answers is reported after the 120 000 ms time-out', async ({ page }) => {
  await page.clock.install();
  // Never fulfilled: the request hangs as on a stalled mobile connection.
  await page.route(LEAD_FORM_CHUNK, () => undefined);
  await page.goto('/agent');
  const { address, chunk } = await leadFormChunk(page);
  const requested = page.waitForRequest(LEAD_FORM_CHUNK);
  await page.locator('#lead').scrollIntoViewIfNeeded();
  // The time-out counts from when the island starts loading, i.e. once it is in view.
  await requested;
  const notice = page.getByRole('alert').filter({ hasText: '加载失败' });

  // The installed clock also flows with real time (seconds on a loaded machine): hidden well before
  // the time-out, shown once it has passed.
  await page.clock.runFor(CHUNK_LOAD_TIMEOUT_MS - 10_000);
  await expect(notice).toBeHidden();
  await page.clock.runFor(10_000);
  await expect(notice).toHaveText(
    `页面组件 ${chunk} 加载失败（timeout of ${CHUNK_LOAD_TIMEOUT_MS}ms exceeded），地址：${address}`,
  );
});
