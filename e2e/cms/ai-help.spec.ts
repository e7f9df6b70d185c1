/**
 * AI 助手 (issue 35 item 3) in the browser, against the local OpenAI-compatible stand-in (SSE, checks model,
 * messages and key): an admin configures it in 站点管理 → AI 助手 (the key is not shown again), asks for titles in
 * the article editor, sees three stream into the side panel and accepts one into the title; the usage table
 * counts the request; the picture picker's alt prompt in the product form asks it for alt text. Its own server: the stand-in is on 127.0.0.1, which only ALERT_ALLOW_PRIVATE_HOSTS permits.
 */
import {
  actionPath,
  inquireAiSettingsAdmin,
  loginAccount,
  SITE_ID,
  updateAiSettingsAdmin,
} from '@yuexun/contract';
import { PNG } from '../../apps/server/test/admin';
import { openAiChatStandIn } from '../../apps/server/test/openai-chat-standin';
import { DEMO_PASSWORDS } from '../fixtures';
import { CONSOLE, expect, shotsIn, test } from './cms-test';

const KEY = 'sk-e2e-ai-key-0001';
const MODEL = 'deepseek-chat';
const shots = shotsIn('ai-help', 300);

test('AI 助手: configure it; titles, SEO, summary, polish and alt text stream into the panel and are accepted; faults shown', async ({
  page,
  startServer,
}) => {
  test.setTimeout(180_000);
  const ai = await openAiChatStandIn(KEY, MODEL);
  ai.state.answer = '1. 智慧校园平台全面上线\n2. 排课考勤一站搞定\n3. 家校沟通迎来新平台';
  try {
    const server = await startServer({ ALERT_ALLOW_PRIVATE_HOSTS: 'true' });
    const login = await page.request.post(`${server.url}${actionPath(loginAccount)}`, {
      form: { siteId: SITE_ID, loginType: 'account', username: 'admin', password: DEMO_PASSWORDS.admin },
    });
    expect((await login.json()).success).toBe(true);

    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${server.url}${CONSOLE}#/site/ai-help`);
    await expect(page.getByText('尚未设置')).toBeVisible({ timeout: 30_000 });
    await page.getByLabel('开启 AI 助手').click();
    await page.getByLabel('接口地址（Base URL）').fill(ai.baseUrl);
    await page.getByLabel('模型', { exact: true }).fill(MODEL);
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await expect(page.getByText('开启 AI 助手需要填写接口地址、模型和密钥').first()).toBeVisible();
    await page.getByLabel('密钥（API Key）').fill(KEY);
    // This test asks more than the default six times a minute.
    await page.getByLabel('每人每分钟请求数').fill('60');
    // The alt-text step below then sends the picture itself, as to a vision model.
    await page.getByLabel('模型可以识图').click();
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await expect(page.getByText('已保存，留空表示不变')).toBeVisible();
    await expect(page.getByLabel('密钥（API Key）')).toHaveValue('');
    await expect(page.getByLabel('模型可以识图')).toBeChecked();
    await page.getByLabel('模型可以识图').scrollIntoViewIfNeeded();
    await shots(page, '1-settings');

    await page.goto(`${server.url}${CONSOLE}#/content/articles/new`);
    await page.getByPlaceholder('请输入文章标题').fill('新平台上线');
    await page.locator('.ProseMirror').click();
    await page.keyboard.insertText('本校启用了新的智慧校园平台，覆盖排课、考勤和家校沟通。');
    await page.getByRole('button', { name: 'AI 助手' }).click();
    const panel = page.getByRole('dialog').filter({ hasText: '推荐标题' });
    await panel.getByRole('button', { name: '推荐标题' }).click();
    const suggestions = panel.getByTestId('ai-suggestion');
    await expect(suggestions).toHaveCount(3);
    await expect(suggestions.nth(1).locator('textarea')).toHaveValue('排课考勤一站搞定');
    // The request had the documented shape and carried the article as data.
    expect(ai.calls).toHaveLength(1);
    expect(ai.calls[0]?.body.model).toBe(MODEL);
    expect(ai.calls[0]?.body.messages[1]?.content).toContain('覆盖排课、考勤和家校沟通');
    await shots(page, '2-panel');

    await suggestions
      .nth(1)
      .getByRole('button', { name: /采\s*用/ })
      .click();
    await expect(suggestions).toHaveCount(2);
    // 放弃 drops a suggestion and changes nothing.
    await suggestions
      .nth(0)
      .getByRole('button', { name: /放\s*弃/ })
      .click();
    await expect(suggestions).toHaveCount(1);
    await page.getByRole('dialog', { name: 'AI 助手' }).getByRole('button', { name: '关闭' }).click();
    // Nothing else changed by itself: the title is the accepted one, the body is as typed.
    await expect(page.getByPlaceholder('请输入文章标题')).toHaveValue('排课考勤一站搞定');
    await expect(page.locator('.ProseMirror')).toHaveText(
      '本校启用了新的智慧校园平台，覆盖排课、考勤和家校沟通。',
    );
    await shots(page, '3-accepted');

    // The SEO description into SEO 描述, the keywords into 标签, the summary into 摘要.
    await page.getByRole('button', { name: 'AI 助手' }).click();
    ai.state.answer =
      '描述：本校启用新的智慧校园平台，覆盖排课、考勤和家校沟通。\n关键词：智慧校园，排课，考勤';
    await panel.getByRole('button', { name: 'SEO 描述和关键词' }).click();
    await expect(suggestions).toHaveCount(2);
    await suggestions
      .nth(0)
      .getByRole('button', { name: /采\s*用/ })
      .click();
    await suggestions
      .nth(0)
      .getByRole('button', { name: /采\s*用/ })
      .click();
    await expect(suggestions).toHaveCount(0);
    ai.state.answer = '本校启用智慧校园平台，排课、考勤和家校沟通一站完成。';
    await panel.getByRole('button', { name: '写摘要' }).click();
    await expect(suggestions).toHaveCount(1);
    await suggestions.locator('textarea').fill('本校启用智慧校园平台。');
    await suggestions.getByRole('button', { name: /采\s*用/ }).click();

    // Faults: a clear message in the panel; a cut keeps what came; the editor goes on working.
    ai.state.mode = 'down';
    await panel.getByRole('button', { name: '写摘要' }).click();
    await expect(panel.getByRole('alert')).toContainText('AI 服务拒绝了请求（HTTP 503）');
    ai.state.mode = 'cut';
    await panel.getByRole('button', { name: '推荐标题' }).click();
    await expect(panel.getByRole('alert')).toContainText('AI 回答中途中断，已保留收到的部分');
    await expect(suggestions.first().locator('textarea')).not.toHaveValue('');
    await shots(page, '4-cut');
    ai.state.mode = 'ok';
    await page.getByRole('dialog', { name: 'AI 助手' }).getByRole('button', { name: '关闭' }).click();
    await expect(page.locator('#seoDescription')).toHaveValue(
      '本校启用新的智慧校园平台，覆盖排课、考勤和家校沟通。',
    );
    await expect(page.locator('.ant-form-item', { has: page.locator('#tags') })).toContainText('排课');
    await expect(page.locator('#summary')).toHaveValue('本校启用智慧校园平台。');
    await page.getByPlaceholder('请输入文章标题').fill('编辑器照常可用');
    await expect(page.getByPlaceholder('请输入文章标题')).toHaveValue('编辑器照常可用');

    // Polishing the paragraph selected in the body: it is replaced only when accepted.
    await page.locator('.ProseMirror p').first().click({ clickCount: 3 });
    await page.getByRole('button', { name: 'AI 助手' }).click();
    await expect(panel.getByLabel('要处理的段落')).toHaveValue(
      '本校启用了新的智慧校园平台，覆盖排课、考勤和家校沟通。',
    );
    ai.state.answer = '本校已启用全新的智慧校园平台，涵盖排课、考勤与家校沟通。';
    await panel.getByRole('button', { name: '润色段落' }).click();
    await expect(suggestions).toHaveCount(1);
    await expect(page.locator('.ProseMirror p').first()).toHaveText(
      '本校启用了新的智慧校园平台，覆盖排课、考勤和家校沟通。',
    );
    await suggestions.getByRole('button', { name: /采\s*用/ }).click();
    await expect(page.locator('.ProseMirror p').first()).toHaveText(
      '本校已启用全新的智慧校园平台，涵盖排课、考勤与家校沟通。',
    );
    await page.getByRole('dialog', { name: 'AI 助手' }).getByRole('button', { name: '关闭' }).click();

    // Alt text for a picture in the body, from the picture, its file name and the text around it. 插入图片 takes
    // it from 素材库 (uploaded there in place), which asks for a first alt text; the AI suggests a better one.
    await page.locator('.ProseMirror').click();
    await page.getByRole('button', { name: '插入图片' }).click();
    const library = page.getByRole('dialog', { name: '从素材库选择图片' });
    await library.locator('input[type=file]').setInputFiles({
      name: '信息技术课堂.png',
      mimeType: 'image/png',
      buffer: PNG,
    });
    await library.getByLabel('替代文字').fill('课堂照片');
    await library.getByRole('button', { name: '保存并使用' }).click();
    await expect(library).toBeHidden();
    const picture = page.locator('.ProseMirror img');
    await expect(picture).toHaveAttribute('alt', '课堂照片');
    await page.getByRole('button', { name: 'AI 助手' }).click();
    ai.state.answer = '学生在信息技术课堂上使用平板电脑学习';
    await panel.getByRole('button', { name: '图片替代文字' }).click();
    await expect(suggestions).toHaveCount(1);
    // The body's own picture went along (its viewPic address names the file), after the text with its name.
    const sent = ai.calls.at(-1)?.body.messages[1]?.content;
    expect(Array.isArray(sent) && sent.map((part) => part.type)).toEqual(['text', 'image_url']);
    expect(JSON.stringify(sent)).toContain('信息技术课堂.png');
    await suggestions.getByRole('button', { name: /采\s*用/ }).click();
    await expect(picture).toHaveAttribute('alt', '学生在信息技术课堂上使用平板电脑学习');
    await shots(page, '5-alt');

    await page.goto(`${server.url}${CONSOLE}#/site/ai-help`);
    const usage = page.locator('.ant-card').filter({ hasText: '本月用量' });
    await expect(usage.getByRole('row', { name: /王建国/ })).toBeVisible({ timeout: 30_000 });
  } finally {
    await ai.close();
  }
});

test('AI 助手 in the product form: a suggested name is accepted into 产品名称, and the picker suggests alt text', async ({
  page,
  startServer,
}) => {
  test.setTimeout(180_000);
  const ai = await openAiChatStandIn(KEY, MODEL);
  ai.state.answer = '智慧排课系统\n智能排课平台\n校园排课助手';
  try {
    const server = await startServer({ ALERT_ALLOW_PRIVATE_HOSTS: 'true' });
    const post = async (path: string, form: Record<string, string | number>) =>
      (await page.request.post(`${server.url}${path}`, { form: { siteId: SITE_ID, ...form } })).json();
    const login = await post(actionPath(loginAccount), {
      loginType: 'account',
      username: 'admin',
      password: DEMO_PASSWORDS.admin,
    });
    expect(login.success).toBe(true);
    const { version } = (await post(actionPath(inquireAiSettingsAdmin), {})).datas[0];
    const saved = await post(actionPath(updateAiSettingsAdmin), {
      enabled: 'true',
      baseUrl: ai.baseUrl,
      model: MODEL,
      apiKey: KEY,
      version,
    });
    expect(saved.success).toBe(true);

    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${server.url}${CONSOLE}#/content/products`);
    await page.getByRole('button', { name: '新建产品' }).click();
    await page.getByLabel('产品名称').fill('排课');
    await page.getByRole('button', { name: 'AI 助手' }).click();
    const panel = page.getByRole('dialog', { name: 'AI 助手' });
    await expect(panel.getByRole('button', { name: 'SEO 描述和关键词' })).toHaveCount(0);
    await panel.getByRole('button', { name: '推荐标题' }).click();
    const suggestions = panel.getByTestId('ai-suggestion');
    await expect(suggestions).toHaveCount(3);
    expect(ai.calls[0]?.body.messages[1]?.content).toContain('产品标题');
    await shots(page, '6-product');
    await suggestions
      .nth(0)
      .getByRole('button', { name: /采\s*用/ })
      .click();
    await panel.getByRole('button', { name: '关闭' }).click();
    await expect(page.getByLabel('产品名称')).toHaveValue('智慧排课系统');

    // The picture picker's alt prompt asks AI 助手 too: the suggestion streams into the field, to be checked
    // before 保存并使用; a fault shows its message there, and what was typed stays.
    await page.locator('.ProseMirror').click();
    await page.getByRole('button', { name: '插入图片' }).click();
    const library = page.getByRole('dialog', { name: '从素材库选择图片' });
    await library
      .locator('input[type=file]')
      .setInputFiles({ name: '排课界面.png', mimeType: 'image/png', buffer: PNG });
    const prompt = library.getByTestId('library-alt');
    await library.getByLabel('替代文字').fill('排课');
    ai.state.mode = 'down';
    await prompt.getByRole('button', { name: 'AI 建议替代文字' }).click();
    await expect(prompt.getByRole('alert')).toContainText('AI 服务拒绝了请求（HTTP 503）');
    await expect(library.getByLabel('替代文字')).toHaveValue('排课');
    ai.state.mode = 'ok';
    ai.state.answer = '教师在电脑前用智慧排课系统排出全校课表';
    await prompt.getByRole('button', { name: 'AI 建议替代文字' }).click();
    await expect(library.getByLabel('替代文字')).toHaveValue('教师在电脑前用智慧排课系统排出全校课表');
    await expect(prompt.getByRole('alert')).toHaveCount(0);
    // Without 模型可以识图 the model gets the picture's stored name, not the picture.
    expect(JSON.stringify(ai.calls.at(-1)?.body.messages)).toContain('排课界面.png');
    await shots(page, '7-picker-alt');
    await library.getByRole('button', { name: '保存并使用' }).click();
    await expect(library).toBeHidden();
    await expect(page.locator('.ProseMirror img')).toHaveAttribute(
      'alt',
      '教师在电脑前用智慧排课系统排出全校课表',
    );
  } finally {
    await ai.close();
  }
});
