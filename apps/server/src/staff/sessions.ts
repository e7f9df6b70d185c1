import {
  BusinessCode,
  endSessionAccount,
  endStaffSessionsTenant,
  inquireSessionListAccount,
  inquireSignInHistoryAccount,
  inquireStaffSessionListTenant,
  inquireStaffSignInHistoryTenant,
  messages,
  ok,
} from '@yuexun/contract';
import { eq } from 'drizzle-orm';
import { account } from '../db/schema';
import { authOf } from '../http/auth-plugin';
import { implement } from '../http/registry';
import { signInHistory } from '../shared/auth/sign-in-history';
import { BusinessError } from '../shared/errors';
import { endSessions, listSessions } from './sessions.service';
import { readStaff } from './staff.service';
import { staffActor } from './staff-actor';

const notFoundWhenNone = ({ ended }: { ended: number }, asked: boolean) => {
  if (asked && ended === 0) throw new BusinessError(BusinessCode.NOT_FOUND, messages.sessionNotFound);
  return ok([{ ended }]);
};

export const sessionActions = [
  implement(inquireSessionListAccount, async ({ request, app }) => {
    const auth = authOf(request);
    return ok(await listSessions(app.db, { accountId: auth.accountId }, auth.sessionIdHash));
  }),
  implement(endSessionAccount, async ({ input, app, request, actor }) => {
    const auth = authOf(request);
    const [me] = await app.db
      .select({ name: account.name })
      .from(account)
      .where(eq(account.id, auth.accountId));
    const result = await endSessions(app.db, actor, {
      accountId: auth.accountId,
      sessionKey: input.others ? undefined : input.sessionKey,
      keepIdHash: auth.sessionIdHash,
      name: me?.name ?? '',
    });
    return notFoundWhenNone(result, !input.others);
  }),
  implement(inquireSignInHistoryAccount, async ({ input, request, app }) => {
    const { datas, paging } = await signInHistory(app.db, authOf(request).accountId, input);
    return ok(datas, paging);
  }),
  implement(inquireStaffSessionListTenant, async ({ input, request, app, actor }) => {
    const admin = staffActor(actor);
    const member = await readStaff(app.db, admin, input.employeeId);
    const sessions = await listSessions(
      app.db,
      { accountId: member.accountId, tenantId: admin.tenantId },
      authOf(request).sessionIdHash,
    );
    return ok(sessions);
  }),
  implement(endStaffSessionsTenant, async ({ input, request, app, actor }) => {
    const admin = staffActor(actor);
    const member = await readStaff(app.db, admin, input.employeeId);
    const result = await endSessions(app.db, admin, {
      accountId: member.accountId,
      tenantId: admin.tenantId,
      sessionKey: input.sessionKey,
      // An admin looking at their own row keeps the session they are using.
      keepIdHash: authOf(request).sessionIdHash,
      name: member.name,
    });
    return notFoundWhenNone(result, input.sessionKey !== undefined);
  }),
  implement(inquireStaffSignInHistoryTenant, async ({ input, app, actor }) => {
    const member = await readStaff(app.db, staffActor(actor), input.employeeId);
    const { datas, paging } = await signInHistory(app.db, member.accountId, input);
    return ok(datas, paging);
  }),
];
