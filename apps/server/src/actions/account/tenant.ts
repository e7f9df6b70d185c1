import {
  confirmRegisterEmployeeTenant,
  inquireRegisterEmployeeListTenant,
  inquireSchoolListPublic,
  ok,
  registerTeacherPublic,
} from '@yuexun/contract';
import { requireCaptcha } from '../../auth/captcha.service';
import { authOf } from '../../plugins/auth';
import { implement } from '../registry';
import { hashClientAddress } from '../store/lead.service';
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
