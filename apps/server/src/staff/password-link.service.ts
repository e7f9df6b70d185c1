/**
 * One-time password links (invitation of new staff, reset by an admin). The token is 32 random bytes
 * shown once; only its sha256 is stored. Opening a used, expired, replaced or tampered link changes
 * nothing and says which of these it is. Setting the password ends every session of the account.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  BusinessCode,
  INVITE_TTL_HOURS,
  messages,
  type PasswordLinkPurpose,
  RESET_TTL_HOURS,
} from '@yuexun/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { account, accountProfile, loginAttempt, passwordLink, session } from '../db/schema';
import { recordAudit } from '../shared/audit';
import { accountKey } from '../shared/auth/login-limit';
import { hashPassword } from '../shared/auth/password';
import { passwordStrength } from '../shared/auth/password-strength';
import { BusinessError } from '../shared/errors';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Makes a new link for the account; any earlier unused link of it stops working. */
export const issuePasswordLink = async (
  tx: Db,
  input: { accountId: number; tenantId: number; purpose: PasswordLinkPurpose; createdBy: number },
) => {
  const now = new Date();
  await tx
    .update(passwordLink)
    .set({ usedAt: now })
    .where(and(eq(passwordLink.accountId, input.accountId), isNull(passwordLink.usedAt)));
  const token = randomBytes(32).toString('base64url');
  const hours = input.purpose === 'invite' ? INVITE_TTL_HOURS : RESET_TTL_HOURS;
  const expiresAt = new Date(now.getTime() + hours * 3600_000);
  await tx.insert(passwordLink).values({ ...input, tokenHash: hashToken(token), expiresAt });
  return { token, expiresAt: expiresAt.toISOString() };
};

const findLink = async (db: Db, token: string) => {
  const [row] = await db
    .select({
      id: passwordLink.id,
      accountId: passwordLink.accountId,
      tenantId: passwordLink.tenantId,
      purpose: passwordLink.purpose,
      expiresAt: passwordLink.expiresAt,
      usedAt: passwordLink.usedAt,
      name: account.name,
      username: account.username,
    })
    .from(passwordLink)
    .innerJoin(account, eq(account.id, passwordLink.accountId))
    .where(eq(passwordLink.tokenHash, hashToken(token)));
  if (!row) throw new BusinessError(BusinessCode.NOT_FOUND, messages.passwordLinkInvalid);
  if (row.usedAt) throw new BusinessError(BusinessCode.CONFLICT, messages.passwordLinkUsed);
  if (row.expiresAt.getTime() <= Date.now())
    throw new BusinessError(BusinessCode.CONFLICT, messages.passwordLinkExpired);
  return row;
};

export const describePasswordLink = async (db: Db, token: string) => {
  const row = await findLink(db, token);
  return {
    purpose: row.purpose as PasswordLinkPurpose,
    name: row.name,
    username: row.username,
    expiresAt: row.expiresAt.toISOString(),
  };
};

export const setPasswordByLink = async (db: Db, token: string, newPassword: string, ipHash: string) => {
  const hash = await hashPassword(newPassword);
  return db.transaction(async (tx) => {
    const row = await findLink(tx, token);
    // Claimed in the same statement that checks it is unused: two tabs submitting at once, one wins.
    const claimed = await tx
      .update(passwordLink)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordLink.id, row.id), isNull(passwordLink.usedAt)))
      .returning({ id: passwordLink.id });
    if (claimed.length === 0) throw new BusinessError(BusinessCode.CONFLICT, messages.passwordLinkUsed);
    await tx.update(account).set({ passwordHash: hash }).where(eq(account.id, row.accountId));
    const strength = await passwordStrength(newPassword, [row.username, row.name]);
    await tx
      .insert(accountProfile)
      .values({ accountId: row.accountId, passwordStrength: strength })
      .onConflictDoUpdate({ target: accountProfile.accountId, set: { passwordStrength: strength } });
    await tx.delete(session).where(eq(session.accountId, row.accountId));
    // A new password is a fresh start: an account locked by someone guessing is unlocked.
    await tx.delete(loginAttempt).where(eq(loginAttempt.key, accountKey(row.username)));
    await recordAudit(
      tx,
      { accountId: row.accountId, tenantId: row.tenantId, ipHash },
      {
        action: 'set_password',
        targetType: 'account',
        targetId: row.accountId,
        detail: { name: row.name, via: row.purpose },
      },
    );
    return { username: row.username };
  });
};
