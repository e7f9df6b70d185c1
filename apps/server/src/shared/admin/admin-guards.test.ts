/**
 * Every admin action of the contract, called through the real server: 401 without a session,
 * 403 for the demo `user` (a non-admin employee), and nothing stored by either refusal.
 */
import { actionPath, actions, SITE_ID } from '@yuexun/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminSessions, adminSessions } from '../../../test/admin';
import { drivers, startServer, type TestServer } from '../../../test/server';
import { dataFingerprint } from '../../../test/snapshot';

const adminActions = Object.values(actions).filter((def) => def.auth === 'admin');

describe.each(drivers)('admin actions on %s', (driver) => {
  let server: TestServer;
  let sessions: AdminSessions;
  beforeAll(async () => {
    server = await startServer(driver);
    sessions = await adminSessions(server);
  });
  afterAll(() => server.close());

  it('covers the console management actions', () => {
    const names = adminActions.map((d) => d.name);
    for (const name of ['createArticleAdmin', 'moveCategoryAdmin', 'updateLeadAdmin', 'deleteFileAdmin'])
      expect(names).toContain(name);
  });

  it('answers 401 without a session and 403 for a non-admin, changing nothing', async () => {
    const before = await dataFingerprint(server.app);
    for (const def of adminActions) {
      const anonymous = await server.post(actionPath(def), { siteId: SITE_ID });
      expect(anonymous.body, def.name).toMatchObject({ success: false, errorCode: 401 });
      const user = await sessions.asUser(def, {});
      expect(user.body, def.name).toMatchObject({ success: false, errorCode: 403 });
    }
    expect(await dataFingerprint(server.app)).toEqual(before);
  });

  it('refuses the CSV export without a session and for a non-admin', async () => {
    const path = '/store/api/v1.0/exportLeadCsvAdmin.file';
    const anonymous = await fetch(`${server.url}${path}`);
    expect(await anonymous.json()).toMatchObject({ success: false, errorCode: 401 });
    const user = await fetch(`${server.url}${path}`, { headers: { cookie: `yx_sid=${sessions.userSid}` } });
    expect(await user.json()).toMatchObject({ success: false, errorCode: 403 });
  });
});
