/**
 * 站点管理 → 广告转化 (settings.write) and the counts on 线索来源 (docs/decisions/053). The rules are in
 * ad-conversion-settings.service.ts and ad-conversions.service.ts; delivery in ad-conversions-plugin.ts.
 */
import {
  inquireAdConversionCountsAdmin,
  inquireAdConversionSettingsAdmin,
  ok,
  updateAdConversionSettingsAdmin,
} from '@yuexun/contract';
import { implement } from '../http/registry';
import { adConversionSettingsViewOf, updateAdConversionSettings } from './ad-conversion-settings.service';
import { countConversions } from './ad-conversions.service';

export const adConversionActions = [
  implement(inquireAdConversionSettingsAdmin, async ({ app }) =>
    ok([await adConversionSettingsViewOf(app.db)]),
  ),
  implement(updateAdConversionSettingsAdmin, async ({ input, app, actor }) => {
    await updateAdConversionSettings(app.db, actor, input, app.adConversions.checkWebhookUrl);
    return ok([await adConversionSettingsViewOf(app.db)]);
  }),
  implement(inquireAdConversionCountsAdmin, async ({ app }) => ok(await countConversions(app.db))),
];
