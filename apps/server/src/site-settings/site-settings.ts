import {
  inquireSiteSettingsAdmin,
  inquireSiteSettingsRevisionListAdmin,
  ok,
  updateSiteSettingsAdmin,
} from '@yuexun/contract';
import { implement } from '../http/registry';
import { actorOf } from '../shared/audit';
import { listSiteSettingsRevisions, readSiteSettings, updateSiteSettings } from './site-settings.service';

export const siteSettingsActions = [
  implement(inquireSiteSettingsAdmin, async ({ app }) => ok([await readSiteSettings(app.db)])),
  implement(updateSiteSettingsAdmin, async ({ input, app, request }) => {
    const { siteId: _siteId, version, ...values } = input;
    return ok([await updateSiteSettings(app.db, actorOf(app, request), version, values)]);
  }),
  implement(inquireSiteSettingsRevisionListAdmin, async ({ input, app }) => {
    const { items, paging } = await listSiteSettingsRevisions(app.db, input);
    return ok(items, paging);
  }),
];
