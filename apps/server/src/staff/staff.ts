import {
  changeStaffStatusTenant,
  createStaffTenant,
  inquireMfaPolicyTenant,
  inquirePasswordLinkPublic,
  inquireStaffListTenant,
  ok,
  resetStaffMfaTenant,
  resetStaffPasswordTenant,
  saveMfaPolicyTenant,
  setPasswordByLinkPublic,
  unlockStaffTenant,
  updateStaffTenant,
} from '@yuexun/contract';
import { implement } from '../http/registry';
import { hashClientAddress } from '../shared/client-address';
import { describePasswordLink, setPasswordByLink } from './password-link.service';
import {
  changeStaffStatus,
  listStaff,
  readMfaPolicy,
  resetStaffMfa,
  saveMfaPolicy,
  unlockStaff,
  updateStaff,
} from './staff.service';
import { staffActor } from './staff-actor';
import { createStaff, resetStaffPassword } from './staff-create.service';

export const staffActions = [
  implement(inquireStaffListTenant, async ({ input, request, app }) => {
    const { datas, paging } = await listStaff(app.db, staffActor(app, request), input);
    return ok(datas, paging);
  }),
  implement(createStaffTenant, async ({ input, request, app }) =>
    ok([await createStaff(app.db, staffActor(app, request), input)]),
  ),
  implement(updateStaffTenant, async ({ input, request, app }) =>
    ok([await updateStaff(app.db, staffActor(app, request), input)]),
  ),
  implement(changeStaffStatusTenant, async ({ input, request, app }) =>
    ok([await changeStaffStatus(app.db, staffActor(app, request), input.employeeId, input.status)]),
  ),
  implement(resetStaffPasswordTenant, async ({ input, request, app }) =>
    ok([await resetStaffPassword(app.db, staffActor(app, request), input.employeeId)]),
  ),
  implement(unlockStaffTenant, async ({ input, request, app }) =>
    ok([await unlockStaff(app.db, staffActor(app, request), input.employeeId)]),
  ),
  implement(resetStaffMfaTenant, async ({ input, request, app }) =>
    ok([await resetStaffMfa(app.db, staffActor(app, request), input.employeeId)]),
  ),
  implement(inquirePasswordLinkPublic, async ({ input, app }) =>
    ok([await describePasswordLink(app.db, input.token)]),
  ),
  implement(setPasswordByLinkPublic, async ({ input, request, app }) =>
    ok([
      await setPasswordByLink(
        app.db,
        input.token,
        input.newPassword,
        hashClientAddress(request.ip, app.secrets.ipHash),
      ),
    ]),
  ),
  implement(inquireMfaPolicyTenant, async ({ request, app }) =>
    ok([await readMfaPolicy(app.db, staffActor(app, request))]),
  ),
  implement(saveMfaPolicyTenant, async ({ input, request, app }) =>
    ok([await saveMfaPolicy(app.db, staffActor(app, request), input.mfaRequiredForAdmins)]),
  ),
];
