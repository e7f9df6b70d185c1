/**
 * Two-factor sign-in with TOTP (RFC 6238 through otpauth: SHA-1, 6 digits, 30-second steps, one step of
 * clock drift either way). A code is accepted only for a time step later than the last one accepted, in the
 * same UPDATE that records it, so a code seen over someone's shoulder (or sent twice) works once. Recovery
 * codes are random (about 49 bits each), shown once and stored as sha256; using one marks it used in the
 * statement that checks it is unused.
 */
import { createHash, randomBytes, randomInt } from 'node:crypto';
import {
  BusinessCode,
  LOGIN_CHALLENGE_MINUTES,
  messages,
  RECOVERY_CODE_COUNT,
  TOTP_DIGITS,
  TOTP_PERIOD_SECONDS,
} from '@yuexun/contract';
import { and, count, eq, gt, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import type { Db } from '../../db/client';
import { accountMfa, employee, loginChallenge, mfaRecoveryCode, role } from '../../db/schema';
import { BusinessError } from '../errors';

const ISSUER = '悦讯';
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

const totpOf = (secret: string, label = '') =>
  new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });

/**
 * Whether the account must use a second factor: an active membership whose role requires it (角色管理's
 * 要求两步验证; 员工管理's switch is the same flag of the built-in 管理员), in any organisation.
 */
export const mfaRequiredFor = async (db: Db, accountId: number) => {
  const [row] = await db
    .select({ id: employee.id })
    .from(employee)
    .innerJoin(role, eq(role.id, employee.roleId))
    .where(
      and(
        eq(employee.accountId, accountId),
        eq(employee.registerStatus, 'confirmed'),
        eq(employee.status, 'active'),
        eq(role.mfaRequired, true),
      ),
    )
    .limit(1);
  return row !== undefined;
};

export const mfaStateOf = async (db: Db, accountId: number) => {
  const [row] = await db
    .select({ enabledAt: accountMfa.enabledAt })
    .from(accountMfa)
    .where(and(eq(accountMfa.accountId, accountId), isNotNull(accountMfa.enabledAt)));
  const [left] = await db
    .select({ n: count() })
    .from(mfaRecoveryCode)
    .where(and(eq(mfaRecoveryCode.accountId, accountId), isNull(mfaRecoveryCode.usedAt)));
  return {
    enabled: row !== undefined,
    enabledAt: row?.enabledAt?.toISOString() ?? null,
    recoveryCodesLeft: row ? Number(left?.n ?? 0) : 0,
    required: await mfaRequiredFor(db, accountId),
  };
};

/** A fresh secret waiting for its first code; refused while one is bound (unbind first). */
export const beginEnrolment = async (db: Db, accountId: number, label: string) => {
  const secret = new Secret({ size: 20 }).base32;
  const stored = await db
    .insert(accountMfa)
    .values({ accountId, secret })
    .onConflictDoUpdate({
      target: accountMfa.accountId,
      set: { secret, lastStep: 0, createdAt: new Date() },
      setWhere: isNull(accountMfa.enabledAt),
    })
    .returning({ accountId: accountMfa.accountId });
  if (stored.length === 0) throw new BusinessError(BusinessCode.CONFLICT, messages.mfaAlreadyEnabled);
  const uri = totpOf(secret, label).toString();
  return {
    secret: secret.replace(/(.{4})/g, '$1 ').trim(),
    uri,
    // Loaded when someone enrols, not at start.
    qrSvg: await (await import('qrcode')).default.toString(uri, {
      type: 'svg',
      errorCorrectionLevel: 'M',
      margin: 2,
    }),
  };
};

export type TotpCheck = { ok: true } | { ok: false; reason: 'wrong' | 'reused' | 'none' };

/**
 * Checks a code against the bound authenticator (or, with `enrolling`, the one being enrolled, which it
 * then binds). Accepted at most once per time step, whatever number of requests race.
 */
export const acceptTotp = async (
  db: Db,
  accountId: number,
  code: string,
  enrolling = false,
): Promise<TotpCheck> => {
  const [row] = await db
    .select({ secret: accountMfa.secret, enabledAt: accountMfa.enabledAt, lastStep: accountMfa.lastStep })
    .from(accountMfa)
    .where(eq(accountMfa.accountId, accountId));
  if (!row || (row.enabledAt === null) !== enrolling) return { ok: false, reason: 'none' };
  const totp = totpOf(row.secret);
  const delta = totp.validate({ token: code, window: 1 });
  if (delta === null) return { ok: false, reason: 'wrong' };
  const step = totp.counter() + delta;
  const taken = await db
    .update(accountMfa)
    .set({ lastStep: step, ...(enrolling ? { enabledAt: new Date() } : {}) })
    .where(
      and(
        eq(accountMfa.accountId, accountId),
        lt(accountMfa.lastStep, step),
        enrolling ? isNull(accountMfa.enabledAt) : isNotNull(accountMfa.enabledAt),
      ),
    )
    .returning({ accountId: accountMfa.accountId });
  return taken.length > 0 ? { ok: true } : { ok: false, reason: 'reused' };
};

const newRecoveryCode = () => {
  let code = '';
  for (let i = 0; i < 10; i++) code += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return code;
};

/** Ten new recovery codes in place of any earlier ones; the plain codes are returned once, never stored. */
export const issueRecoveryCodes = async (db: Db, accountId: number) => {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await db.delete(mfaRecoveryCode).where(eq(mfaRecoveryCode.accountId, accountId));
  await db.insert(mfaRecoveryCode).values(codes.map((c) => ({ accountId, codeHash: sha256(c) })));
  return codes.map((c) => `${c.slice(0, 5)}-${c.slice(5)}`);
};

/** Marks an unused recovery code used; false when it is unknown or was used before. */
export const useRecoveryCode = async (db: Db, accountId: number, normalisedCode: string) => {
  const used = await db
    .update(mfaRecoveryCode)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(mfaRecoveryCode.accountId, accountId),
        eq(mfaRecoveryCode.codeHash, sha256(normalisedCode)),
        isNull(mfaRecoveryCode.usedAt),
      ),
    )
    .returning({ id: mfaRecoveryCode.id });
  return used.length > 0;
};

export const removeMfa = async (db: Db, accountId: number) => {
  await db.delete(mfaRecoveryCode).where(eq(mfaRecoveryCode.accountId, accountId));
  await db.delete(accountMfa).where(eq(accountMfa.accountId, accountId));
};

/** A pending second step after the password or SMS code: a random token, its sha256 stored. */
export const createChallenge = async (db: Db, accountId: number, method: 'password' | 'sms') => {
  const token = randomBytes(32).toString('base64url');
  await db.delete(loginChallenge).where(lt(loginChallenge.expiresAt, new Date()));
  await db.insert(loginChallenge).values({
    tokenHash: sha256(token),
    accountId,
    method,
    expiresAt: new Date(Date.now() + LOGIN_CHALLENGE_MINUTES * 60_000),
  });
  return token;
};

export const findChallenge = async (db: Db, token: string) => {
  const [row] = await db
    .select({ accountId: loginChallenge.accountId, method: loginChallenge.method })
    .from(loginChallenge)
    .where(and(eq(loginChallenge.tokenHash, sha256(token)), gt(loginChallenge.expiresAt, new Date())));
  if (!row) throw new BusinessError(BusinessCode.BAD_REQUEST, messages.mfaChallengeGone);
  return row;
};

/** Ends a challenge; false when another request already did (only one may become a session). */
export const consumeChallenge = async (db: Db, token: string) => {
  const gone = await db
    .delete(loginChallenge)
    .where(eq(loginChallenge.tokenHash, sha256(token)))
    .returning({ accountId: loginChallenge.accountId });
  return gone.length > 0;
};

/** True when the account has a bound authenticator. */
export const hasMfa = async (db: Db, accountId: number) => {
  const [row] = await db
    .select({ n: sql<number>`1` })
    .from(accountMfa)
    .where(and(eq(accountMfa.accountId, accountId), isNotNull(accountMfa.enabledAt)));
  return row !== undefined;
};
