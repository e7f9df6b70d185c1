/** The console's bell: one's own notices and marking them read (shared/staff-notices.ts). */
import { inquireStaffNoticeListAccount, ok, readStaffNoticeAccount } from '@yuexun/contract';
import { authOf } from '../http/auth-plugin';
import { implement } from '../http/registry';
import { markStaffNoticesRead, staffNoticesOf } from '../shared/staff-notices';

export const staffNoticeActions = [
  implement(inquireStaffNoticeListAccount, async ({ app, request }) =>
    ok([await staffNoticesOf(app.db, authOf(request).accountId)]),
  ),
  implement(readStaffNoticeAccount, async ({ input, app, request }) => {
    const { accountId } = authOf(request);
    await markStaffNoticesRead(app.db, accountId, input.all ? undefined : input.noticeId);
    return ok([await staffNoticesOf(app.db, accountId)]);
  }),
];
