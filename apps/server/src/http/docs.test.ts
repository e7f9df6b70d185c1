/**
 * /docs/json is valid OpenAPI 3 and tells the truth about failures: real failure answers, each under the
 * HTTP status it came with, validate against the schema documented for that status (docs/decisions/022).
 */

import { Validator } from '@seriousme/openapi-schema-validator';
import {
  actionPath,
  actions,
  inquireArticleListByCondition,
  inquireLeadListAdmin,
  leadCsvExport,
  SITE_ID,
} from '@yuexun/contract';
import { Ajv } from 'ajv';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeader, sessionOf } from '../../test/accounts';
import { drivers, startServer, type TestServer } from '../../test/server';
import { session } from '../db/schema';
import { hashSessionId } from '../shared/auth/session-id';

const DOC_ID = 'https://yuexun.invalid/openapi.json';
const pointer = (...parts: string[]) =>
  parts.map((p) => p.replaceAll('~', '~0').replaceAll('/', '~1')).join('/');

describe.each(drivers)('the API description on %s', (driver) => {
  let server: TestServer;
  // biome-ignore lint/suspicious/noExplicitAny: an OpenAPI document read as JSON
  let spec: any;
  const ajv = new Ajv({ strict: false, allErrors: true });

  beforeAll(async () => {
    server = await startServer(driver);
    spec = await (await fetch(`${server.url}/docs/json`)).json();
    ajv.addSchema(spec, DOC_ID);
  });
  afterAll(() => server.close());

  /** Validates an answer against the schema the description gives for its path, method, status and type. */
  const expectDocumented = (
    path: string,
    method: 'get' | 'post',
    status: number,
    body: unknown,
    contentType = 'application/json',
  ) => {
    const responses = spec.paths[path]?.[method]?.responses;
    expect(responses?.[status], `${method} ${path} documents ${status}`).toBeDefined();
    const validate = ajv.getSchema(
      `${DOC_ID}#/${pointer('paths', path, method, 'responses', String(status), 'content', contentType, 'schema')}`,
    );
    if (!validate) throw new Error(`no schema for ${method} ${path} ${status} ${contentType}`);
    expect(validate(body), JSON.stringify(validate.errors)).toBe(true);
  };

  it('validates as OpenAPI 3', async () => {
    const result = await new Validator().validate(spec);
    expect(result).toEqual({ valid: true });
    expect(spec.openapi).toMatch(/^3\./);
  });

  it('documents siteId as the constant 75, both content types and both envelopes for every action', () => {
    for (const def of Object.values(actions)) {
      const op = spec.paths[actionPath(def)].post;
      expect(Object.keys(op.requestBody.content).sort()).toEqual([
        'application/json',
        'application/x-www-form-urlencoded',
      ]);
      const body = JSON.stringify(op.requestBody.content['application/json'].schema);
      expect(body).toContain(`"siteId":{"type":"integer","enum":[${SITE_ID}]`);
      expect(body).not.toMatch(/"siteId":\{"type":"number"/);
      const answers = JSON.stringify(op.responses[200]);
      expect(answers, def.name).toContain('#/components/schemas/FailureEnvelope');
      expect(Object.keys(op.responses).sort()).toEqual(['200', '400', '413', '415', '500']);
    }
    const failure = spec.components.schemas.FailureEnvelope;
    expect(failure.required).toEqual(expect.arrayContaining(['errorCode', 'errorMessage', 'showType']));
    expect(failure.properties.errorCode.enum).toEqual(expect.arrayContaining([400, 401, 402, 403, 405, 406]));
    for (const path of ['/fs/api/v1.0/uploadFile.json', '/fs/api/v1.0/viewPic.file', leadCsvExport.path])
      expect(JSON.stringify(spec.paths[path]), path).toContain('FailureEnvelope');
  });

  it('describes real failures under the HTTP status they are sent with', async () => {
    const leads = actionPath(inquireLeadListAdmin);
    const list = actionPath(inquireArticleListByCondition);

    // 401 未登录, as HTTP 200.
    const anonymous = await server.post(leads, { siteId: SITE_ID, pageIndex: 1, pageSize: 10 });
    expect([anonymous.status, anonymous.body.errorCode]).toEqual([200, 401]);
    expectDocumented(leads, 'post', 200, anonymous.body);

    // 403 无权限 for a school's admin, as HTTP 200.
    const school = await sessionOf(server, 'qingxi');
    const refused = await server.post(leads, { siteId: SITE_ID }, { headers: cookieHeader(school) });
    expect([refused.status, refused.body.errorCode]).toEqual([200, 403]);
    expectDocumented(leads, 'post', 200, refused.body);

    // 402 会话已过期, as HTTP 200.
    const stale = await sessionOf(server, 'user');
    await server.app.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(session.idHash, hashSessionId(stale)));
    const expired = await server.post(leads, { siteId: SITE_ID }, { headers: cookieHeader(stale) });
    expect([expired.status, expired.body.errorCode]).toEqual([200, 402]);
    expectDocumented(leads, 'post', 200, expired.body);

    // 400 参数错误 naming the field, as HTTP 200.
    const invalid = await server.post(list, { siteId: 76 });
    expect([invalid.status, invalid.body.errorCode]).toEqual([200, 400]);
    expect(invalid.body.errors[0].field).toBe('siteId');
    expectDocumented(list, 'post', 200, invalid.body);

    // A body that cannot be parsed: HTTP 400; a content type not accepted: HTTP 415.
    const broken = await server.post(list, '{"siteId": 75,', { json: true });
    expect([broken.status, broken.body.errorCode]).toEqual([400, 400]);
    expectDocumented(list, 'post', 400, broken.body);
    const csv = await server.post(list, 'siteId=75', { headers: { 'content-type': 'text/csv' } });
    expect([csv.status, csv.body.errorCode]).toEqual([415, 415]);
    expectDocumented(list, 'post', 415, csv.body);

    // A missing picture: HTTP 404 with the envelope.
    const pic = await fetch(`${server.url}/fs/api/v1.0/viewPic.file?fileUuid=${crypto.randomUUID()}`);
    expect(pic.status).toBe(404);
    expectDocumented('/fs/api/v1.0/viewPic.file', 'get', 404, await pic.json());

    // The lead CSV refused: the envelope as JSON under HTTP 200.
    const exportRes = await fetch(`${server.url}${leadCsvExport.path}`, { headers: cookieHeader(school) });
    expect(exportRes.status).toBe(200);
    expectDocumented(leadCsvExport.path, 'get', 200, await exportRes.json());

    // And a success still matches its own documented shape.
    const okList = await server.post(list, { siteId: SITE_ID, pageSize: 2 });
    expect(okList.body.success).toBe(true);
    expectDocumented(list, 'post', 200, okList.body);
  });
});
