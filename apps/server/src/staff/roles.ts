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
  implement(inquireRoleListTenant, async ({ app, actor }) => ok(await listRoles(app.db, staffActor(actor)))),
  implement(createRoleTenant, async ({ input, app, actor }) =>
    ok([await createRole(app.db, staffActor(actor), input)]),
  ),
  implement(updateRoleTenant, async ({ input, app, actor }) =>
    ok([await updateRole(app.db, staffActor(actor), input)]),
  ),
  implement(deleteRoleTenant, async ({ input, app, actor }) =>
    ok([await deleteRole(app.db, staffActor(actor), input.roleId)]),
  ),
  implement(setRoleMfaRequiredTenant, async ({ input, app, actor }) =>
    ok([await setRoleMfaRequired(app.db, staffActor(actor), input.roleId, input.mfaRequired)]),
  ),
];
