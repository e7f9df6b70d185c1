/** Rule table calls (contract: packages/contract/src/rules.ts). */
import { actions } from '@yuexun/contract';
import type { ActionArgs } from '@yuexun/request';
import { call, callList } from './client';

export type RuleQuery = ActionArgs<typeof actions.inquireRuleList> & {
  pageIndex?: number;
  pageSize?: number;
};

export const queryRules = (query: RuleQuery) => callList(actions.inquireRuleList, query);
export const addRule = (input: ActionArgs<typeof actions.createRule>) => call(actions.createRule, input);
export const saveRule = (input: ActionArgs<typeof actions.updateRule>) => call(actions.updateRule, input);
export const removeRules = (keys: number[]) => call(actions.deleteRule, { key: keys });
