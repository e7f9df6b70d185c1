/** 重定向与 404 记录 calls (store base, vendor admin): rules and the log of addresses that found nothing. */
import {
  createRedirectRuleAdmin,
  deleteNotFoundAdmin,
  deleteRedirectRuleAdmin,
  inquireNotFoundListAdmin,
  inquireRedirectRuleListAdmin,
  type RedirectRule,
  updateRedirectRuleAdmin,
} from '@yuexun/contract';
import { call, callList, callOne } from './client';

export type RuleInput = NonNullable<Parameters<typeof call<typeof createRedirectRuleAdmin>>[1]>;
export type RuleChange = Omit<
  NonNullable<Parameters<typeof call<typeof updateRedirectRuleAdmin>>[1]>,
  'ruleId' | 'version'
>;

export type RuleQuery = Parameters<typeof callList<typeof inquireRedirectRuleListAdmin>>[1];
export const listRules = (query: RuleQuery) => callList(inquireRedirectRuleListAdmin, query);

/** Field refusals (a loop, an outside host, a duplicate) are left to the form: quiet. */
export const createRule = async (input: RuleInput) =>
  callOne(createRedirectRuleAdmin, input, { quiet: true });

export const updateRule = async (rule: RedirectRule, change: RuleChange, quiet = false) =>
  callOne(updateRedirectRuleAdmin, { ...change, ruleId: rule.id, version: rule.version }, { quiet });

export const deleteRule = (rule: RedirectRule) =>
  call(deleteRedirectRuleAdmin, { ruleId: rule.id, version: rule.version });

export type NotFoundQuery = Parameters<typeof callList<typeof inquireNotFoundListAdmin>>[1];
export const listNotFound = (query: NotFoundQuery) => callList(inquireNotFoundListAdmin, query);

export const clearNotFound = (path: string) => call(deleteNotFoundAdmin, { path });
