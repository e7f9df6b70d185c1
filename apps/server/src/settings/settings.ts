import {
  changePasswordAccount,
  inquireAccountSettingsAccount,
  ok,
  saveAccountBasicAccount,
  saveAccountPreferencesAccount,
} from '@yuexun/contract';
import { authOf } from '../http/auth-plugin';
import { implement } from '../http/registry';
import * as settings from './settings.service';

export const settingsActions = [
  implement(inquireAccountSettingsAccount, async ({ app, request }) =>
    ok([await settings.readSettings(app.db, authOf(request).accountId)]),
  ),
  implement(saveAccountBasicAccount, async ({ input, app, request }) => {
    const { siteId: _siteId, ...basic } = input;
    return ok([await settings.saveBasic(app.db, authOf(request).accountId, basic)]);
  }),
  implement(saveAccountPreferencesAccount, async ({ input, app, request }) => {
    const { siteId: _siteId, ...preferences } = input;
    return ok([await settings.savePreferences(app.db, authOf(request).accountId, preferences)]);
  }),
  implement(changePasswordAccount, async ({ input, app, request }) =>
    ok([await settings.changePassword(app.db, authOf(request), input.oldPassword, input.newPassword)]),
  ),
];
