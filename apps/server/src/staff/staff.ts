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
import { changeStaffStatus, listStaff, unlockStaff, updateStaff } from './staff.service';
import { staffActor } from './staff-actor';
import { createStaff, resetStaffPassword } from './staff-create.service';
import { readMfaPolicy, resetStaffMfa, saveMfaPolicy } from './staff-mfa.service';

export const staffActions = [
  implement(inquireStaffListTenant, async ({ input, app, actor }) => {
    const { datas, paging } = await listStaff(app.db, staffActor(actor), input);
    return ok(datas, paging);
  }),
  implement(createStaffTenant, async ({ input, app, actor }) =>
    ok([await createStaff(app.db, staffActor(actor), input)]),
  ),
  implement(updateStaffTenant, async ({ input, app, actor }) =>
    ok([await updateStaff(app.db, staffActor(actor), input)]),
  ),
  implement(changeStaffStatusTenant, async ({ input, app, actor }) =>
    ok([await changeStaffStatus(app.db, staffActor(actor), input.employeeId, input.status)]),
  ),
  implement(resetStaffPasswordTenant, async ({ input, app, actor }) =>
    ok([await resetStaffPassword(app.db, staffActor(actor), input.employeeId)]),
  ),
  implement(unlockStaffTenant, async ({ input, app, actor }) =>
    ok([await unlockStaff(app.db, staffActor(actor), input.employeeId)]),
  ),
  implement(resetStaffMfaTenant, async ({ input, app, actor }) =>
    ok([await resetStaffMfa(app.db, staffActor(actor), input.employeeId)]),
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
  implement(inquireMfaPolicyTenant, async ({ app, actor }) =>
    ok([await readMfaPolicy(app.db, staffActor(actor))]),
  ),
  implement(saveMfaPolicyTenant, async ({ input, app, actor }) =>
    ok([await saveMfaPolicy(app.db, staffActor(actor), input.mfaRequiredForAdmins)]),
  ),
];
