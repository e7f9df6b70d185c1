import { createRule, deleteRule, inquireRuleList, ok, updateRule } from '@yuexun/contract';
import { authOf } from '../http/auth-plugin';
import { implement } from '../http/registry';
import * as rules from './rule.service';

/** auth `tenant`: the registry has checked that a school is selected, so tenantId is set. */
const schoolOf = (request: Parameters<typeof authOf>[0]) => {
  const { accountId, tenantId } = authOf(request);
  return { accountId, tenantId: tenantId as number };
};

export const ruleActions = [
  implement(inquireRuleList, async ({ input, app, request }) => {
    const { items, paging } = await rules.listRules(app.db, schoolOf(request).tenantId, input);
    return ok(items, paging);
  }),
  implement(createRule, async ({ input, app, request }) =>
    ok([await rules.createRule(app.db, schoolOf(request), input)]),
  ),
  implement(updateRule, async ({ input, app, request }) =>
    ok([await rules.updateRule(app.db, schoolOf(request).tenantId, input.key, input)]),
  ),
  implement(deleteRule, async ({ input, app, request }) =>
    ok([{ deleted: await rules.deleteRules(app.db, schoolOf(request).tenantId, input.key) }]),
  ),
];
