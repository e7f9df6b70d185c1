/** Accounts (store base, spec §7): the signed-in person, login, captcha and logout. Implemented by server/src/accounts. */

import { z } from 'zod';
import { defineAction } from './action';
import { CAPTCHA_LENGTH } from './constants';
import { fieldBounds } from './field-limits';
import {
  mobilePhone,
  oneOf,
  optionalPositiveInt,
  optionalText,
  passwordText,
  prepared,
  siteScoped,
  text,
} from './fields';
import { messages } from './messages';

export const EMPLOYEE_ACCESS = ['admin', 'user'] as const;
export type EmployeeAccess = (typeof EMPLOYEE_ACCESS)[number];
export const LOGIN_TYPES = ['account', 'mobile'] as const;
export const CAPTCHA_PURPOSES = ['login', 'register'] as const;
export type CaptchaPurpose = (typeof CAPTCHA_PURPOSES)[number];
/** Seconds before the same phone may ask for another code (the console's countdown). */
export const CAPTCHA_RESEND_SECONDS = 60;
export const CAPTCHA_TTL_SECONDS = 300;

/** The SMS code of a login or a teacher registration. */
export const captcha = prepared(
  (v) => (typeof v === 'string' ? v.trim() : v),
  z
    .string({ error: messages.required('验证码') })
    .min(1, { error: messages.required('验证码') })
    .regex(new RegExp(`^\\d{${CAPTCHA_LENGTH}}$`), { error: messages.captchaWrong }),
).register(fieldBounds, { maxLength: CAPTCHA_LENGTH });

export const currentAccountEmployee = z.object({
  name: z.string(),
  /** File uuid of the avatar; the header builds viewPic.file?fileUuid={photoId}. */
  photoId: z.string().nullable(),
  access: z.enum(EMPLOYEE_ACCESS),
  accountId: z.number().int(),
  accountName: z.string(),
  employeeId: z.number().int().nullable(),
  tenantId: z.number().int().nullable(),
  tenantName: z.string().nullable(),
  /** Masked, e.g. 138****0000. */
  phone: z.string().nullable(),
  /**
   * The account's level in the organisation that owns the site (the vendor), whatever tenant is selected;
   * null for everyone else (a school's staff). Site pages and actions need `admin` here.
   */
  siteAccess: z.enum(EMPLOYEE_ACCESS).nullable(),
  /** The role in the selected organisation (销售, 内容编辑 …); null without one (docs/decisions/032). */
  roleName: z.string().nullable(),
  /** What the selected organisation is: a school, or the vendor that owns the site; null without one. */
  tenantKind: z.enum(['school', 'vendor']).nullable(),
});
export type CurrentAccountEmployee = z.infer<typeof currentAccountEmployee>;

export const inquireCurrentAccountEmployeeInfoAccount = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'inquireCurrentAccountEmployeeInfoAccount',
  auth: 'session',
  summary: '当前登录账号及其在当前单位的员工信息',
  input: siteScoped,
  item: currentAccountEmployee,
  result: 'list',
});

export const usableProduct = z.object({
  productId: z.number().int(),
  appKey: z.string(),
  name: z.string(),
  iconFileUuid: z.string().nullable(),
  entryUrl: z.string(),
});

export const inquireProductUsableListAccount = defineAction({
  base: 'store',
  version: 'v1.1',
  name: 'inquireProductUsableListAccount',
  auth: 'session',
  summary: '当前账号在当前单位可用的产品（插件）列表',
  input: siteScoped,
  item: usableProduct,
  result: 'list',
});

export const operationCode = z.object({ code: z.string(), name: z.string(), productId: z.number().int() });

export const inquireOperationCodeListByProductAccount = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'inquireOperationCodeListByProductAccount',
  auth: 'tenant',
  summary: '按产品（appKey 或 productId）查询当前员工可用的操作码',
  input: siteScoped.extend({
    appKey: optionalText('应用标识', 64),
    productId: optionalPositiveInt('产品编号'),
  }),
  item: operationCode,
  result: 'list',
});

export const logout = defineAction({
  base: 'store',
  version: 'v1.1',
  name: 'logout',
  auth: 'session',
  summary: '退出登录，结束当前会话',
  input: siteScoped,
  item: z.object({}),
  result: 'list',
  mutates: true,
});

/** Account-password or phone-captcha login (spec §2 login tabs, §5 validations, §8 messages). */
export const loginInput = z.discriminatedUnion(
  'loginType',
  [
    siteScoped.extend({
      loginType: z.literal('account'),
      username: text('用户名', 64),
      password: passwordText('密码'),
    }),
    siteScoped.extend({ loginType: z.literal('mobile'), phone: mobilePhone(), captcha }),
  ],
  { error: '登录方式 loginType 只能是 account 或 mobile' },
);

export const loginResult = z.object({
  /**
   * Also set as an HttpOnly cookie; the mobile wrapper keeps it in localStorage `sid`. Null while a second
   * step is due (mfa): no session exists until verifyMfaLoginAccount.
   */
  sid: z.string().nullable(),
  /** verify: enter the authenticator's code; enrol: the organisation requires one, bind it now; null: signed in. */
  mfa: z.enum(['verify', 'enrol']).nullable(),
  /** Names the pending second step (5 minutes, one use); null when signed in. */
  mfaToken: z.string().nullable(),
  accountId: z.number().int(),
  name: z.string(),
  access: z.enum(EMPLOYEE_ACCESS).nullable(),
  tenantId: z.number().int().nullable(),
});

export type LoginResult = z.infer<typeof loginResult>;

export const loginAccount = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'loginAccount',
  auth: 'public',
  summary: '登录：账号密码（loginType=account）或手机号验证码（loginType=mobile）',
  input: loginInput,
  item: loginResult,
  result: 'list',
  mutates: true,
});

export const sendCaptchaAccount = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'sendCaptchaAccount',
  auth: 'public',
  summary: '向大陆手机号发送 6 位短信验证码（5 分钟有效，同一号码 60 秒一次）',
  input: siteScoped.extend({
    phone: mobilePhone(),
    purpose: oneOf('用途', CAPTCHA_PURPOSES).default('login'),
  }),
  item: z.object({ expiresInSeconds: z.number().int(), resendInSeconds: z.number().int() }),
  result: 'list',
  mutates: true,
});
