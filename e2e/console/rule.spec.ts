import { expect, test } from '../fixtures';
import { CONSOLE, loginWithPassword } from './helpers';

test('rule table: validation, create, find and edit a rule', async ({ page }) => {
  await loginWithPassword(page, 'user');
  await page.goto(`${CONSOLE}#/list/table-list`);
  await expect(page.getByRole('row')).toHaveCount(11);

  await page.getByRole('button', { name: /新\s*建/ }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(dialog.getByText('规则名称为必填项')).toBeVisible();
  await expect(dialog.getByText('请选择开始时间！')).toBeVisible();

  const name = `e2e 规则 ${Date.now()}`;
  await dialog.getByLabel('规则名称').fill(name);
  await dialog.getByLabel('描述').fill('四个字');
  await expect(dialog.getByText('请输入至少五个字符的规则描述！')).toBeVisible();
  await dialog.getByLabel('描述').fill('每日同步考勤数据到区平台');
  // On a loaded machine 此刻 can be pressed while the picker is still opening and do nothing; a person
  // would see the empty field and pick again, and so does the test.
  await expect(async () => {
    await dialog.getByLabel('开始时间').click();
    await page.locator('.ant-picker-dropdown').getByText('此刻').click({ timeout: 3000 });
    await expect(dialog.getByLabel('开始时间')).not.toHaveValue('', { timeout: 1000 });
  }).toPass();
  await dialog.getByRole('button', { name: /保\s*存/ }).dblclick();
  await expect(page.getByText('添加成功')).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.getByLabel('规则名称').fill(name);
  await page.getByRole('button', { name: /查\s*询/ }).click();
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('关闭');

  await row.getByRole('button', { name: '编辑' }).click();
  await dialog.getByLabel('规则名称').fill(`${name} 已改`);
  await dialog.getByLabel('状态').click();
  await page.locator('.ant-select-dropdown').getByText('运行中').click();
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('配置成功')).toBeVisible();
  await page.getByLabel('规则名称').fill(`${name} 已改`);
  await page.getByRole('button', { name: /查\s*询/ }).click();
  await expect(page.getByRole('row', { name: new RegExp(`${name} 已改`) })).toContainText('运行中');
});
