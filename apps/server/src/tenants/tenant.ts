import {
  confirmRegisterEmployeeTenant,
  inquireRegisterEmployeeListTenant,
  inquireSchoolListPublic,
  ok,
  registerTeacherPublic,
} from '@yuexun/contract';
import { authOf } from '../http/auth-plugin';
import { implement } from '../http/registry';
import { requireCaptcha } from '../shared/auth/captcha';
import { hashClientAddress } from '../shared/client-address';
import {
  applyAsTeacher,
  decideRegistration,
  existingApplication,
  listRegistrations,
  listSchools,
} from './tenant.service';

export const tenantActions = [
  implement(inquireRegisterEmployeeListTenant, async ({ input, request, app }) => {
    const { datas, paging } = await listRegistrations(app.db, authOf(request).tenantId as number, input);
    return ok(datas, paging);
  }),

  implement(confirmRegisterEmployeeTenant, async ({ input, request, app }) => {
    const auth = authOf(request);
    const actor = {
      accountId: auth.accountId,
      tenantId: auth.tenantId as number,
      ipHash: hashClientAddress(request.ip, app.secrets.ipHash),
    };
    return ok([await decideRegistration(app.db, actor, input)]);
  }),

  implement(inquireSchoolListPublic, async ({ input, app }) => ok(await listSchools(app.db, input.keyword))),

  implement(registerTeacherPublic, async ({ input, app }) => {
    // The school and duplicates are checked before the code is spent, so a mistake costs no new SMS.
    const previous = await existingApplication(app.db, input.tenantId, input.phone);
    await requireCaptcha(app.db, app.secrets.ipHash, input.phone, 'register', input.captcha);
    return ok([await applyAsTeacher(app.db, input, previous)]);
  }),
];
