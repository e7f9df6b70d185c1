import { readFileSync } from 'node:fs';
import { createCustomerIntentionSALEPPublic } from '@yuexun/contract';
import { CONSOLE, callAction, expect, loginAsAdmin, SCREENSHOT_DIR, test, useLocale } from './cms-test';

test('moves a lead through the pipeline and exports CSV that Excel reads as Chinese', async ({ page }) => {
  const phone = `136${String(Date.now()).slice(-8)}`;
  const school = '滨江区星光实验小学';
  const submitted = await callAction(page.request, createCustomerIntentionSALEPPublic, {
    contactName: '陈主任',
    phone,
    schoolName: school,
    region: '浙江省杭州市',
    schoolType: 'primary',
    role: '信息中心主任',
    message: '想了解电子班牌和家校沟通',
  });
  expect(submitted.success).toBe(true);

  await loginAsAdmin(page);
  await page.goto(`${CONSOLE}#/content/leads`);
  // The newest leads are listed first. The first console load on a busy CI machine (two browsers, two servers,
  // two cores) has taken longer than the default 10 s, so this one wait is longer.
  await expect(page.getByRole('row', { name: new RegExp(phone) })).toBeVisible({ timeout: 30_000 });
  await page.getByLabel('手机号、学校或公司').fill(phone.slice(-6));
  await page.getByRole('button', { name: /查\s?询/ }).click();
  const row = page.getByRole('row', { name: new RegExp(school) });
  await expect(row.getByText('新线索')).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOT_DIR}/leads-zh-CN.png`, fullPage: true });

  await row.getByRole('button', { name: '跟进' }).click();
  const drawer = page.locator('.ant-drawer');
  for (const [next, label] of [
    ['已联系', '已联系'],
    ['已确认需求', '已确认需求'],
    ['已成交', '已成交'],
  ]) {
    await drawer.getByRole('button', { name: `改为“${next}”` }).click();
    await expect(page.getByText(`已改为“${label}”`).first()).toBeVisible();
  }
  await expect(drawer.getByText('已成交，流程结束')).toBeVisible();
  await drawer.getByLabel('负责人').fill('周顾问');
  await drawer.getByLabel('备注').fill('已签约，三月上线');
  await drawer.getByRole('button', { name: '保存负责人与备注' }).click();
  await expect(page.getByText('保存成功').first()).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOT_DIR}/leads-drawer-zh-CN.png`, fullPage: true });
  await drawer.locator('.ant-drawer-close').click();
  await expect(row.getByText('已成交')).toBeVisible();
  await expect(row.getByText('周顾问')).toBeVisible();

  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: /导出 CSV/ }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^销售线索-\d{8}-\d{4}\.csv$/);
  const bytes = readFileSync(await download.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = bytes.subarray(3).toString('utf8');
  const [header, ...rows] = text.trimEnd().split('\r\n');
  expect(header).toContain('学校名称');
  expect(rows).toHaveLength(1);
  expect(rows[0]).toContain(`,已成交,陈主任,${phone},${school},`);
  expect(rows[0]).toContain(',周顾问,已签约，三月上线,');

  await useLocale(page, 'ar-EG');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByText('Export CSV')).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOT_DIR}/leads-ar-EG.png`, fullPage: true });
});
