import {
  inquireSiteSettingsAdmin,
  inquireSiteSettingsRevisionListAdmin,
  ok,
  updateSiteSettingsAdmin,
} from '@yuexun/contract';
import { implement } from '../http/registry';
import { listSiteSettingsRevisions, readSiteSettings, updateSiteSettings } from './site-settings.service';

export const siteSettingsActions = [
  implement(inquireSiteSettingsAdmin, async ({ app }) => ok([await readSiteSettings(app.db)])),
  implement(updateSiteSettingsAdmin, async ({ input, app, actor }) => {
    const { siteId: _siteId, version, ...values } = input;
    return ok([await updateSiteSettings(app.db, actor, version, values)]);
  }),
  implement(inquireSiteSettingsRevisionListAdmin, async ({ input, app }) => {
    const { items, paging } = await listSiteSettingsRevisions(app.db, input);
    return ok(items, paging);
  }),
];
