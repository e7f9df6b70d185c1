/** The API's shape as clients meet it: routes, methods, bodies, limits, docs, health. */
import {
  actionPath,
  actions,
  inquireSiteSettingsAdmin,
  SITE_ID,
  updateSiteSettingsAdmin,
} from '@yuexun/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminSessions, only } from '../../test/admin';
import { drivers, startServer, type TestServer } from '../../test/server';
import { dataFingerprint } from '../../test/snapshot';
import { article } from '../db/schema';
import { codeMigration, productVersion } from '../db/schema-version';

const LIST = '/news/api/v1.0/inquireArticleListByCondition.json';
const LEAD = '/store/api/v1.0/createCustomerIntentionSALEPPublic.json';

describe.each(drivers)('API shape on %s', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(driver);
  });
  afterAll(() => server.close());

  const expectEnvelope = (body: Record<string, unknown>, code: number) => {
    expect(body).toMatchObject({ success: false, flag: 'FAIL', status: code, errorCode: code, showType: 2 });
    expect(body.errorMessage).toMatch(/[\u4e00-\u9fff]/);
    expect(JSON.stringify(body)).not.toMatch(/at .*\.ts:\d+|stack/i);
  };

  it('answers an unknown action under a known base with 405 接口未配置', async () => {
    for (const base of ['store', 'news', 'fs', 'sports-api']) {
      const { status, body } = await server.post(`/${base}/api/v1.0/noSuchAction.json`, { siteId: SITE_ID });
      expect(status).toBe(200);
      expectEnvelope(body, 405);
      expect(body.errorMessage).toBe('接口未配置');
    }
  });

  it('answers an unknown base path with HTTP 404 and the envelope', async () => {
    const { status, body } = await server.post('/shop/api/v1.0/inquireArticleListByCondition.json', {
      siteId: SITE_ID,
    });
    expect(status).toBe(404);
    expectEnvelope(body, 404);
  });

  it('answers GET on an action with HTTP 405 and says to use POST', async () => {
    const { status, body, headers } = await server.post(`${LIST}?siteId=75`, {}, { method: 'GET' });
    expect(status).toBe(405);
    expect(headers.get('allow')).toBe('POST');
    expectEnvelope(body, 405);
    expect(body.errorMessage).toBe('接口仅支持 POST 请求');
  });

  it('answers malformed JSON with 400 and changes nothing', async () => {
    const before = await dataFingerprint(server.app);
    const { status, body } = await server.post(LEAD, '{"siteId": 75, "phone": ', { json: true });
    expect(status).toBe(400);
    expectEnvelope(body, 400);
    expect(body.errorMessage).toBe('参数错误：请求体格式错误，无法解析');
    expect(await dataFingerprint(server.app)).toEqual(before);
  });

  it('answers a JSON array or a malformed form with 400', async () => {
    const array = await server.post(LIST, '[1,2,3]', { json: true });
    expect(array.status).toBe(200);
    expectEnvelope(array.body, 400);
    const before = await dataFingerprint(server.app);
    const form = await server.post(LEAD, 'siteId=75&phone=%E0%A4%A&contactName=%ZZ&&==&schoolType');
    expect(form.status).toBe(200);
    expectEnvelope(form.body, 400);
    expect(await dataFingerprint(server.app)).toEqual(before);
  });

  it('refuses a body over 1 MB with HTTP 413 and the envelope', async () => {
    const before = await dataFingerprint(server.app);
    const { status, body } = await server.post(LEAD, {
      siteId: SITE_ID,
      message: 'x'.repeat(1024 * 1024 + 10),
    });
    expect(status).toBe(413);
    expectEnvelope(body, 413);
    expect(body.errorMessage).toBe('请求内容过大');
    expect(await dataFingerprint(server.app)).toEqual(before);
  });

  it('refuses an unsupported content type with HTTP 415', async () => {
    const { status, body } = await server.post(LIST, 'siteId=75', {
      headers: { 'content-type': 'text/csv' },
    });
    expect(status).toBe(415);
    expectEnvelope(body, 415);
  });

  it('accepts repeated keys and a POST with no body fields beyond siteId', async () => {
    const { body } = await server.post(LIST, 'siteId=75');
    expect(body.success).toBe(true);
  });

  it('gives every response a request id, and keeps a caller-supplied one', async () => {
    const mine = await server.post(
      LIST,
      { siteId: SITE_ID },
      { headers: { 'x-request-id': 'trace-12345678' } },
    );
    expect(mine.headers.get('x-request-id')).toBe('trace-12345678');
    const made = await server.post(LIST, { siteId: SITE_ID });
    expect(made.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('serves public reads from the short cache; a visitor’s lead does not refresh it, a staff change does', async () => {
    const first = await server.post(LIST, { siteId: SITE_ID, categoryId: 1881 });
    const target = first.body.datas[0];
    await server.app.db.update(article).set({ title: '刚刚修改的标题' }).where(eq(article.id, target.id));
    const cached = await server.post(LIST, { siteId: SITE_ID, categoryId: 1881 });
    expect(cached.body.datas[0].title).toBe(target.title);
    const created = await server.post(LEAD, {
      siteId: SITE_ID,
      privacyConsent: 'on',
      contactName: '赵老师',
      phone: '13700007777',
      schoolName: '缓存测试学校',
      region: '四川省成都市',
      schoolType: 'other',
      role: '教师',
    });
    expect(created.body.success).toBe(true);
    const still = await server.post(LIST, { siteId: SITE_ID, categoryId: 1881 });
    expect(still.body.datas[0].title).toBe(target.title);
    const s = await adminSessions(server);
    const { updatedAt: _u, ...settings } = only(await s.asAdmin(inquireSiteSettingsAdmin));
    const saved = await s.asAdmin(updateSiteSettingsAdmin, {
      ...settings,
      companyName: '悦讯科技（缓存测试）',
    });
    expect(saved.body.success, saved.text).toBe(true);
    const fresh = await server.post(LIST, { siteId: SITE_ID, categoryId: 1881 });
    expect(fresh.body.datas[0].title).toBe('刚刚修改的标题');
  });

  it('serves health and readiness', async () => {
    const health = await fetch(`${server.url}/healthz`);
    expect(await health.json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({
      status: 'ready',
      database: driver,
      version: productVersion,
      migration: codeMigration,
      codeMigration,
    });
  });

  it('documents every implemented action at /docs from the contract', async () => {
    const page = await fetch(`${server.url}/docs`);
    expect(page.status).toBe(200);
    const spec = (await (await fetch(`${server.url}/docs/json`)).json()) as {
      paths: Record<
        string,
        { post?: { requestBody?: { content: Record<string, { schema: { properties: object } }> } } }
      >;
    };
    for (const def of Object.values(actions)) {
      const op = spec.paths[actionPath(def)]?.post;
      expect(op, actionPath(def)).toBeDefined();
      const form = op?.requestBody?.content['application/x-www-form-urlencoded'];
      // The login body is a union (account or mobile): each branch carries siteId.
      expect(JSON.stringify(form?.schema), def.name).toContain('"siteId"');
    }
    for (const path of [
      '/fs/api/v1.0/uploadFile.json',
      '/fs/api/v1.0/viewPic.file',
      '/fs/api/v1.0/downloadFile.file',
    ]) {
      expect(spec.paths[path], path).toBeDefined();
    }
  });
});
