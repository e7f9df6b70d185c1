/** The calls the staff tests make, over a server and the demo admin's session set up by the test file. */
import {
  type ActionDef,
  actionPath,
  createStaffTenant,
  inquirePasswordLinkPublic,
  SITE_ID,
  setPasswordByLinkPublic,
} from '@yuexun/contract';
import { callAs, freshPhone, loginWithPassword } from './accounts';
import { only } from './admin';
import type { TestServer } from './server';

/** A colleague's password that passes the password rules. */
export const STAFF_PASSWORD = 'Colleague-2026x';

export const staffCalls = (server: () => TestServer, admin: () => string) => {
  const asAdmin = (def: ActionDef, body: Record<string, unknown> = {}) =>
    callAs(server(), def, admin(), body);
  return {
    asAdmin,
    link: (token: string) => server().post(actionPath(inquirePasswordLinkPublic), { siteId: SITE_ID, token }),
    setPassword: (token: string, newPassword = STAFF_PASSWORD) =>
      server().post(actionPath(setPasswordByLinkPublic), { siteId: SITE_ID, token, newPassword }),
    create: async (body: Record<string, unknown>) =>
      only(
        await asAdmin(createStaffTenant, { name: '周老师', phone: freshPhone(), access: 'user', ...body }),
      ),
    signIn: async (username: string, password = STAFF_PASSWORD) =>
      (await loginWithPassword(server(), username, password)).body,
  };
};
