import { expect, test } from '../fixtures';

const fill = async (page: import('@playwright/test').Page, phone: string) => {
  await page.getByLabel('联系人姓名').fill('周老师');
  await page.getByLabel('手机号').fill(phone);
  await page.getByLabel('学校名称').fill('南京市鼓楼区第一中学');
  await page.getByLabel('所在地区').fill('江苏省南京市');
  await page.getByLabel('学校类型').selectOption('junior');
  await page.getByLabel('您的职务').fill('副校长');
  await page.getByLabel('我已阅读并同意').check();
};

/** The agent page's form: 代理商申请, a company's fields instead of a school's. */
const fillAgent = async (page: import('@playwright/test').Page, phone: string) => {
  await page.getByLabel('公司名称').fill('西安智联教育科技有限公司');
  await page.getByLabel('联系人姓名').fill('马经理');
  await page.getByLabel('手机号').fill(phone);
  await page.getByLabel('代理区域').fill('陕西省');
  await page.getByLabel('主营业务').fill('教育信息化系统集成');
  await page.getByLabel('团队规模').selectOption('10-49');
  await page.getByLabel('我已阅读并同意').check();
};

const PHONE_HEIGHT = 740;

/** /agent on a 375 px phone, scrolled to the lead form once its island is live. */
const openOnPhone = async (page: import('@playwright/test').Page) => {
  await page.setViewportSize({ width: 375, height: PHONE_HEIGHT });
  await page.goto('/agent');
  const form = page.locator('#lead');
  await form.scrollIntoViewIfNeeded();
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  return form;
};

test.describe('lead form', () => {
  test('with JavaScript: live messages next to the fields, then one submission', async ({ page }) => {
    await page.goto('/agent');
    const form = page.locator('#lead');
    await form.scrollIntoViewIfNeeded();
    // The island hydrates when visible; then leaving a bad field shows its message at once.
    await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
    await page.getByLabel('手机号').fill('123');
    await page.getByLabel('手机号').blur();
    await expect(form.getByText('不合法的手机号')).toBeVisible();
    await page.getByLabel('手机号').fill('13811112222');
    await expect(form.getByText('不合法的手机号')).toHaveCount(0);

    await page.getByRole('button', { name: '提交' }).click();
    await expect(form.getByText('请检查标记的内容后再提交')).toBeVisible();
    await expect(form.locator('.field-error:not(:empty)').first()).toBeVisible();

    await fillAgent(page, '13811112222');
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST') posts.push(r.url());
    });
    const button = page.getByRole('button', { name: /提交/ });
    await button.dblclick();
    await expect(form.getByRole('status')).toContainText('提交成功');
    expect(posts.filter((u) => u.includes('createAgentApplicationSALEPPublic'))).toHaveLength(1);
    await expect(page).toHaveURL(/\/agent$/);
  });

  test('on a phone, tapping 提交 straight from a bad field submits the tap: messages show, the first bad field is in view', async ({
    page,
  }) => {
    const form = await openOnPhone(page);
    // No blur first: the tap itself takes focus off the field, and its message must not move the
    // button away from under the finger (it did: the message pushed the button down and the tap was lost).
    await page.getByLabel('手机号').fill('12345');
    const submit = page.getByRole('button', { name: '提交' });
    // Where a visitor's thumb is after filling the form: the button at the bottom of the screen.
    await submit.evaluate((button) => button.scrollIntoView({ block: 'end' }));
    await submit.click();
    await expect(form.getByText('请检查标记的内容后再提交')).toBeVisible();
    await expect(form.getByText('不合法的手机号')).toBeVisible();
    const first = page.getByLabel('公司名称');
    await expect(first).toBeFocused();
    // The focused field is below the sticky header, not under it.
    const header = await page.locator('.site-header').boundingBox();
    const field = await first.boundingBox();
    expect(field && header && field.y >= header.y + header.height).toBe(true);
  });

  test('on a phone, the answer to a sent form is where the visitor is looking, and announced', async ({
    page,
  }) => {
    const form = await openOnPhone(page);
    await fillAgent(page, '13811113333');
    const submit = page.getByRole('button', { name: '提交' });
    await submit.evaluate((button) => button.scrollIntoView({ block: 'end' }));
    await submit.click();
    const answer = form.getByRole('status');
    await expect(answer).toContainText('提交成功');
    await expect(answer).toBeFocused();
    // Inside the screen once the scroll has settled (it sat above the form, off screen).
    await expect
      .poll(async () => {
        const box = await answer.boundingBox();
        return box !== null && box.y >= 0 && box.y + box.height <= PHONE_HEIGHT;
      })
      .toBe(true);
  });

  test('without JavaScript: errors with the input kept, then a redirect with the result', async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    await page.goto('/home');
    await page.getByLabel('联系人姓名').fill('吴老师');
    await page.getByLabel('手机号').fill('12345');
    await page.getByRole('button', { name: '提交' }).click();
    await expect(page.locator('#lead')).toContainText('不合法的手机号');
    await expect(page.getByLabel('联系人姓名')).toHaveValue('吴老师');
    await expect(page.getByLabel('手机号')).toHaveValue('12345');
    await expect(page.locator('#lead .field-error:not(:empty)')).toHaveCount(6);
    await expect(page.locator('#lead')).toContainText('请阅读并同意《隐私政策》后提交');

    await fill(page, '13833334444');
    await page.getByRole('button', { name: '提交' }).click();
    await expect(page).toHaveURL(/\/home\?lead=created#lead$/);
    await expect(page.locator('#lead').getByRole('status')).toContainText('提交成功');
    // Submitting the same phone again is recognised, not stored twice.
    await fill(page, '13833334444');
    await page.getByRole('button', { name: '提交' }).click();
    await expect(page).toHaveURL(/lead=duplicate#lead$/);
    await context.close();
  });

  test('the agent page asks a company, not a school; without JavaScript too', async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    await page.goto('/agent');
    const form = page.locator('#lead');
    await expect(form.getByLabel('学校名称')).toHaveCount(0);
    await expect(form.getByLabel('学校类型')).toHaveCount(0);
    await expect(form.getByLabel('您的职务')).toHaveCount(0);
    await page.getByRole('button', { name: '提交' }).click();
    await expect(form.getByText('请选择团队规模')).toBeVisible();
    await expect(form.getByText('请输入公司名称')).toBeVisible();
    await fillAgent(page, '13833335555');
    await page.getByRole('button', { name: '提交' }).click();
    await expect(page).toHaveURL(/\/agent\?lead=created#lead$/);
    await expect(form.getByRole('status')).toContainText('提交成功');
    await context.close();
  });

  test('on a product page the inquiry names the product', async ({ page }) => {
    await page.goto('/priceShop/productDetail?productId=1');
    await expect(page.locator('#lead h2')).toContainText('咨询「');
  });
});
