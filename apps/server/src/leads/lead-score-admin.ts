/** 线索评分规则 (staff with leads.scoring): read, and save with every lead rescored (decision 057). */
import { inquireLeadScoreRulesAdmin, ok, updateLeadScoreRulesAdmin } from '@yuexun/contract';
import { implement } from '../http/registry';
import { readScoreRules, saveScoreRules, scoreRulesRecord } from './lead-score.service';

export const leadScoreActions = [
  implement(inquireLeadScoreRulesAdmin, async ({ app }) =>
    ok([scoreRulesRecord(await readScoreRules(app.db))]),
  ),
  implement(updateLeadScoreRulesAdmin, async ({ input, app, actor }) =>
    ok([await saveScoreRules(app.db, actor, input.rules, input.version)]),
  ),
];
