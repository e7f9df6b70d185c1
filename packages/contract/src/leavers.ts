/**
 * 离职同步 (issue 36, decision 060): once a day the server reads the 企业微信 and 钉钉 member lists of the apps
 * saved in 登录方式 (scan-login.ts), disables the accounts whose linked member is no longer listed, returns their
 * open leads to the 公海 (or hands them to the person the admin chose), and writes an audit line saying who was
 * disabled and why.
 */
import { z } from 'zod';
import { defineAction } from './action';
import { versionField } from './admin-fields';
import { optionalPositiveInt, prepared, siteScoped } from './fields';
import { SCAN_PLATFORMS } from './scan-login';

/** The outbox kind of the daily run. */
export const LEAVER_SYNC_KIND = 'staff.leaver-sync';
/** The platforms whose member lists the job reads. */
export const LEAVER_DIRECTORIES = [
  'wecom',
  'dingtalk',
] as const satisfies readonly (typeof SCAN_PLATFORMS)[number][];

export const leaverMessages = {
  pool: '公海',
  noDirectory: '离职同步需要先启用企业微信或钉钉扫码登录',
  handoverNotStaff: '接手线索的同事须是本站在职员工',
  emptyDirectory: (platform: string) =>
    `${platform}通讯录为空，未停用任何账号（请检查应用的通讯录权限和可见范围）`,
  lastAdmin: (name: string) => `${name}是所在单位最后一名管理员，未停用`,
  reason: (platform: string, member: string) => `${platform}通讯录中已无此成员（${member}），视为离职`,
  ran: '离职同步已完成',
} as const;

const option = z.object({ id: z.number().int(), name: z.string() });

export const leaverRunResult = z.object({
  at: z.string(),
  /** Accounts disabled by this run. */
  disabled: z.number().int(),
  /** Open leads handed over. */
  leads: z.number().int(),
  /** What went wrong, in Chinese (a directory that could not be read, a last admin kept). */
  problems: z.array(z.string()),
  tookMs: z.number().int(),
});
export type LeaverRunResult = z.infer<typeof leaverRunResult>;

export const leaverSyncView = z.object({
  enabled: z.boolean(),
  /** The member who takes the leavers' open leads; null: they go back to the 公海. */
  handoverTo: z.number().int().nullable(),
  /** The directories read: 企业微信 and 钉钉 where their scan login is switched on. */
  directories: z.array(z.enum(SCAN_PLATFORMS)),
  lastRun: leaverRunResult.nullable(),
  /** Choices of the form: the vendor's active staff. */
  staff: z.array(option.extend({ username: z.string() })),
  version: z.number().int(),
});
export type LeaverSyncView = z.infer<typeof leaverSyncView>;

export const inquireLeaverSyncAdmin = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'inquireLeaverSyncAdmin',
  auth: 'admin',
  permission: 'signin.manage',
  scope: 'site',
  summary: '离职同步：是否开启、接手线索的同事、读取的通讯录和最近一次运行的结果',
  input: siteScoped,
  item: leaverSyncView,
  result: 'list',
});

export const updateLeaverSyncAdmin = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'updateLeaverSyncAdmin',
  auth: 'admin',
  permission: 'signin.manage',
  scope: 'site',
  summary: '修改离职同步；接手线索的同事留空表示线索退回公海；version 不是最新时返回 409',
  input: siteScoped.extend({
    enabled: prepared(
      (v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : v),
      z.boolean({ error: '启用状态格式不正确' }),
    ),
    handoverTo: optionalPositiveInt('接手线索的同事'),
    version: versionField,
  }),
  item: leaverSyncView,
  result: 'list',
  mutates: true,
});

export const runLeaverSyncAdmin = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'runLeaverSyncAdmin',
  auth: 'admin',
  permission: 'signin.manage',
  scope: 'site',
  summary: '立即运行一次离职同步（每天也会自动运行），返回本次结果',
  input: siteScoped,
  item: leaverSyncView,
  result: 'list',
  mutates: true,
});
