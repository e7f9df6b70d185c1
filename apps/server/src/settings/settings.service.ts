/**
 * Console account settings: the basic profile, security items, bindings, notifications and the password
 * of the session's own account. Nothing here takes an account id from the request.
 */
import {
  type AccountSettings,
  BINDING_PROVIDERS,
  BusinessCode,
  IMAGE_TYPES,
  NOTIFICATION_KINDS,
} from '@yuexun/contract';
import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../db/client';
import { account, accountProfile, file, session } from '../db/schema';
import { type Actor, recordAudit } from '../shared/audit';
import { mfaStateOf } from '../shared/auth/mfa';
import { hashPassword, verifyPassword } from '../shared/auth/password';
import { passwordStrength } from '../shared/auth/password-strength';
import { BusinessError } from '../shared/errors';
import { maskPhone } from '../shared/mask';

type ProfileRow = typeof accountProfile.$inferSelect;

const emptyProfile = (accountId: number): ProfileRow => ({
  accountId,
  email: '',
  nickname: '',
  profile: '',
  country: '',
  province: '',
  city: '',
  address: '',
  phone: '',
  passwordStrength: 'medium',
  securityQuestion: null,
  securityAnswerHash: null,
  backupEmail: null,
  bindings: {},
  notifications: {},
  updatedAt: new Date(0),
});

const DEFAULT_COUNTRY = '中国';

/** Notifications are on unless switched off, as the template shows them. */
const DEFAULT_NOTIFY = true;

export const readSettings = async (db: Db, accountId: number): Promise<AccountSettings> => {
  const [row] = await db
    .select({ account, profile: accountProfile })
    .from(account)
    .leftJoin(accountProfile, eq(accountProfile.accountId, account.id))
    .where(eq(account.id, accountId));
  if (!row) throw new BusinessError(BusinessCode.NOT_LOGGED_IN);
  const profile = row.profile ?? emptyProfile(accountId);
  return {
    avatarFileUuid: row.account.photoFileUuid,
    email: profile.email,
    // Until saved, the form starts from what the account already says: its name, its login phone and,
    // for the schools this product serves, China.
    nickname: profile.nickname || row.account.name,
    profile: profile.profile,
    country: profile.country || DEFAULT_COUNTRY,
    province: profile.province,
    city: profile.city,
    address: profile.address,
    phone: profile.phone || row.account.phone || '',
    security: {
      passwordStrength: profile.passwordStrength as AccountSettings['security']['passwordStrength'],
      boundPhone: maskPhone(row.account.phone),
      securityQuestion: profile.securityQuestion,
      backupEmail: profile.backupEmail,
      mfa: await mfaStateOf(db, accountId),
    },
    bindings: Object.fromEntries(
      BINDING_PROVIDERS.map((p) => [p, profile.bindings[p] ?? null]),
    ) as AccountSettings['bindings'],
    notifications: Object.fromEntries(
      NOTIFICATION_KINDS.map((k) => [k, profile.notifications[k] ?? DEFAULT_NOTIFY]),
    ) as AccountSettings['notifications'],
  };
};

const upsertProfile = async (db: Db, accountId: number, values: Partial<ProfileRow>) => {
  await db
    .insert(accountProfile)
    .values({ ...values, accountId })
    .onConflictDoUpdate({ target: accountProfile.accountId, set: { ...values, updatedAt: new Date() } });
};

export interface BasicInput {
  avatarFileUuid?: string;
  email: string;
  nickname: string;
  profile: string;
  country: string;
  province: string;
  city: string;
  address: string;
  phone: string;
}

export const saveBasic = async (db: Db, accountId: number, input: BasicInput) => {
  const { avatarFileUuid, ...profile } = input;
  await db.transaction(async (tx) => {
    if (avatarFileUuid) {
      // Only an image the account uploaded itself can become its avatar.
      const [image] = await tx
        .select({ format: file.format })
        .from(file)
        .where(and(eq(file.uuid, avatarFileUuid), eq(file.ownerAccountId, accountId)));
      if (!image || !(IMAGE_TYPES as readonly string[]).includes(image.format)) {
        throw new BusinessError(BusinessCode.BAD_REQUEST, '头像须为本人上传的 JPG/PNG 图片', [
          { field: 'avatarFileUuid', message: '头像须为本人上传的 JPG/PNG 图片' },
        ]);
      }
      await tx.update(account).set({ photoFileUuid: avatarFileUuid }).where(eq(account.id, accountId));
    }
    await upsertProfile(tx, accountId, profile);
  });
  return readSettings(db, accountId);
};

export interface PreferencesInput {
  securityQuestion?: string;
  securityAnswer?: string;
  bindingProvider?: (typeof BINDING_PROVIDERS)[number];
  bindingAccount?: string;
  notifyPassword?: boolean;
  notifyMessages?: boolean;
  notifyTodo?: boolean;
}

export const savePreferences = async (db: Db, accountId: number, input: PreferencesInput) => {
  const current = await readSettings(db, accountId);
  const values: Partial<ProfileRow> = {};
  if (input.securityQuestion !== undefined && input.securityAnswer !== undefined) {
    values.securityQuestion = input.securityQuestion;
    values.securityAnswerHash = await hashPassword(input.securityAnswer.trim().toLowerCase());
  }
  if (input.bindingProvider) {
    values.bindings = { ...current.bindings, [input.bindingProvider]: input.bindingAccount || null };
  }
  const notify = { password: input.notifyPassword, messages: input.notifyMessages, todo: input.notifyTodo };
  if (Object.values(notify).some((v) => v !== undefined)) {
    values.notifications = Object.fromEntries(
      NOTIFICATION_KINDS.map((k) => [k, notify[k] ?? current.notifications[k]]),
    );
  }
  if (Object.keys(values).length > 0) await upsertProfile(db, accountId, values);
  return readSettings(db, accountId);
};

/** Checks the current password, stores the new one and ends the account's other sessions. */
export const changePassword = async (
  db: Db,
  auth: { accountId: number; sessionIdHash: string; actor: Actor },
  oldPassword: string,
  newPassword: string,
) => {
  const [row] = await db
    .select({
      hash: account.passwordHash,
      username: account.username,
      name: account.name,
      phone: account.phone,
    })
    .from(account)
    .where(eq(account.id, auth.accountId));
  if (!row?.hash || !(await verifyPassword(oldPassword, row.hash))) {
    throw new BusinessError(BusinessCode.BAD_REQUEST, '当前密码不正确', [
      { field: 'oldPassword', message: '当前密码不正确' },
    ]);
  }
  const strength = await passwordStrength(newPassword, [row.username, row.name, row.phone]);
  const hash = await hashPassword(newPassword);
  await db.transaction(async (tx) => {
    await recordAudit(tx, auth.actor, {
      action: 'change_password',
      targetType: 'account',
      targetId: auth.accountId,
      detail: { name: row.name, strength },
    });
    await tx.update(account).set({ passwordHash: hash }).where(eq(account.id, auth.accountId));
    await upsertProfile(tx, auth.accountId, { passwordStrength: strength });
    await tx
      .delete(session)
      .where(and(eq(session.accountId, auth.accountId), ne(session.idHash, auth.sessionIdHash)));
  });
  return { passwordStrength: strength };
};
