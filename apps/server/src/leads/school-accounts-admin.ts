/** 客户 console actions (decision 058): schools and their page, the lead's school, merges and their undo. */
import {
  inquireSchoolAccountAdmin,
  inquireSchoolAccountListAdmin,
  mergeLeadsAdmin,
  mergeSchoolAccountsAdmin,
  ok,
  setLeadSchoolAccountAdmin,
  undoLeadMergeAdmin,
} from '@yuexun/contract';
import { authOf } from '../http/auth-plugin';
import { implement } from '../http/registry';
import { mergeLeads, mergeSchoolAccounts, undoMerge } from './lead-merge.service';
import { leadOwnerLimitOf } from './lead-visibility';
import { listSchoolAccounts, schoolAccountDetail, setLeadSchoolAccount } from './school-accounts.service';

export const schoolAccountActions = [
  implement(inquireSchoolAccountListAdmin, async ({ input, app, request }) => {
    const { items, paging } = await listSchoolAccounts(app.db, input, leadOwnerLimitOf(authOf(request)));
    return ok(items, paging);
  }),
  implement(inquireSchoolAccountAdmin, async ({ input, app, request }) =>
    ok([await schoolAccountDetail(app.db, input.schoolAccountId, leadOwnerLimitOf(authOf(request)))]),
  ),
  implement(setLeadSchoolAccountAdmin, async ({ input, app, request, actor }) =>
    ok([await setLeadSchoolAccount(app.db, actor, input, leadOwnerLimitOf(authOf(request)))]),
  ),
  implement(mergeLeadsAdmin, async ({ input, app, actor }) =>
    ok([await mergeLeads(app.db, actor, input.sourceLeadId, input.targetLeadId)]),
  ),
  implement(mergeSchoolAccountsAdmin, async ({ input, app, actor }) =>
    ok([await mergeSchoolAccounts(app.db, actor, input.sourceAccountId, input.targetAccountId)]),
  ),
  implement(undoLeadMergeAdmin, async ({ input, app, actor }) =>
    ok([await undoMerge(app.db, actor, input.mergeId)]),
  ),
];
