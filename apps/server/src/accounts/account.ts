import {
  inquireCurrentAccountEmployeeInfoAccount,
  inquireOperationCodeListByProductAccount,
  inquireProductUsableListAccount,
  inquireTenantListAccount,
  ok,
  switchTenantAccount,
} from '@yuexun/contract';
import { authOf } from '../http/auth-plugin';
import { implement } from '../http/registry';
import {
  currentAccountEmployee,
  operationCodesFor,
  switchTenant,
  tenantOptionsOf,
  usableProducts,
} from './account.service';

export const accountActions = [
  implement(inquireCurrentAccountEmployeeInfoAccount, async ({ request, app }) =>
    ok([await currentAccountEmployee(app.db, authOf(request))]),
  ),

  implement(inquireProductUsableListAccount, async ({ request, app }) =>
    ok(await usableProducts(app.db, authOf(request).tenantId)),
  ),

  implement(inquireOperationCodeListByProductAccount, async ({ input, request, app }) => {
    const auth = authOf(request);
    const tenantId = auth.tenantId as number;
    return ok(await operationCodesFor(app.db, { ...auth, tenantId }, input));
  }),

  implement(inquireTenantListAccount, async ({ request, app }) =>
    ok(await tenantOptionsOf(app.db, authOf(request))),
  ),

  implement(switchTenantAccount, async ({ input, request, app }) => {
    const auth = authOf(request);
    await switchTenant(app.db, auth, input.tenantId);
    const switched = await app.accounts.currentUser(request);
    return ok(switched ? [switched] : []);
  }),
];
