import {
  changePasswordAccount,
  confirmMfaEnrolmentAccount,
  disableMfaAccount,
  inquireAccountSettingsAccount,
  ok,
  regenerateMfaRecoveryCodesAccount,
  saveAccountBasicAccount,
  saveAccountPreferencesAccount,
  sendBackupEmailCodeAccount,
  startMfaEnrolmentAccount,
  verifyBackupEmailAccount,
} from '@yuexun/contract';
import type { FastifyInstance } from 'fastify';
import { authOf } from '../http/auth-plugin';
import { implement } from '../http/registry';
import type { Actor } from '../shared/audit';
import * as security from './security.service';
import * as settings from './settings.service';

const securityContext = (app: FastifyInstance, actor: Actor): security.SecurityContext => ({
  db: app.db,
  actor,
  limits: {
    failuresPerAccount: app.config.loginFailuresPerAccount,
    failuresPerIp: app.config.loginFailuresPerIp,
  },
});

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
  implement(changePasswordAccount, async ({ input, app, request, actor }) =>
    ok([
      await settings.changePassword(
        app.db,
        { ...authOf(request), actor },
        input.oldPassword,
        input.newPassword,
      ),
    ]),
  ),
  implement(startMfaEnrolmentAccount, async ({ app, request }) =>
    ok([await security.startEnrolment(app.db, authOf(request).accountId)]),
  ),
  implement(confirmMfaEnrolmentAccount, async ({ input, app, actor }) =>
    ok([await security.confirmEnrolment(securityContext(app, actor), input.code)]),
  ),
  implement(disableMfaAccount, async ({ input, app, actor }) => {
    await security.disableMfa(securityContext(app, actor), input.code);
    return ok([{}]);
  }),
  implement(regenerateMfaRecoveryCodesAccount, async ({ input, app, actor }) =>
    ok([await security.regenerateRecoveryCodes(securityContext(app, actor), input.code)]),
  ),
  implement(sendBackupEmailCodeAccount, async ({ input, app, request }) =>
    ok([
      await security.sendBackupEmailCode(
        app.db,
        {
          smtp: app.config.mail,
          timeoutMs: app.config.alerts.timeoutMs,
          log: app.log,
          counted: (outcome) => app.metrics.mail.inc({ purpose: 'account', outcome }),
        },
        authOf(request).accountId,
        input.email,
      ),
    ]),
  ),
  implement(verifyBackupEmailAccount, async ({ input, app, actor }) =>
    ok([await security.verifyBackupEmail(app.db, actor, input.code)]),
  ),
];
