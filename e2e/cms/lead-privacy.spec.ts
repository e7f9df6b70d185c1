/**
 * PIPL in the console (#16 item 7): the retention period in 站点设置, and 个人信息请求 on the leads page erasing
 * every lead of one phone after downloading them (with their consent and timelines), with screenshots at 1440 and 375 px.
 */
import { readFileSync } from 'node:fs';
import { actionPath, createCustomerIntentionSALEPPublic, SITE_ID } from '@yuexun/contract';
import { CONSOLE, expect, loginAsAdmin, SCREENSHOT_DIR, test } from './cms-test';

test('retention period in 站点设置; a phone number’s leads erased from 个人信息请求', async ({ page }) => {
  test.setTimeout(120_000);
  const phone = `135${String(Date.now()).slice(-8)}`;
  const res = await page.request.post(actionPath(createCustomerIntentionSALEPPublic), {
    form: {
      siteId: SITE_ID,
      privacyConsent: 'on',
      contactName: '删老师',
      phone,
      schoolName: '删除请求实验小学',
      region: '浙江省',
      schoolType: 'primary',
      role: '教师',
    },
  });
  expect((await res.json()).success).toBe(true);
  await loginAsAdmin(page);

  for (const width of [1440, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${CONSOLE}#/site/settings`);
    const field = page.getByLabel('线索保存期限（天）');
    await field.scrollIntoViewIfNeeded();
    await expect(
      page.getByText('已成交或已流失的线索在最后更新满这么多天后自动匿名化', { exact: false }),
    ).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOT_DIR}/leads16/settings-retention-${width}.png` });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.getByLabel('线索保存期限（天）').fill('730');
  await page.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('站点设置已保存')).toBeVisible();

  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${CONSOLE}#/content/leads`);
    await page.getByRole('button', { name: '个人信息请求' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('手机号').fill(phone);
    await expect(dialog.getByRole('link', { name: '导出该手机号的个人信息（CSV）' })).toHaveAttribute(
      'href',
      new RegExp(`phone=${phone}`),
    );
    await expect(dialog.getByRole('button', { name: '删除该手机号的全部线索' })).toBeEnabled();
    // The dialog's opening animation has ended.
    await expect(page.locator('.ant-modal[class*="zoom-"]')).toHaveCount(0);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/leads16/personal-data-${width}.png` });
    if (width === 1440) {
      // The person's copy, downloaded with the session: every lead of the number with the consent it was
      // given under, then the leads' timelines.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        dialog.getByRole('link', { name: '导出该手机号的个人信息（CSV）' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^个人信息-\d{8}-\d{4}\.csv$/);
      const csv = readFileSync(await download.path(), 'utf8');
      const lines = csv
        .replace(/^\uFEFF/, '')
        .trim()
        .split(/\r\n/);
      expect(lines.slice(0, 2)).toEqual([
        '线索',
        expect.stringMatching(/^编号,.*,表单,.*,隐私政策版本,隐私政策更新时间,表单回答$/),
      ]);
      expect(lines[2]).toContain(phone);
      expect(lines[2]).toContain('删除请求实验小学');
      // The consent it was given under, then the answers to the form it was sent with.
      expect(lines[2]).toMatch(
        /,\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d+,\d+,\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,.*联系人姓名/,
      );
      expect(lines.slice(3, 6)).toEqual(['', '跟进记录', expect.stringMatching(/^线索编号,记录时间,/)]);
      await dialog.getByRole('button', { name: '删除该手机号的全部线索' }).click();
      await page.getByRole('tooltip').getByRole('button', { name: '删除该手机号的全部线索' }).click();
      await expect(page.getByText('已删除该手机号的 1 条线索')).toBeVisible();
    } else {
      await dialog.getByRole('button', { name: /Close|关闭/ }).click();
    }
  }
  await page.goto(`${CONSOLE}#/content/audit`);
  await expect(page.getByText('删除个人信息').first()).toBeVisible({ timeout: 15_000 });
  // The export is in the log too, the number masked.
  const exported = page.getByRole('row', { name: /导出/ }).first();
  await expect(exported).toBeVisible();
  await expect(page.getByText(phone)).toHaveCount(0);
});
