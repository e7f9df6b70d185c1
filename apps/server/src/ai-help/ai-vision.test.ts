/**
 * 图片替代文字 from the picture itself (decision 055 amended) against the OpenAI-compatible stand-in, which checks
 * each part's documented shape (a picture only as a base64 data URL): with 模型可以识图 on, the picture goes to the
 * model scaled down to a JPEG of at most 768 px beside the fenced text, the kept prompt names the file instead of
 * holding its bytes; off, nothing but text is sent; a file that is not a picture, a missing one and another
 * person's private upload are refused in Chinese before anything is sent.
 */

import { Readable } from 'node:stream';
import {
  AI_PICTURE_MAX_SIDE,
  type AiStreamEvent,
  aiMessages,
  aiSuggestStream,
  inquireAiSettingsAdmin,
  SITE_ID,
  updateAiSettingsAdmin,
} from '@yuexun/contract';
import { desc } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeader } from '../../test/accounts';
import { type AdminSessions, adminSessions, only } from '../../test/admin';
import { fileClient, minimalPdf } from '../../test/files';
import { pngImage } from '../../test/media';
import { type ChatCall, openAiChatStandIn } from '../../test/openai-chat-standin';
import { drivers, startServer, type TestServer } from '../../test/server';
import { aiRequest } from '../db/schema';
import { systemPromptOf } from './ai-prompts';

const KEY = 'sk-test-vision-key-1234';
const MODEL = 'qwen-vl-max';

describe.each(drivers)('AI alt text from the picture on %s', (driver) => {
  let server: TestServer;
  let s: AdminSessions;
  let ai: Awaited<ReturnType<typeof openAiChatStandIn>>;
  const files = fileClient(() => server);

  beforeAll(async () => {
    ai = await openAiChatStandIn(KEY, MODEL);
    server = await startServer(driver, {
      alerts: { allowPrivateHosts: true, timeoutMs: 2000 },
      ai: { idleMs: 2000 },
    });
    s = await adminSessions(server);
  });
  afterAll(async () => {
    await server?.close();
    await ai?.close();
  });

  const settings = async (vision: boolean) => {
    const current = only(await s.asAdmin(inquireAiSettingsAdmin));
    return only(
      await s.asAdmin(updateAiSettingsAdmin, {
        enabled: true,
        baseUrl: ai.baseUrl,
        model: MODEL,
        apiKey: KEY,
        perUserPerMinute: 100,
        vision,
        version: current.version,
      }),
    );
  };
  const ask = async (sid: string, body: Record<string, unknown>) => {
    const res = await fetch(`${server.url}${aiSuggestStream.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...cookieHeader(sid) },
      body: JSON.stringify({ siteId: SITE_ID, target: 'article', task: 'alt', ...body }),
    });
    const text = await res.text();
    if (!(res.headers.get('content-type') ?? '').startsWith('text/event-stream'))
      return { envelope: JSON.parse(text), events: [] as AiStreamEvent[] };
    return {
      envelope: null,
      events: text
        .split('\n\n')
        .filter((b) => b.startsWith('data: '))
        .map((b) => JSON.parse(b.slice(6)) as AiStreamEvent),
    };
  };
  const upload = async (bytes: Buffer, name: string, visibility = 'public', sid = s.adminSid) => {
    const { body } = await files.upload(bytes, name, { sid, fields: { visibility } });
    expect(body.success, JSON.stringify(body)).toBe(true);
    return (body.datas[0] as { fileUuid: string }).fileUuid;
  };
  const userContent = (call: ChatCall | undefined) => call?.body.messages[1]?.content;

  it('sends the picture, scaled to a 768 px JPEG, after the fenced text; keeps only its name', async () => {
    expect(await settings(true)).toMatchObject({ vision: true });
    const uuid = await upload(pngImage(2000, 1000), '操场晨练.png');
    ai.state.answer = '学生们在操场上整齐列队做晨练';
    const before = ai.calls.length;
    const { events } = await ask(s.adminSid, {
      fileName: '操场晨练.png',
      caption: '',
      text: '本周体育节开幕。',
      fileUuid: uuid,
    });
    expect(events.at(-1)).toMatchObject({ type: 'done', text: '学生们在操场上整齐列队做晨练' });

    const call = ai.calls[before];
    expect(call?.body.messages[0]).toEqual({ role: 'system', content: systemPromptOf('alt', true) });
    const parts = userContent(call);
    expect(Array.isArray(parts)).toBe(true);
    const [text, picture] = parts as Exclude<ReturnType<typeof userContent>, string | undefined>;
    expect(text).toMatchObject({ type: 'text' });
    expect(text?.type === 'text' && text.text).toMatch(
      /<<<资料-\w+>>>[\s\S]*操场晨练\.png[\s\S]*本周体育节开幕。[\s\S]*<<<资料结束-\w+>>>/,
    );
    expect(picture?.type).toBe('image_url');
    const url = picture?.type === 'image_url' ? picture.image_url.url : '';
    expect(url.startsWith('data:image/jpeg;base64,')).toBe(true);
    const sent = await sharp(Buffer.from(url.split(',')[1] ?? '', 'base64')).metadata();
    expect(sent).toMatchObject({
      format: 'jpeg',
      width: AI_PICTURE_MAX_SIDE,
      height: AI_PICTURE_MAX_SIDE / 2,
    });

    const [kept] = await server.app.db.select().from(aiRequest).orderBy(desc(aiRequest.id)).limit(1);
    const stored = JSON.stringify(kept?.messages);
    expect(stored).toContain(`[图片 ${uuid}]`);
    expect(stored).not.toContain('base64');
  });

  it('works from the picture alone, with no file name, caption or text', async () => {
    const uuid = await upload(pngImage(300, 200), 'a.png');
    const before = ai.calls.length;
    const { events } = await ask(s.adminSid, { fileUuid: uuid });
    expect(events.at(-1)?.type).toBe('done');
    const parts = userContent(ai.calls[before]);
    expect(Array.isArray(parts) && parts.map((p) => p.type)).toEqual(['text', 'image_url']);
  });

  it('sends only text when the model does not read pictures', async () => {
    expect(await settings(false)).toMatchObject({ vision: false });
    const uuid = await upload(pngImage(400, 300), '校门.png');
    const before = ai.calls.length;
    const { events } = await ask(s.adminSid, { fileName: '校门.png', fileUuid: uuid });
    expect(events.at(-1)?.type).toBe('done');
    expect(typeof userContent(ai.calls[before])).toBe('string');
    expect(ai.calls[before]?.body.messages[0]?.content).toBe(systemPromptOf('alt'));
  });

  it('refuses a file that is not a picture, a damaged one, a missing one and another person’s private upload', async () => {
    await settings(true);
    const before = ai.calls.length + ai.refused.length;
    const pdf = await upload(minimalPdf(), '课程表.pdf');
    expect((await ask(s.adminSid, { fileName: '课程表.pdf', fileUuid: pdf })).envelope).toMatchObject({
      success: false,
      errorCode: 400,
      errorMessage: aiMessages.notAPicture,
    });
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await ask(s.adminSid, { fileUuid: missing })).envelope).toMatchObject({
      errorCode: 404,
      errorMessage: aiMessages.pictureMissing,
    });
    const theirs = await upload(pngImage(100, 100), '私人.png', 'private', s.userSid);
    expect((await ask(s.adminSid, { fileUuid: theirs })).envelope).toMatchObject({
      errorCode: 404,
      errorMessage: aiMessages.pictureMissing,
    });
    expect((await ask(s.adminSid, { fileUuid: 'not-a-uuid' })).envelope).toMatchObject({ errorCode: 400 });
    // A stored picture whose bytes no longer decode: refused in Chinese, not a 500.
    const damaged = await upload(pngImage(120, 80), '损坏.png');
    await server.app.blobs.put(damaged, Readable.from([Buffer.from('not a picture any more')]));
    expect((await ask(s.adminSid, { fileUuid: damaged })).envelope).toMatchObject({
      errorCode: 400,
      errorMessage: aiMessages.notAPicture,
    });
    expect(ai.calls.length + ai.refused.length).toBe(before);
  });
});
