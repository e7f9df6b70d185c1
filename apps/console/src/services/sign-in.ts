/** 登录方式 and 账号绑定 calls (contract: packages/contract/src/sso.ts, sso-log.ts). */
import {
  inquireIdentityBindingsAccount,
  inquireSignInSettingsAdmin,
  inquireSsoSignInLogAdmin,
  testSsoConnectionAdmin,
  unbindIdentityAccount,
  updateSignInSettingsAdmin,
} from '@yuexun/contract';
import type { ActionArgs } from '@yuexun/request';
import { callList, callOne, JSON_BODY } from './client';

export const loadSignInSettings = async () => callOne(inquireSignInSettingsAdmin);
export const saveSignInSettings = async (input: ActionArgs<typeof updateSignInSettingsAdmin>) =>
  callOne(updateSignInSettingsAdmin, input, JSON_BODY);
export const loadBindings = async () => callOne(inquireIdentityBindingsAccount);
export const unbindIdentity = async (bindingId: number) => callOne(unbindIdentityAccount, { bindingId });
export const loadSsoSignInLog = async (pageIndex: number, pageSize: number) =>
  callList(inquireSsoSignInLogAdmin, { pageIndex, pageSize });
export const testSsoConnection = async (issuer: string | undefined) =>
  callOne(testSsoConnectionAdmin, issuer ? { issuer } : {});
