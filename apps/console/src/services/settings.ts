/** Account settings calls (contract: packages/contract/src/settings.ts). */
import { actions } from '@yuexun/contract';
import type { ActionArgs } from '@yuexun/request';
import { call } from './client';

export const querySettings = async () => (await call(actions.inquireAccountSettingsAccount)).datas[0];
export const saveBasic = (input: ActionArgs<typeof actions.saveAccountBasicAccount>) =>
  call(actions.saveAccountBasicAccount, input);
export const savePreferences = (input: Partial<ActionArgs<typeof actions.saveAccountPreferencesAccount>>) =>
  call(actions.saveAccountPreferencesAccount, input);
export const changePassword = (oldPassword: string, newPassword: string) =>
  call(actions.changePasswordAccount, { oldPassword, newPassword });

/** Two-factor sign-in and the backup e-mail (contract: packages/contract/src/mfa.ts). */
export const startMfaEnrolment = async () => (await call(actions.startMfaEnrolmentAccount)).datas[0];
/** Quiet: a wrong code is shown on the code field. */
export const confirmMfaEnrolment = async (code: string) =>
  (await call(actions.confirmMfaEnrolmentAccount, { code }, { quiet: true })).datas[0];
export const disableMfa = (code: string) => call(actions.disableMfaAccount, { code }, { quiet: true });
export const regenerateRecoveryCodes = async (code: string) =>
  (await call(actions.regenerateMfaRecoveryCodesAccount, { code }, { quiet: true })).datas[0];
export const sendBackupEmailCode = async (email: string) =>
  (await call(actions.sendBackupEmailCodeAccount, { email }, { quiet: true })).datas[0];
export const verifyBackupEmail = async (code: string) =>
  (await call(actions.verifyBackupEmailAccount, { code }, { quiet: true })).datas[0];
