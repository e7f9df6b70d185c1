/** 登录方式 and 账号绑定 calls (contract: packages/contract/src/sso.ts). */
import {
  inquireIdentityBindingsAccount,
  inquireSignInSettingsAdmin,
  unbindIdentityAccount,
  updateSignInSettingsAdmin,
} from '@yuexun/contract';
import type { ActionArgs } from '@yuexun/request';
import { callOne, JSON_BODY } from './client';

export const loadSignInSettings = async () => callOne(inquireSignInSettingsAdmin);
export const saveSignInSettings = async (input: ActionArgs<typeof updateSignInSettingsAdmin>) =>
  callOne(updateSignInSettingsAdmin, input, JSON_BODY);
export const loadBindings = async () => callOne(inquireIdentityBindingsAccount);
export const unbindIdentity = async (bindingId: number) => callOne(unbindIdentityAccount, { bindingId });
