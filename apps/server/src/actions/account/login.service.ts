/**
 * Login by password or SMS code. Unknown users and wrong passwords get the same message after
 * the same scrypt work; failures count per account and per client address (login-limit.service).
 * Every login makes a new session id, and a session id presented with the login is ended: an id
 * planted by someone else before login is never the one that becomes logged in.
 */
import { BusinessCode, type LoginResult, messages } from '@yuexun/contract';
import { eq, sql } from 'drizzle-orm';
import { requireCaptcha } from '../../auth/captcha.service';
import {
  accountKey,
  clearFailures,
  ipKey,
  type LoginLimits,
  lockedFor,
  recordAccountFailure,
  recordIpFailure,
} from '../../auth/login-limit.service';
import { verifyAgainstDummy, verifyPassword } from '../../auth/password';
import {
  createSession,
  deleteSession,
  purgeExpiredSessions,
  type SessionPolicy,
} from '../../auth/session.service';
import { hashSessionId, isWellFormedSessionId } from '../../auth/session-id';
import type { Db } from '../../db/client';
import { account } from '../../db/schema';
import { BusinessError } from '../../errors';
import { defaultTenantOf } from './account.service';

export interface LoginContext {
  db: Db;
  secret: string;
  ipHash: string;
  limits: LoginLimits;
  policy: SessionPolicy;
  /** A session id the client already had; ended on successful login. */
  presentedSid: string | null;
}

const refuseIfLocked = async (db: Db, keys: string[]) => {
  const ms = await lockedFor(db, keys);
  if (ms > 0) {
    throw new BusinessError(BusinessCode.TOO_MANY_REQUESTS, messages.loginLocked(Math.ceil(ms / 60_000)));
  }
};

const startSession = async (ctx: LoginContext, found: { id: number; name: string }): Promise<LoginResult> => {
  if (ctx.presentedSid && isWellFormedSessionId(ctx.presentedSid)) {
    await deleteSession(ctx.db, hashSessionId(ctx.presentedSid));
  }
  // Logins are rare next to page views: a good moment to sweep sessions that ran out unseen.
  await purgeExpiredSessions(ctx.db);
  const tenant = await defaultTenantOf(ctx.db, found.id);
  const sid = await createSession(ctx.db, found.id, tenant?.tenantId ?? null, ctx.policy);
  return {
    sid,
    accountId: found.id,
    name: found.name,
    access: tenant?.access ?? null,
    tenantId: tenant?.tenantId ?? null,
  };
};

export const loginWithPassword = async (ctx: LoginContext, username: string, password: string) => {
  const keys = [accountKey(username), ipKey(ctx.ipHash)];
  await refuseIfLocked(ctx.db, keys);
  const [found] = await ctx.db
    .select({ id: account.id, name: account.name, passwordHash: account.passwordHash })
    .from(account)
    .where(eq(sql`lower(${account.username})`, username.toLowerCase()));
  const ok = found?.passwordHash
    ? await verifyPassword(password, found.passwordHash)
    : await verifyAgainstDummy(password);
  if (!found || !ok) {
    await recordAccountFailure(ctx.db, keys[0] as string, ctx.limits);
    await recordIpFailure(ctx.db, keys[1] as string, ctx.limits);
    throw new BusinessError(BusinessCode.BAD_REQUEST, messages.loginFailed);
  }
  await clearFailures(ctx.db, keys[0] as string);
  return startSession(ctx, found);
};

export const loginWithCaptcha = async (ctx: LoginContext, phone: string, captcha: string) => {
  const ip = ipKey(ctx.ipHash);
  await refuseIfLocked(ctx.db, [ip]);
  try {
    await requireCaptcha(ctx.db, ctx.secret, phone, 'login', captcha);
  } catch (error) {
    await recordIpFailure(ctx.db, ip, ctx.limits);
    throw error;
  }
  const [found] = await ctx.db
    .select({ id: account.id, name: account.name })
    .from(account)
    .where(eq(account.phone, phone));
  if (!found) {
    await recordIpFailure(ctx.db, ip, ctx.limits);
    throw new BusinessError(BusinessCode.BAD_REQUEST, messages.loginFailed);
  }
  return startSession(ctx, found);
};
