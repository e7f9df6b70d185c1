import { inquireAdConversionSettingsAdmin, updateAdConversionSettingsAdmin } from '@yuexun/contract';
import { CONSOLE, callAction, expect, loginAsAdmin, shotsIn, test } from '../cms/cms-test';

const shots = shotsIn('ad-conversions', 300);

test('广告转化: switch Baidu oCPC on, the token stays hidden, 线索来源 counts the conversions', async ({
  page,
}) => {
  await loginAsAdmin(page);
  try {
    await page.goto(`${CONSOLE}#/site/ad-conversions`);
    await expect(page.getByText('百度 oCPC', { exact: true })).toBeVisible();
    await expect(page.getByLabel('表单提交成功')).toHaveValue('3');
    await page.getByLabel('回传到百度').click();
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await expect(page.getByText('启用百度 oCPC 回传需要填写 Token').first()).toBeVisible();
    await page.getByLabel('Token', { exact: true }).fill('e2e-ocpc-token');
    await page.getByLabel('有效线索').fill('19');
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await expect(page.getByText('广告转化设置已保存')).toBeVisible();
    await expect(page.getByText('已保存，留空表示不变').first()).toBeVisible();
    await expect(page.getByLabel('Token', { exact: true })).toHaveValue('');
    await expect(page.getByLabel('有效线索')).toHaveValue('19');
    await shots(page, '1-settings');

    await page.goto(`${CONSOLE}#/content/lead-sources`);
    const counts = page.locator('.ant-card').filter({ hasText: '广告转化回传' });
    await expect(counts.getByRole('cell', { name: '百度 oCPC' })).toBeVisible();
    await expect(counts.getByRole('cell', { name: '成交' }).first()).toBeVisible();
    await expect(counts.getByRole('columnheader', { name: '已回传' })).toBeVisible();
    await shots(page, '2-lead-sources');
  } finally {
    // Back as it was for the other specs on this server.
    const { version } = (await callAction(page.request, inquireAdConversionSettingsAdmin, {})).datas[0];
    const off = await callAction(page.request, updateAdConversionSettingsAdmin, {
      baiduEnabled: 'false',
      qualifiedType: 27,
      webhookEnabled: 'false',
      version,
    });
    expect(off.success).toBe(true);
  }
});
