/** 登录方式 and 账号绑定 calls (contract: packages/contract/src/sso.ts, sso-log.ts, scan-login.ts, wecom-contact.ts). */
import {
  inquireIdentityBindingsAccount,
  inquireLeaverSyncAdmin,
  inquireScanLoginAdmin,
  inquireSignInSettingsAdmin,
  inquireSsoSignInLogAdmin,
  inquireWecomContactSettingsAdmin,
  runLeaverSyncAdmin,
  type ScanPlatform,
  type ScanPlatformView,
  testScanLoginAdmin,
  testSsoConnectionAdmin,
  unbindIdentityAccount,
  updateLeaverSyncAdmin,
  updateScanLoginAdmin,
  updateSignInSettingsAdmin,
  updateWecomContactSettingsAdmin,
} from '@yuexun/contract';
import type { ActionArgs } from '@yuexun/request';
import { call, callList, callOne, JSON_BODY } from './client';

export const loadSignInSettings = async () => callOne(inquireSignInSettingsAdmin);
export const saveSignInSettings = async (input: ActionArgs<typeof updateSignInSettingsAdmin>) =>
  callOne(updateSignInSettingsAdmin, input, JSON_BODY);
export const loadBindings = async () => callOne(inquireIdentityBindingsAccount);
export const unbindIdentity = async (bindingId: number) => callOne(unbindIdentityAccount, { bindingId });
export const loadSsoSignInLog = async (pageIndex: number, pageSize: number) =>
  callList(inquireSsoSignInLogAdmin, { pageIndex, pageSize });
export const testSsoConnection = async (issuer: string | undefined) =>
  callOne(testSsoConnectionAdmin, issuer ? { issuer } : {});

const viewOf = (views: ScanPlatformView[], platform: ScanPlatform) => {
  const view = views.find((v) => v.platform === platform);
  if (!view) throw new Error(`no ${platform} in the answer`);
  return view;
};
export const loadScanPlatform = async (platform: ScanPlatform) =>
  viewOf((await call(inquireScanLoginAdmin)).datas, platform);
export const saveScanPlatform = async (input: ActionArgs<typeof updateScanLoginAdmin>) =>
  viewOf((await call(updateScanLoginAdmin, input)).datas, input.platform);
export const testScanPlatform = async (platform: ScanPlatform) => callOne(testScanLoginAdmin, { platform });
export const loadLeaverSync = async () => callOne(inquireLeaverSyncAdmin);
export const saveLeaverSync = async (input: ActionArgs<typeof updateLeaverSyncAdmin>) =>
  callOne(updateLeaverSyncAdmin, input);
export const runLeaverSync = async () => callOne(runLeaverSyncAdmin);
export const loadWecomContactSettings = async () => callOne(inquireWecomContactSettingsAdmin);
export const saveWecomContactSettings = async (input: ActionArgs<typeof updateWecomContactSettingsAdmin>) =>
  callOne(updateWecomContactSettingsAdmin, input);
