import { createRule, deleteRule, inquireRuleList, ok, updateRule } from '@yuexun/contract';
import { authOf } from '../../plugins/auth';
import { implement } from '../registry';
import * as rules from './rule.service';

export const ruleActions = [
  implement(inquireRuleList, async ({ input, app }) => {
    const { items, paging } = await rules.listRules(app.db, input);
    return ok(items, paging);
  }),
  implement(createRule, async ({ input, app, request }) =>
    ok([await rules.createRule(app.db, authOf(request).accountId, input)]),
  ),
  implement(updateRule, async ({ input, app }) => ok([await rules.updateRule(app.db, input.key, input)])),
  implement(deleteRule, async ({ input, app }) =>
    ok([{ deleted: await rules.deleteRules(app.db, input.key) }]),
  ),
];
