/**
 * Two-factor sign-in (TOTP, RFC 6238: 30-second steps, 6 digits, any authenticator app), its ten one-time
 * recovery codes, the second step of a login, the organisation's "admins must use it" rule, and the backup
 * e-mail proven by a code sent there. Every account action works on the session's own account only.
 */
import { z } from 'zod';
import { loginResult } from './accounts';
import { defineAction } from './action';
import { fieldBounds } from './field-limits';
import { prepared, siteScoped } from './fields';
import { messages } from './messages';
import { requiredEmail } from './staff';

export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
export const RECOVERY_CODE_COUNT = 10;
/** How long the second step of a login may wait after the password or SMS code. */
export const LOGIN_CHALLENGE_MINUTES = 5;
export const EMAIL_CODE_LENGTH = 6;
export const EMAIL_CODE_TTL_SECONDS = 600;
export const EMAIL_CODE_RESEND_SECONDS = 60;

const trimmed = (v: unknown) => (typeof v === 'string' ? v.replace(/\s+/g, '') : v);

/** The 6-digit code an authenticator app shows (spaces ignored, as apps show "123 456"). */
export const totpCode = prepared(
  trimmed,
  z
    .string({ error: messages.required('验证码') })
    .min(1, { error: messages.required('验证码') })
    .regex(new RegExp(`^\\d{${TOTP_DIGITS}}$`), { error: messages.mfaCodeFormat }),
).register(fieldBounds, { maxLength: TOTP_DIGITS + 1 });

/** A recovery code as shown (xxxxx-xxxxx); case, spaces and dashes do not matter. */
export const recoveryCode = prepared(
  (v) => (typeof v === 'string' ? v.replace(/[\s-]+/g, '').toLowerCase() : v),
  z
    .string({ error: messages.required('恢复码') })
    .regex(/^[a-z0-9]{10}$/, { error: messages.mfaRecoveryFormat }),
).register(fieldBounds, { maxLength: 11 });

const mfaToken = prepared(
  (v) => (typeof v === 'string' ? v.trim() : v),
  z
    .string({ error: messages.mfaChallengeGone })
    .regex(/^[A-Za-z0-9_-]{43}$/, { error: messages.mfaChallengeGone }),
);

/** What a new enrolment shows: the QR code (SVG) and the same secret typed by hand. */
export const mfaEnrolment = z.object({
  /** Base32, grouped by four for typing. */
  secret: z.string(),
  /** otpauth://totp/…, what the QR code holds. */
  uri: z.string(),
  /** The QR code as an SVG document. */
  qrSvg: z.string(),
});
export type MfaEnrolment = z.infer<typeof mfaEnrolment>;

export const recoveryCodes = z.object({ recoveryCodes: z.array(z.string()) });

/** A login's second step answers like the first one, plus the recovery codes when it was an enrolment. */
export const mfaLoginResult = loginResult.extend({ recoveryCodes: z.array(z.string()).nullable() });

export const verifyMfaLoginAccount = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'verifyMfaLoginAccount',
  auth: 'public',
  summary:
    '登录第二步：输入验证器上的 6 位动态码（code）或一个恢复码（recoveryCode）；需先开通时（单位要求）确认新绑定的验证器。同一动态码只能用一次，连续输错会锁定账号',
  input: siteScoped
    .extend({ mfaToken, code: totpCode.optional(), recoveryCode: recoveryCode.optional() })
    .refine((v) => v.code !== undefined || v.recoveryCode !== undefined, {
      error: messages.required('验证码'),
      path: ['code'],
    }),
  item: mfaLoginResult,
  result: 'list',
  mutates: true,
});

export const startMfaEnrolmentLoginAccount = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'startMfaEnrolmentLoginAccount',
  auth: 'public',
  summary: '登录时按单位要求开通两步验证：生成验证器密钥和二维码（随后用 verifyMfaLoginAccount 确认）',
  input: siteScoped.extend({ mfaToken }),
  item: mfaEnrolment,
  result: 'list',
  mutates: true,
});

export const startMfaEnrolmentAccount = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'startMfaEnrolmentAccount',
  auth: 'session',
  summary:
    '绑定 MFA 设备：生成验证器密钥和二维码（用任一验证器 App 扫码，再用 confirmMfaEnrolmentAccount 确认）',
  input: siteScoped,
  item: mfaEnrolment,
  result: 'list',
  mutates: true,
});

export const confirmMfaEnrolmentAccount = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'confirmMfaEnrolmentAccount',
  auth: 'session',
  summary: '确认绑定 MFA 设备：输入验证器上的 6 位动态码；返回 10 个一次性恢复码（只显示这一次）',
  input: siteScoped.extend({ code: totpCode }),
  item: recoveryCodes,
  result: 'list',
  mutates: true,
});

export const disableMfaAccount = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'disableMfaAccount',
  auth: 'session',
  summary: '解绑 MFA 设备：需输入验证器当前的动态码；单位要求管理员使用两步验证时不能解绑',
  input: siteScoped.extend({ code: totpCode }),
  item: z.object({}),
  result: 'list',
  mutates: true,
});

export const regenerateMfaRecoveryCodesAccount = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'regenerateMfaRecoveryCodesAccount',
  auth: 'session',
  summary: '重新生成 10 个恢复码（需当前动态码）；之前的恢复码全部作废',
  input: siteScoped.extend({ code: totpCode }),
  item: recoveryCodes,
  result: 'list',
  mutates: true,
});

export const mfaPolicy = z.object({ mfaRequiredForAdmins: z.boolean() });

export const inquireMfaPolicyTenant = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'inquireMfaPolicyTenant',
  auth: 'admin',
  permission: 'staff.write',
  summary: '本单位的两步验证要求（管理员）',
  input: siteScoped,
  item: mfaPolicy,
  result: 'list',
});

export const saveMfaPolicyTenant = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'saveMfaPolicyTenant',
  auth: 'admin',
  permission: 'staff.write',
  summary: '设置本单位管理员是否必须使用两步验证（未绑定的管理员在下次登录时绑定）',
  input: siteScoped.extend({
    mfaRequiredForAdmins: prepared(
      (v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : v),
      z.boolean({ error: '要求只能是 true 或 false' }),
    ),
  }),
  item: mfaPolicy,
  result: 'list',
  mutates: true,
});

export const sendBackupEmailCodeAccount = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'sendBackupEmailCodeAccount',
  auth: 'session',
  summary: '设置备用邮箱第一步：向该邮箱发送 6 位验证码（10 分钟有效，60 秒一次）',
  input: siteScoped.extend({
    email: requiredEmail('备用邮箱'),
  }),
  item: z.object({ expiresInSeconds: z.number().int(), resendInSeconds: z.number().int() }),
  result: 'list',
  mutates: true,
});

export const verifyBackupEmailAccount = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'verifyBackupEmailAccount',
  auth: 'session',
  summary: '设置备用邮箱第二步：输入邮件中的验证码，邮箱随即成为备用邮箱',
  input: siteScoped.extend({
    code: prepared(
      trimmed,
      z
        .string({ error: messages.required('验证码') })
        .regex(new RegExp(`^\\d{${EMAIL_CODE_LENGTH}}$`), { error: messages.captchaWrong }),
    ).register(fieldBounds, { maxLength: EMAIL_CODE_LENGTH }),
  }),
  item: z.object({ backupEmail: z.string() }),
  result: 'list',
  mutates: true,
});
