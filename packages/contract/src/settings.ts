/**
 * Account settings of the console (spec §2 tabs, §3 profile and security items, §5 settings form): read
 * everything at once; save the basic form, the security items, bindings and notifications; change password.
 * Every action works on the session's own account only.
 */

import { z } from 'zod';
import { defineAction } from './action';
import { fieldBounds } from './field-limits';
import {
  charLength,
  cleanString,
  hasControlCharacters,
  oneOf,
  optionalText,
  passwordText,
  prepared,
  siteScoped,
  text,
} from './fields';
import { messages } from './messages';

export const PASSWORD_STRENGTHS = ['strong', 'medium', 'weak'] as const;
export const BINDING_PROVIDERS = ['taobao', 'alipay', 'dingding', 'wechat'] as const;
export const NOTIFICATION_KINDS = ['password', 'messages', 'todo'] as const;
export const PASSWORD_MIN = 8;

export const accountSettings = z.object({
  avatarFileUuid: z.string().nullable(),
  email: z.string(),
  nickname: z.string(),
  profile: z.string(),
  country: z.string(),
  province: z.string(),
  city: z.string(),
  address: z.string(),
  phone: z.string(),
  security: z.object({
    passwordStrength: z.enum(PASSWORD_STRENGTHS),
    /** Masked, e.g. 138****0001; null when no phone is bound. */
    boundPhone: z.string().nullable(),
    securityQuestion: z.string().nullable(),
    /** Proven by a code sent there (sendBackupEmailCodeAccount, verifyBackupEmailAccount); null when none. */
    backupEmail: z.string().nullable(),
    /** The TOTP authenticator: bound since when, recovery codes left, required by the organisation. */
    mfa: z.object({
      enabled: z.boolean(),
      enabledAt: z.string().nullable(),
      recoveryCodesLeft: z.number().int(),
      required: z.boolean(),
    }),
  }),
  bindings: z.record(z.enum(BINDING_PROVIDERS), z.string().nullable()),
  notifications: z.record(z.enum(NOTIFICATION_KINDS), z.boolean()),
});
export type AccountSettings = z.infer<typeof accountSettings>;

export const inquireAccountSettingsAccount = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'inquireAccountSettingsAccount',
  auth: 'session',
  summary: '当前账号的个人设置：基本资料、安全设置、账号绑定、消息通知',
  input: siteScoped,
  item: accountSettings,
  result: 'list',
});

const email = (label: string) =>
  prepared(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z
      .string({ error: messages.required(label) })
      .min(1, { error: messages.required(label) })
      .max(100, { error: messages.tooLong(label, 100) })
      .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, { error: `${label}格式不正确` })
      .refine((v) => !hasControlCharacters(v), { error: messages.controlCharacters(label) }),
  );

/** A contact number: mainland mobile or a landline with area code (digits, spaces, +, -). */
const contactPhone = prepared(
  (v) => (typeof v === 'string' ? v.trim() : v),
  z
    .string({ error: messages.required('联系电话') })
    .min(1, { error: messages.required('联系电话') })
    .regex(/^\+?[0-9][0-9 -]{4,19}$/, { error: '联系电话格式不正确' }),
);

export const saveAccountBasicAccount = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'saveAccountBasicAccount',
  auth: 'session',
  summary:
    '保存基本资料：头像、邮箱、昵称、个人简介、国家/地区、省市、街道地址、联系电话（均必填，头像除外）',
  input: siteScoped.extend({
    avatarFileUuid: prepared(
      (v) => (v === '' ? undefined : v),
      z.uuid({ error: '头像文件标识不正确' }).optional(),
    ),
    email: email('邮箱'),
    nickname: text('昵称', 30),
    profile: text('个人简介', 200),
    country: text('国家/地区', 30),
    province: text('省份', 30),
    city: text('城市', 30),
    address: text('街道地址', 100),
    phone: contactPhone,
  }),
  item: accountSettings,
  result: 'list',
  mutates: true,
});

const bool = (label: string) =>
  prepared(
    (v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : v),
    z.boolean({ error: `${label}只能是 true 或 false` }),
  );

export const saveAccountPreferencesAccount = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'saveAccountPreferencesAccount',
  auth: 'session',
  summary: '保存密保问题、账号绑定或消息通知：只改传入的项（备用邮箱和 MFA 设备各有验证步骤）',
  input: siteScoped
    .extend({
      securityQuestion: optionalText('密保问题', 50),
      securityAnswer: optionalText('密保答案', 50),
      bindingProvider: prepared(
        (v) => (v === '' ? undefined : v),
        oneOf('绑定平台', BINDING_PROVIDERS).optional(),
      ),
      /** Empty unbinds the provider. */
      bindingAccount: prepared(
        (v) => (typeof v === 'string' ? v.trim() : v),
        cleanString('绑定账号')
          .refine((v) => charLength(v) <= 50, { error: messages.tooLong('绑定账号', 50) })
          .optional(),
      ).register(fieldBounds, { maxLength: 50 }),
      notifyPassword: bool('账户密码通知').optional(),
      notifyMessages: bool('系统消息通知').optional(),
      notifyTodo: bool('待办任务通知').optional(),
    })
    .refine((v) => (v.securityQuestion === undefined) === (v.securityAnswer === undefined), {
      error: '密保问题和答案须同时填写',
      path: ['securityAnswer'],
    })
    .refine((v) => v.bindingAccount === undefined || v.bindingProvider !== undefined, {
      error: messages.required('绑定平台'),
      path: ['bindingProvider'],
    }),
  item: accountSettings,
  result: 'list',
  mutates: true,
});

export const newPassword = z
  .string({ error: messages.required('新密码') })
  .refine((v) => !hasControlCharacters(v), { error: messages.controlCharacters('新密码'), abort: true })
  .refine((v) => charLength(v) >= PASSWORD_MIN, { error: `新密码至少 ${PASSWORD_MIN} 位` })
  .refine((v) => charLength(v) <= 128, { error: messages.tooLong('新密码', 128) })
  .refine((v) => /[A-Za-z]/.test(v) && /\d/.test(v), { error: '新密码须同时包含字母和数字' })
  .register(fieldBounds, { minLength: PASSWORD_MIN, maxLength: 128 });

export const changePasswordAccount = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'changePasswordAccount',
  auth: 'session',
  summary:
    '修改密码：核对当前密码，新密码至少 8 位且含字母和数字；返回强度（强/中/弱，按可猜测程度估算）；其他会话随之退出',
  input: siteScoped
    .extend({
      oldPassword: passwordText('当前密码'),
      newPassword,
    })
    .refine((v) => v.oldPassword !== v.newPassword, {
      error: '新密码不能与当前密码相同',
      path: ['newPassword'],
    }),
  item: z.object({ passwordStrength: z.enum(PASSWORD_STRENGTHS) }),
  result: 'list',
  mutates: true,
});
