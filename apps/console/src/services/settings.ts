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
