/**
 * defineRoute applies the actions' checks: a route that needs a login answers an anonymous request exactly as
 * an action does, and a cross-site POST is refused with the actions' envelope. Checked on routes registered
 * through it (the lead export, the upload) beside real actions.
 */
import { actionPath, fileUrls, inquireLeadListAdmin, leadCsvExport, updateLeadAdmin } from '@yuexun/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../test/server';

const FOREIGN = { origin: 'https://evil.example' };

describe('routes registered by defineRoute', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer('pglite');
  });
  afterAll(() => server.close());

  it('a route needing a login answers a request without a session as an action does', async () => {
    const action = await server.post(actionPath(inquireLeadListAdmin), {});
    const route = await server.post(leadCsvExport.path, {}, { method: 'GET' });
    expect(action.body.success).toBe(false);
    expect([route.status, route.body]).toEqual([action.status, action.body]);
  });

  it('a cross-site POST is refused with the same status and envelope as for a state-changing action', async () => {
    const action = await server.post(actionPath(updateLeadAdmin), { id: 1 }, { headers: FOREIGN });
    const form = new FormData();
    form.append('file', new Blob([Buffer.from('hello')]), 'a.txt');
    const res = await fetch(`${server.url}${fileUrls.upload}`, {
      method: 'POST',
      body: form,
      headers: FOREIGN,
    });
    expect(action.body).toMatchObject({ success: false, errorMessage: '跨站请求已被拒绝，请从本站页面提交' });
    expect([res.status, await res.json()]).toEqual([action.status, action.body]);
  });
});
