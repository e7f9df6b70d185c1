/**
 * 客户 and 公海 (issue 34 items 3 and 4, decision 058) in the browser: three leads of one school from different
 * phones and spellings show as one 客户; its page lists them with contacts and follow-ups; a merge of two of them is
 * undone from the page; a lead put back in the 公海 is listed there with the pool's statistics and claimed.
 * Screenshots at 1440 and 375 px of the list, the school's page and the pool.
 */
import {
  createCustomerIntentionSALEPPublic,
  inquireLeadListAdmin,
  inquireLeadOwnerListAdmin,
  updateLeadAdmin,
} from '@yuexun/contract';
import {
  CONSOLE,
  callAction,
  confirmPopover,
  expect,
  loginAsAdmin,
  pickOption,
  shotsIn,
  test,
} from './cms-test';

const shots = shotsIn('accounts-pool', 500);

test('three leads of one school are one 客户; a merge is undone; a lead in the 公海 is claimed', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await loginAsAdmin(page);
  const stamp = String(Date.now()).slice(-7);
  const school = `客户${stamp}实验中学`;
  const sent: number[] = [];
  for (const [i, [name, region, contact]] of [
    [school, '浙江省杭州市', '陈校长'],
    [`${school} `, '浙江 杭州', '王主任'],
    [`${school}。`, '浙江杭州市', '刘老师'],
  ].entries()) {
    const lead = await callAction(page.request, createCustomerIntentionSALEPPublic, {
      privacyConsent: 'on',
      contactName: contact ?? '',
      phone: `136${stamp}${i}`,
      schoolName: name ?? '',
      region: region ?? '',
      schoolType: 'complete',
      role: '信息中心主任',
    });
    expect(lead.success, JSON.stringify(lead)).toBe(true);
    sent.push(lead.data.id);
  }
  // The first lead gets an owner, as staff would give it.
  const owners = await callAction(page.request, inquireLeadOwnerListAdmin, {});
  const admin = owners.datas.find((o: { name: string }) => o.name === '王建国');
  const listed = await callAction(page.request, inquireLeadListAdmin, { keyword: `136${stamp}0` });
  const first = listed.datas[0];
  expect(
    (
      await callAction(page.request, updateLeadAdmin, {
        leadId: first.id,
        ownerAccountId: admin.accountId,
        version: first.version,
      })
    ).success,
  ).toBe(true);

  await page.goto(`${CONSOLE}#/content/accounts`);
  await page.getByLabel('学校或地区').fill(`客户${stamp}`);
  await page.getByRole('button', { name: /查\s?询/ }).click();
  const row = page.getByRole('row', { name: new RegExp(`客户${stamp}实验中学`) });
  await expect(row).toBeVisible({ timeout: 30_000 });
  await expect(row.getByRole('cell', { name: '3', exact: true }).first()).toBeVisible();
  await shots(page, 'accounts');

  await row.getByRole('link', { name: school }).click();
  await expect(page.locator('.ant-page-header-heading-title', { hasText: school })).toBeVisible();
  const leadRows = page.getByTestId('account-leads').locator('tbody tr.ant-table-row');
  await expect(leadRows).toHaveCount(3);
  for (const name of ['陈校长', '王主任', '刘老师']) await expect(page.getByText(name).first()).toBeVisible();

  // Merge the newest lead into another, then undo it from 合并记录.
  await leadRows.first().getByRole('button', { name: '合并到…' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('保留的线索').click();
  const kept = page.locator('.ant-select-item-option').first();
  await pickOption(dialog, kept, (await kept.getAttribute('title')) ?? '');
  await dialog.getByRole('button', { name: /确\s?定/ }).click();
  await expect(leadRows).toHaveCount(2);
  const merges = page.getByTestId('account-merges');
  await expect(merges.getByText(/并入 #/)).toBeVisible();
  await shots(page, 'account');
  await merges.getByRole('button', { name: '撤销' }).click();
  await confirmPopover(page, '撤销这次合并？', merges.getByText('已撤销'));
  await expect(leadRows).toHaveCount(3);

  // The owned lead goes back to the 公海 by hand, and is claimed there.
  const owned = leadRows.filter({ hasText: '陈校长' });
  await owned.getByRole('button', { name: '退回公海' }).click();
  await confirmPopover(page, '把这条线索退回公海？', owned.getByText('公海中'));

  await page.goto(`${CONSOLE}#/content/lead-pool`);
  await expect(page.getByText('在池线索')).toBeVisible();
  await expect(page.getByText('从谁那里流失（近 30 天）')).toBeVisible();
  const pooled = page.getByRole('row', { name: new RegExp(school) });
  await expect(pooled).toBeVisible({ timeout: 30_000 });
  await expect(pooled).toContainText('手动退回');
  await expect(pooled).toContainText('王建国');
  await shots(page, 'pool');
  await pooled.getByRole('button', { name: '领取' }).click();
  await expect(page.getByText(/已领取，今日第 1 条/)).toBeVisible();
  await expect(pooled).toHaveCount(0);
});
