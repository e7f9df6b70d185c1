/**
 * Login by password or SMS code. Unknown users and wrong passwords get the same message after
 * the same scrypt work; failures count per account and per client address (login-limit.service).
 * Every login makes a new session id, and a session id presented with the login is ended: an id
 * planted by someone else before login is never the one that becomes logged in.
 */
import { BusinessCode, type LoginResult, messages } from '@yuexun/contract';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { account } from '../db/schema';
import { recordAudit } from '../shared/audit';
import { requireCaptcha } from '../shared/auth/captcha';
import type { ClientInfo } from '../shared/auth/client-info';
import {
  accountKey,
  ipKey,
  type LoginLimits,
  releaseAttempt,
  reserveAttempt,
} from '../shared/auth/login-limit';
import {
  acceptTotp,
  consumeChallenge,
  createChallenge,
  findChallenge,
  hasMfa,
  issueRecoveryCodes,
  mfaRequiredFor,
  useRecoveryCode,
} from '../shared/auth/mfa';
import { verifyAgainstDummy, verifyPassword } from '../shared/auth/password';
import {
  createSession,
  deleteSession,
  purgeExpiredSessions,
  type SessionPolicy,
} from '../shared/auth/session.service';
import { hashSessionId, isWellFormedSessionId } from '../shared/auth/session-id';
import { recordSignIn, type SignInMethod } from '../shared/auth/sign-in-history';
import { BusinessError } from '../shared/errors';
import { defaultTenantOf, isDisabledEverywhere } from './account.service';
import { refuseUnlessPasswordAllowed } from './sign-in-settings.service';

export interface LoginContext {
  db: Db;
  secret: string;
  ipHash: string;
  limits: LoginLimits;
  policy: SessionPolicy;
  /** A session id the client already had; ended on successful login. */
  presentedSid: string | null;
  client: ClientInfo;
  /** Counts a failed attempt, and whether it locked the account or the address (yuexun_login_*_total). */
  countFailure?: (locked: boolean) => void;
}

/** Counts the attempt before anything is checked; refuses it when the account or address is locked. */
const reserveOrRefuse = async (
  ctx: LoginContext,
  keys: { account: string | null; ip: string },
  accountId?: number,
  method?: SignInMethod,
) => {
  const reservation = await reserveAttempt(ctx.db, keys, ctx.limits);
  if (!reservation.granted) {
    ctx.countFailure?.(false);
    if (accountId !== undefined && method)
      await recordSignIn(ctx.db, ctx.client, accountId, 'locked', method);
    throw new BusinessError(
      BusinessCode.TOO_MANY_REQUESTS,
      messages.loginLocked(Math.ceil(reservation.lockedForMs / 60_000)),
    );
  }
  return reservation;
};

/** The session itself, once every factor the account needs has been given (after SSO: the provider's). */
export const openSession = async (
  ctx: LoginContext,
  found: { id: number; name: string },
  method: SignInMethod,
  /** After single sign-on: what the provider called the person, kept with the sign-in. */
  identity?: string,
): Promise<LoginResult> => {
  if (ctx.presentedSid && isWellFormedSessionId(ctx.presentedSid)) {
    await deleteSession(ctx.db, hashSessionId(ctx.presentedSid));
  }
  // Logins are rare next to page views: a good moment to sweep sessions that ran out unseen.
  await purgeExpiredSessions(ctx.db);
  const tenant = await defaultTenantOf(ctx.db, found.id);
  if (!tenant && (await isDisabledEverywhere(ctx.db, found.id)))
    throw new BusinessError(BusinessCode.FORBIDDEN, messages.staffDisabled);
  const sid = await createSession(ctx.db, found.id, tenant?.tenantId ?? null, ctx.policy, ctx.client);
  await recordSignIn(ctx.db, ctx.client, found.id, 'success', method, identity);
  return {
    sid,
    accountId: found.id,
    name: found.name,
    access: tenant?.access ?? null,
    tenantId: tenant?.tenantId ?? null,
    mfa: null,
    mfaToken: null,
  };
};

/**
 * The password or SMS code was right. An account with an authenticator (or one its organisation requires
 * to have one) gets a second step instead of a session: no session exists until that step is passed.
 */
const startSession = async (
  ctx: LoginContext,
  found: { id: number; name: string },
  method: 'password' | 'sms',
): Promise<LoginResult> => {
  const bound = await hasMfa(ctx.db, found.id);
  if (!bound && !(await mfaRequiredFor(ctx.db, found.id))) return openSession(ctx, found, method);
  if (await isDisabledEverywhere(ctx.db, found.id))
    throw new BusinessError(BusinessCode.FORBIDDEN, messages.staffDisabled);
  return {
    sid: null,
    accountId: found.id,
    name: found.name,
    access: null,
    tenantId: null,
    mfa: bound ? 'verify' : 'enrol',
    mfaToken: await createChallenge(ctx.db, found.id, method),
  };
};

export interface SecondStep {
  token: string;
  code?: string;
  recoveryCode?: string;
}

const refuse = async (
  ctx: LoginContext,
  accountId: number,
  reservation: { accountNowLocked: boolean; nowLocked: boolean },
  method: SignInMethod,
  message: string,
  field: 'code' | 'recoveryCode',
): Promise<never> => {
  ctx.countFailure?.(reservation.nowLocked);
  await recordSignIn(
    ctx.db,
    ctx.client,
    accountId,
    reservation.accountNowLocked ? 'locked' : 'failure',
    method,
  );
  throw new BusinessError(BusinessCode.BAD_REQUEST, message, [{ field, message }]);
};

/**
 * The second step: the authenticator's code or a recovery code, or (enrolment required) the first code of
 * the authenticator just scanned. Each attempt counts against the account like a password (a wrong code,
 * a reused one, a used recovery code), so guessing ends in the same lock.
 */
export const verifySecondStep = async (ctx: LoginContext, step: SecondStep) => {
  const challenge = await findChallenge(ctx.db, step.token);
  const [found] = await ctx.db
    .select({ id: account.id, name: account.name, username: account.username })
    .from(account)
    .where(eq(account.id, challenge.accountId));
  if (!found) throw new BusinessError(BusinessCode.BAD_REQUEST, messages.mfaChallengeGone);
  const method: SignInMethod = step.code === undefined ? 'recovery' : 'totp';
  const keys = { account: accountKey(found.username), ip: ipKey(ctx.ipHash) };
  const reservation = await reserveOrRefuse(ctx, keys, found.id, method);
  const enrolling = !(await hasMfa(ctx.db, found.id));
  let recoveryCodes: string[] | null = null;
  if (step.code !== undefined) {
    const check = await acceptTotp(ctx.db, found.id, step.code, enrolling);
    if (!check.ok) {
      const message =
        check.reason === 'reused'
          ? messages.mfaCodeReused
          : check.reason === 'none'
            ? messages.mfaEnrolmentMissing
            : messages.mfaCodeWrong;
      return refuse(ctx, found.id, reservation, method, message, 'code');
    }
  } else if (enrolling || !(await useRecoveryCode(ctx.db, found.id, step.recoveryCode ?? ''))) {
    return refuse(ctx, found.id, reservation, method, messages.mfaRecoveryWrong, 'recoveryCode');
  }
  if (!(await consumeChallenge(ctx.db, step.token)))
    throw new BusinessError(BusinessCode.BAD_REQUEST, messages.mfaChallengeGone);
  await releaseAttempt(ctx.db, reservation, ctx.limits);
  // Logged in the organisation the session will start in, whose admins read its audit log.
  const home = await defaultTenantOf(ctx.db, found.id);
  const actor = { accountId: found.id, tenantId: home?.tenantId ?? null, ipHash: ctx.ipHash };
  if (enrolling) {
    recoveryCodes = await issueRecoveryCodes(ctx.db, found.id);
    await recordAudit(ctx.db, actor, {
      action: 'bind',
      targetType: 'mfa',
      targetId: found.id,
      detail: { name: found.name, via: 'login' },
    });
  } else if (method === 'recovery') {
    await recordAudit(ctx.db, actor, {
      action: 'use_recovery',
      targetType: 'mfa',
      targetId: found.id,
      detail: { name: found.name },
    });
  }
  const result = await openSession(ctx, found, method);
  return { ...result, recoveryCodes };
};

export const loginWithPassword = async (ctx: LoginContext, username: string, password: string) => {
  const [found] = await ctx.db
    .select({ id: account.id, name: account.name, passwordHash: account.passwordHash })
    .from(account)
    .where(eq(sql`lower(${account.username})`, username.toLowerCase()));
  const keys = { account: accountKey(username), ip: ipKey(ctx.ipHash) };
  const reservation = await reserveOrRefuse(ctx, keys, found?.id, 'password');
  const ok = found?.passwordHash
    ? await verifyPassword(password, found.passwordHash)
    : await verifyAgainstDummy(password);
  if (!found || !ok) {
    ctx.countFailure?.(reservation.nowLocked);
    if (found) {
      const outcome = reservation.accountNowLocked ? 'locked' : 'failure';
      await recordSignIn(ctx.db, ctx.client, found.id, outcome, 'password');
    }
    throw new BusinessError(BusinessCode.BAD_REQUEST, messages.loginFailed);
  }
  await releaseAttempt(ctx.db, reservation, ctx.limits);
  await refuseUnlessPasswordAllowed(ctx.db, found.id);
  return startSession(ctx, found, 'password');
};

export const loginWithCaptcha = async (ctx: LoginContext, phone: string, captcha: string) => {
  const reservation = await reserveOrRefuse(ctx, { account: null, ip: ipKey(ctx.ipHash) });
  const [found] = await ctx.db
    .select({ id: account.id, name: account.name })
    .from(account)
    .where(eq(account.phone, phone));
  try {
    await requireCaptcha(ctx.db, ctx.secret, phone, 'login', captcha);
  } catch (error) {
    ctx.countFailure?.(reservation.nowLocked);
    if (found) await recordSignIn(ctx.db, ctx.client, found.id, 'failure', 'sms');
    throw error;
  }
  if (!found) {
    ctx.countFailure?.(reservation.nowLocked);
    throw new BusinessError(BusinessCode.BAD_REQUEST, messages.loginFailed);
  }
  await releaseAttempt(ctx.db, reservation, ctx.limits);
  await refuseUnlessPasswordAllowed(ctx.db, found.id);
  return startSession(ctx, found, 'sms');
};
