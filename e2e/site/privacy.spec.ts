/**
 * The consent line (PIPL) of the lead forms on the home page and /agent, on a phone and a desktop: visible
 * next to the submit button, its link opens the 隐私政策, and the form is refused without the tick.
 */
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '../fixtures';

const SCREENSHOTS = join(tmpdir(), 'yuexun-screenshots', 'leads16');

for (const width of [375, 1440]) {
  for (const path of ['/home', '/agent']) {
    test(`the consent line on ${path} at ${width} px`, async ({ page }) => {
      mkdirSync(SCREENSHOTS, { recursive: true });
      await page.setViewportSize({ width, height: width < 600 ? 740 : 900 });
      await page.goto(path);
      const form = page.locator('#lead');
      await form.scrollIntoViewIfNeeded();
      await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
      const consent = form.getByLabel('我已阅读并同意');
      await expect(consent).toBeVisible();
      await expect(consent).not.toBeChecked();
      // The tap area of the line is at least 44 px tall, and the line fits the form's width.
      const line = form.locator('.consent label');
      const box = await line.boundingBox();
      const formBox = await form.boundingBox();
      expect(box?.height).toBeGreaterThanOrEqual(44);
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(
        (formBox?.x ?? 0) + (formBox?.width ?? 0) + 1,
      );

      // Sent without the tick: the message is next to the line, nothing is stored.
      await page.getByRole('button', { name: '提交' }).click();
      await expect(form.locator('#lead-privacyConsent-error')).toHaveText('请阅读并同意《隐私政策》后提交');
      await form.locator('.consent').scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(SCREENSHOTS, `consent-${path.slice(1)}-${width}.png`) });

      const link = form.getByRole('link', { name: '《隐私政策》' });
      await expect(link).toHaveAttribute('href', '/privacy');
      const [statement] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
      await statement.setViewportSize({ width, height: width < 600 ? 740 : 900 });
      await expect(statement.locator('h1, h2').filter({ hasText: '隐私政策' }).first()).toBeVisible();
      await expect(statement.getByText('悦讯科技官网隐私政策').first()).toBeVisible();
      if (path === '/home') await statement.screenshot({ path: join(SCREENSHOTS, `privacy-${width}.png`) });
      await statement.close();
    });
  }
}
