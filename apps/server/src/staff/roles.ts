/** 角色管理's actions (contract roles.ts): the roles of the selected organisation. */
import {
  createRoleTenant,
  deleteRoleTenant,
  inquireRoleListTenant,
  ok,
  setRoleMfaRequiredTenant,
  updateRoleTenant,
} from '@yuexun/contract';
import { implement } from '../http/registry';
import { createRole, deleteRole, listRoles, setRoleMfaRequired, updateRole } from './roles.service';
import { staffActor } from './staff-actor';

export const roleActions = [
  implement(inquireRoleListTenant, async ({ request, app }) =>
    ok(await listRoles(app.db, staffActor(app, request))),
  ),
  implement(createRoleTenant, async ({ input, request, app }) =>
    ok([await createRole(app.db, staffActor(app, request), input)]),
  ),
  implement(updateRoleTenant, async ({ input, request, app }) =>
    ok([await updateRole(app.db, staffActor(app, request), input)]),
  ),
  implement(deleteRoleTenant, async ({ input, request, app }) =>
    ok([await deleteRole(app.db, staffActor(app, request), input.roleId)]),
  ),
  implement(setRoleMfaRequiredTenant, async ({ input, request, app }) =>
    ok([await setRoleMfaRequired(app.db, staffActor(app, request), input.roleId, input.mfaRequired)]),
  ),
];
