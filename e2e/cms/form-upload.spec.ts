/**
 * Issue 33 acceptance 1–2 (decisions 049, 054, 056), on both databases: staff build a 预约演示 form in the console
 * with 学校规模 (single choice), 计划上线时间 (date) and a 招标文件 upload, and place it under solution articles. A
 * visitor on a 375 px phone views the price shop twice and a case study, then sends the form under a solution
 * article with a PDF, once with JavaScript and once without (multipart post of the form itself). Both leads show
 * the answers and the file; the file downloads for staff who read leads and not for an account that may not;
 * both show the 访问轨迹 with those pages and the score its price-shop views earned, with the reason (without JavaScript, from the pages' <noscript> pictures: 054, amended);
 * the CSV filtered by the form has its columns. Screenshots at 1440 and 375 px under test-results/form-upload.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import {
  actionPath,
  inquireFormListAdmin,
  inquireLeadScoreRulesAdmin,
  leadCsvExport,
  loginAccount,
  SITE_ID,
  updateLeadScoreRulesAdmin,
} from '@yuexun/contract';
import { TEST_PASSWORDS } from '../../apps/server/test/accounts';
import { withPostgresDatabase } from '../fixtures';
import { CONSOLE, callAction, expect, loginAsAdmin, test } from './cms-test';

const PHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47';
const SHOTS = join(process.cwd(), 'test-results', 'form-upload');
mkdirSync(SHOTS, { recursive: true });
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

const chooseOption = (page: Page, label: string) =>
  page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: label }).click();

const addField = async (page: Page, type: string, label: string) => {
  const dialog = page.getByRole('dialog');
  const cards = dialog.getByTestId('form-field');
  const position = await cards.count();
  await dialog.getByRole('button', { name: '添加字段' }).click();
  await page.getByRole('menuitem', { name: type, exact: true }).click();
  const card = cards.nth(position);
  await expect(card).toContainText(type);
  await card.getByLabel('字段名称').fill(label);
  // Above the consent line, which stays last.
  await card.getByRole('button', { name: /^上移/ }).click();
  return cards.nth(position - 1);
};

const buildForm = async (page: Page, slug: string) => {
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
  for (const option of ['1000 人以下', '1000–3000 人', '3000 人以上']) {
    await size.getByLabel('选项').fill(option);
    await size.getByLabel('选项').press('Enter');
  }
  await size.getByLabel('必填').click();
  await addField(page, '日期', '计划上线时间');
  const file = await addField(page, '文件上传', '招标文件');
  await file.getByLabel('必填').click();
  await expect(dialog.getByTestId('form-field').last()).toContainText('同意条款');
  await dialog.getByLabel('显示位置').click();
  await chooseOption(page, '解决方案文章下方');
  await page.keyboard.press('Escape');
  await page.screenshot({ path: join(SHOTS, 'editor-1440.png') });
  await dialog.getByRole('button', { name: /保\s?存/ }).click();
  await expect(
    page
      .getByRole('row', { name: /预约演示/ })
      .filter({ hasText: '6 个字段 · 第 1 版' })
      .first(),
  ).toBeVisible({ timeout: 30_000 });
};

/** A phone visitor's path: the price shop twice and a case study, then a solution article with the form. */
const visitAndSend = async (
  browser: Browser,
  baseURL: string,
  who: { phone: string; js: boolean },
  slug: string,
) => {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 375, height: 812 },
    isMobile: true,
    hasTouch: true,
    // A phone's own browser: the statistics count no headless browser (a robot), so neither does the timeline.
    // Without JavaScript the server names the visit by address and user agent: each run is its own phone.
    userAgent: who.js ? PHONE_UA : `${PHONE_UA} NoScript/${who.phone}`,
    javaScriptEnabled: who.js,
    locale: 'zh-CN',
  });
  const site = await context.newPage();
  await site.goto('/priceShop');
  await site.goto('/home');
  const casePath =
    (await site.locator('a[href*="/demonstrationCase/detail/"]').first().getAttribute('href')) ?? '';
  await site.goto(casePath);
  await site.goto('/priceShop');
  await site.goto('/home');
  const section = (await site.locator('a[href^="/solution/"]').first().getAttribute('href')) ?? '';
  await site.goto(section);
  const solution = site.locator('a[href*="/solution/produceService/detail/"]').first();
  const solutionPath = (await solution.getAttribute('href')) ?? '';
  expect(solutionPath).toMatch(/\/solution\/produceService\/detail\/\d+$/);
  await site.goto(solutionPath);
  const form = site.locator(`#form-${slug}`);
  await expect(form.getByRole('heading', { name: '预约演示' })).toBeVisible();
  await form.getByLabel('联系人姓名').fill(who.js ? '钱校长' : '许老师');
  await form.getByLabel('手机号').fill(who.phone);
  await form.getByRole('radio', { name: '1000–3000 人' }).check();
  await form.getByLabel('计划上线时间').fill('2027-03-01');
  await form
    .getByLabel('招标文件')
    .setInputFiles({ name: '招标文件.pdf', mimeType: 'application/pdf', buffer: PDF });
  await form.getByLabel(/我已阅读并同意/).check();
  await site.screenshot({
    path: join(SHOTS, `article-form-${who.js ? 'js' : 'nojs'}-375.png`),
    fullPage: true,
  });
  await form.getByRole('button', { name: /提交/ }).click();
  // Back on the article, with the form's thanks.
  await expect(site).toHaveURL(new RegExp(`${solutionPath}\\?sent=created`));
  await expect(site.locator(`#form-${slug}`).getByRole('status')).toContainText(
    '谢谢，我们会在一个工作日内安排演示',
  );
  await site.screenshot({ path: join(SHOTS, `sent-${who.js ? 'js' : 'nojs'}-375.png`), fullPage: true });
  if (who.js) {
    await site.setViewportSize({ width: 1440, height: 900 });
    await site.screenshot({ path: join(SHOTS, 'article-form-1440.png'), fullPage: true });
  }
  await context.close();
  return { casePath, solutionPath };
};

const acceptance = async (browser: Browser, baseURL: string, label: string) => {
  const slug = `tender-${label}-${Date.now()}`;
  const staff = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 } });
  const page = await staff.newPage();
  await loginAsAdmin(page);
  await buildForm(page, slug);
  // Points for looking at prices (线索评分, decision 057): each lead earns them from its own 访问轨迹.
  const rulesBefore = (await callAction(page.request, inquireLeadScoreRulesAdmin, {})).datas[0];
  const priced = await callAction(page.request, updateLeadScoreRulesAdmin, {
    rules: JSON.stringify({ fit: [], behaviour: [{ behaviour: 'price', points: 5, cap: 20 }] }),
    version: rulesBefore.version,
  });
  expect(priced.success).toBe(true);

  const stamp = String(Date.now()).slice(-7);
  const withJs = { phone: `1370${stamp}`, js: true };
  const without = { phone: `1360${stamp}`, js: false };
  const { casePath } = await visitAndSend(browser, baseURL, withJs, slug);
  await visitAndSend(browser, baseURL, without, slug);

  const open = async (phone: string) => {
    await page.goto(`${CONSOLE}#/content/leads`);
    await page.getByLabel('手机号、学校或公司').fill(phone);
    await page.getByRole('button', { name: /查\s?询/ }).click();
    const row = page.getByRole('row', { name: new RegExp(phone) });
    await expect(row).toBeVisible({ timeout: 30_000 });
    await row.getByRole('button', { name: '跟进' }).click();
    const drawer = page.locator('.ant-drawer');
    await expect(drawer.getByText('预约演示 · 第 1 版')).toBeVisible();
    await expect(drawer.getByText('1000–3000 人')).toBeVisible();
    await expect(drawer.getByText('2027-03-01')).toBeVisible();
    const link = drawer.getByRole('link', { name: '招标文件.pdf' });
    await expect(link).toBeVisible();
    // Two looks at the price shop, 5 points each, with the reason.
    const score = drawer.getByTestId('lead-score');
    await expect(score.getByRole('heading', { name: /线索评分\s*10/ })).toBeVisible();
    await expect(score).toContainText('浏览价格商城');
    await expect(score).toContainText('+10');
    return { drawer, href: (await link.getAttribute('href')) ?? '' };
  };

  const js = await open(withJs.phone);
  const trail = js.drawer.getByTestId('lead-visits');
  await expect(trail.getByTestId('lead-visits-summary')).toContainText('看了 2 次 价格商城');
  await expect(trail.getByTestId('lead-visits-summary')).toContainText('1 篇案例');
  await expect(trail.getByText(new RegExp(`· ${casePath}`))).toHaveCount(1);
  const file = await page.request.get(js.href);
  expect(file.headers()['content-type']).toBe('application/pdf');
  expect(Buffer.from(await file.body()).equals(PDF)).toBe(true);
  await page.screenshot({ path: join(SHOTS, `drawer-${label}-1440.png`) });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: join(SHOTS, `drawer-${label}-375.png`), fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.keyboard.press('Escape');

  const plain = await open(without.phone);
  const plainTrail = plain.drawer.getByTestId('lead-visits');
  await expect(plainTrail.getByTestId('lead-visits-summary')).toContainText('看了 2 次 价格商城');
  await expect(plainTrail.getByTestId('lead-visits-summary')).toContainText('1 篇案例');
  await expect(plainTrail.getByText(new RegExp(`· ${casePath}`))).toHaveCount(1);
  await plainTrail.scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(SHOTS, `drawer-nojs-${label}-1440.png`) });
  expect((await page.request.get(plain.href)).headers()['content-type']).toBe('application/pdf');

  // The rules as they were, for the other specs on this server.
  const now = (await callAction(page.request, inquireLeadScoreRulesAdmin, {})).datas[0];
  const reset = await callAction(page.request, updateLeadScoreRulesAdmin, {
    rules: JSON.stringify({ fit: rulesBefore.fit, behaviour: rulesBefore.behaviour }),
    version: now.version,
  });
  expect(reset.success).toBe(true);

  // An account that may not read leads (the demo school user) gets the envelope, not the file.
  const other = await browser.newContext({ baseURL });
  await other.request.post(actionPath(loginAccount), {
    form: { siteId: SITE_ID, loginType: 'account', username: 'user', password: TEST_PASSWORDS.userPassword },
  });
  const refused = await other.request.get(js.href);
  expect(refused.headers()['content-type']).toContain('application/json');
  expect((await refused.json()).success).toBe(false);
  await other.close();

  // The CSV of this form has one column per field.
  const forms = await (
    await page.request.post(actionPath(inquireFormListAdmin), { form: { siteId: SITE_ID } })
  ).json();
  const formId = (forms.datas as { id: number; slug: string }[]).find((f) => f.slug === slug)?.id;
  const csv = await (await page.request.get(`${leadCsvExport.path}?formId=${formId}`)).text();
  const [header] = csv.replace(/^\uFEFF/, '').split('\r\n');
  expect(header).toContain('学校规模,计划上线时间,招标文件');
  expect(csv).toContain('招标文件.pdf');
  await staff.close();
};

test('a 预约演示 form with a 招标文件 upload under a solution article, with and without JavaScript (embedded database)', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(300_000);
  await acceptance(browser, baseURL ?? '', 'pglite');
});

test('a 预约演示 form with a 招标文件 upload under a solution article, with and without JavaScript (PostgreSQL)', async ({
  browser,
  startServer,
}) => {
  test.setTimeout(400_000);
  await withPostgresDatabase('formupload', async (url) => {
    const started = await startServer({ DATABASE_URL: url });
    await acceptance(browser, started.url, 'postgres');
  });
});
