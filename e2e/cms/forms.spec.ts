/**
 * Forms the vendor designs (issue 33): staff build a 预约演示 form in 站点管理 → 表单 with 学校规模 (a single
 * choice) and 计划上线时间 (a date); a visitor on a 375 px phone sends it on /form/{slug}, once without
 * JavaScript and once with it; both leads show the answers under their questions in the lead drawer.
 * Screenshots at 1440 and 375 px.
 */
import type { Page } from '@playwright/test';
import { CONSOLE, expect, loginAsAdmin, SCREENSHOT_DIR, test } from './cms-test';

/** antd lists options in a virtual list; the visible item is the one to click. */
const chooseOption = (page: Page, label: string) =>
  page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: label }).click();

/** Adds a field of `type` at the end of the list and names it; its card, by position. */
const addField = async (page: Page, type: string, label: string) => {
  const dialog = page.getByRole('dialog');
  const cards = dialog.getByTestId('form-field');
  const position = await cards.count();
  await dialog.getByRole('button', { name: '添加字段' }).click();
  await page.getByRole('menuitem', { name: type, exact: true }).click();
  const card = cards.nth(position);
  await expect(card).toContainText(type);
  await card.getByLabel('字段名称').fill(label);
  return card;
};

/** Sends the form as a visitor: fills every field of the demo form and presses 提交. */
const sendAsVisitor = async (page: Page, slug: string, who: { name: string; phone: string }) => {
  await page.goto(`/form/${slug}`);
  await expect(page.getByRole('heading', { name: '预约演示', level: 1 })).toBeVisible();
  await page.getByLabel('联系人姓名').fill(who.name);
  await page.getByLabel('手机号').fill(who.phone);
  await page.getByRole('radio', { name: '1000–3000 人' }).check();
  await page.getByLabel('计划上线时间').fill('2027-03-01');
  await page.getByLabel(/我已阅读并同意/).check();
  await page.getByRole('button', { name: /提交/ }).click();
  await expect(page.getByRole('status')).toContainText('我们会在一个工作日内安排演示');
};

test('a 预约演示 form built in the console takes leads with and without JavaScript, answers in the drawer', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const slug = `demo-${Date.now()}`;
  await loginAsAdmin(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`${CONSOLE}#/site/forms`);
  await page.getByRole('button', { name: '新建表单' }).click({ timeout: 30_000 });
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('表单名称').fill('预约演示');
  await dialog.getByLabel('类型').click();
  await chooseOption(page, '预约演示');
  await dialog.getByLabel('访问地址').fill(slug);
  await dialog.getByLabel('提交成功提示').fill('谢谢，我们会在一个工作日内安排演示');

  const size = await addField(page, '单选', '学校规模');
  const options = size.getByLabel('选项');
  for (const option of ['1000 人以下', '1000–3000 人', '3000 人以上']) {
    await options.fill(option);
    await options.press('Enter');
  }
  await size.getByLabel('必填').click();
  await addField(page, '日期', '计划上线时间');
  // New fields come after the starter fields' consent line (name, phone, consent, 学校规模, 计划上线时间):
  // each moves up above it by its ↑ button.
  const cards = dialog.getByTestId('form-field');
  await cards.nth(3).getByRole('button', { name: /^上移/ }).click();
  await expect(cards.nth(2)).toContainText('单选');
  await cards.nth(4).getByRole('button', { name: /^上移/ }).click();
  await expect(cards.nth(3)).toContainText('日期');
  await expect(cards.last()).toContainText('同意条款');
  await page.screenshot({ path: `${SCREENSHOT_DIR}/forms-editor-1440.png` });
  await dialog.getByRole('button', { name: /保\s?存/ }).click();
  const row = page.getByRole('row', { name: /预约演示/ }).filter({ hasText: '5 个字段 · 第 1 版' });
  await expect(row).toBeVisible({ timeout: 30_000 });
  await page.screenshot({ path: `${SCREENSHOT_DIR}/forms-list-1440.png`, fullPage: true });

  // Two visitors on phones: one whose browser runs no JavaScript, one whose does.
  const stamp = String(Date.now()).slice(-7);
  const visitors = [
    { name: '许老师', phone: `1380${stamp}`, javaScriptEnabled: false },
    { name: '钱校长', phone: `1390${stamp}`, javaScriptEnabled: true },
  ];
  for (const visitor of visitors) {
    const context = await browser.newContext({
      baseURL,
      viewport: { width: 375, height: 800 },
      javaScriptEnabled: visitor.javaScriptEnabled,
    });
    const phone = await context.newPage();
    await sendAsVisitor(phone, slug, visitor);
    await phone.screenshot({
      path: `${SCREENSHOT_DIR}/forms-sent-${visitor.javaScriptEnabled ? 'js' : 'nojs'}-375.png`,
      fullPage: true,
    });
    await context.close();
  }

  // Each lead's drawer lists the answers under the form's own questions.
  for (const visitor of visitors) {
    await page.goto(`${CONSOLE}#/content/leads`);
    await page.getByLabel('手机号、学校或公司').fill(visitor.phone.slice(-6));
    await page.getByRole('button', { name: /查\s?询/ }).click();
    const lead = page.getByRole('row', { name: new RegExp(visitor.phone) });
    await expect(lead).toBeVisible({ timeout: 30_000 });
    await lead.getByRole('button', { name: '跟进' }).click();
    const drawer = page.locator('.ant-drawer');
    await expect(drawer.getByText('预约演示 · 第 1 版')).toBeVisible();
    await expect(drawer.getByText('学校规模')).toBeVisible();
    await expect(drawer.getByText('1000–3000 人')).toBeVisible();
    await expect(drawer.getByText('计划上线时间')).toBeVisible();
    await expect(drawer.getByText('2027-03-01')).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOT_DIR}/forms-drawer-1440.png` });
    await drawer.locator('.ant-drawer-close').click();
  }
});
