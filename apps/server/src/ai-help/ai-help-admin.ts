/** 站点管理 → AI 助手 (settings.write, docs/decisions/055): the settings and this month's use per person. */
import { inquireAiSettingsAdmin, inquireAiUsageAdmin, ok, updateAiSettingsAdmin } from '@yuexun/contract';
import { implement } from '../http/registry';
import { aiSettingsViewOf, updateAiSettings } from './ai-settings.service';
import { listAiUsage } from './ai-usage.service';

export const aiHelpActions = [
  implement(inquireAiSettingsAdmin, async ({ app }) => ok([await aiSettingsViewOf(app.db)])),
  implement(updateAiSettingsAdmin, async ({ input, app, actor }) => {
    await updateAiSettings(app.db, actor, input, app.aiHelp.checkBaseUrl);
    return ok([await aiSettingsViewOf(app.db)]);
  }),
  implement(inquireAiUsageAdmin, async ({ app }) => ok(await listAiUsage(app.db))),
];
