import { tmpdir } from 'node:os';
import { expect, test } from '../fixtures';
import { CONSOLE, loginWithPassword, switchUnit } from './helpers';

test('teacher registrations are readable on a phone: the table fits 375 px', async ({ page }) => {
  await loginWithPassword(page, 'admin');
  // Teachers register with a school: the vendor's admin goes to 悦讯实验学校 to confirm them.
  await switchUnit(page, '悦讯实验学校');
  for (const width of [1440, 375]) {
    await page.setViewportSize({ width, height: width > 400 ? 900 : 812 });
    await page.goto(`${CONSOLE}#/userManagement/teacherRegister`);
    const row = page.getByRole('row', { name: /陈志远/ });
    await expect(row).toContainText('待审核');
    // On a phone the one cell carries the phone number and the time too.
    if (width < 400) await expect(row).toContainText('申请时间');
    const overflow = await page
      .locator('.ant-table-content, .ant-table-body')
      .first()
      .evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(
      await page.evaluate('document.documentElement.scrollWidth - window.innerWidth'),
    ).toBeLessThanOrEqual(0);
    await page.screenshot({
      path: `${tmpdir()}/yuexun-screenshots/teacher-register-${width}.png`,
      fullPage: true,
    });
  }
});

// Runs after the phone test (one server per worker): it confirms and rejects the pending ones.
test('teacher registrations: confirm one, reject another with a reason', async ({ page }) => {
  await loginWithPassword(page, 'admin');
  // Teachers register with a school: the vendor's admin goes to 悦讯实验学校 to confirm them.
  await switchUnit(page, '悦讯实验学校');
  await page.goto(`${CONSOLE}#/userManagement/teacherRegister`);
  const first = page.getByRole('row', { name: /张雨涵/ });
  await expect(first).toContainText('待审核');
  await first.getByRole('button', { name: /通\s*过/ }).click();
  await page
    .getByRole('tooltip')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(page.getByText('已通过').first()).toBeVisible();
  await expect(page.getByRole('row', { name: /张雨涵/ })).toHaveCount(0);

  const second = page.getByRole('row', { name: /陈志远/ });
  await second.getByRole('button', { name: /驳\s*回/ }).click();
  const dialog = page.getByRole('dialog', { name: '驳回「陈志远」的注册申请' });
  await expect(dialog.getByLabel('驳回原因')).toBeVisible();
  // On a loaded machine the press can come while the dialog is still opening and do nothing; a person
  // would press again, and so does the test.
  await expect(async () => {
    await dialog.getByRole('button', { name: /驳\s*回/ }).click();
    await expect(dialog.getByText('请填写驳回原因！')).toBeVisible({ timeout: 2000 });
  }).toPass();
  await dialog.getByLabel('驳回原因').fill('非本校教师');
  await dialog.getByRole('button', { name: /驳\s*回/ }).click();
  await expect(dialog).toBeHidden();

  await page.getByLabel('状态').click();
  await page.locator('.ant-select-dropdown').getByText('已驳回').click();
  await page.getByRole('button', { name: /查\s*询/ }).click();
  await expect(page.getByRole('row', { name: /陈志远/ })).toContainText('非本校教师');
});
