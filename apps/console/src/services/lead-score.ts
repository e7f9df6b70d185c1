/** 线索评分规则 calls (contract: packages/contract/src/lead-score.ts). */
import { inquireLeadScoreRulesAdmin, updateLeadScoreRulesAdmin } from '@yuexun/contract';
import type { ActionArgs } from '@yuexun/request';
import { callOne, JSON_BODY } from './client';

export const loadLeadScoreRules = async () => callOne(inquireLeadScoreRulesAdmin);
export const saveLeadScoreRules = async (input: ActionArgs<typeof updateLeadScoreRulesAdmin>) =>
  callOne(updateLeadScoreRulesAdmin, input, JSON_BODY);
