/**
 * The security tab's own steps: binding and unbinding the authenticator (TOTP), renewing recovery codes, and
 * proving a backup e-mail by a code sent there. A code typed here counts against the account like a password
 * at login (reserveAttempt): someone holding a stolen session cannot guess their way to unbinding it.
 */
import { createHash, randomInt } from 'node:crypto';
import {
  BusinessCode,
  EMAIL_CODE_LENGTH,
  EMAIL_CODE_RESEND_SECONDS,
  EMAIL_CODE_TTL_SECONDS,
  messages,
} from '@yuexun/contract';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { account, accountProfile, emailCode } from '../db/schema';
import { type Actor, recordAudit } from '../shared/audit';
import {
  accountKey,
  ipKey,
  type LoginLimits,
  releaseAttempt,
  reserveAttempt,
} from '../shared/auth/login-limit';
import {
  acceptTotp,
  beginEnrolment,
  issueRecoveryCodes,
  mfaRequiredFor,
  removeMfa,
} from '../shared/auth/mfa';
import { BusinessError } from '../shared/errors';
import { type SmtpSettings, sendMail } from '../shared/mail';

export interface SecurityContext {
  db: Db;
  actor: Actor;
  limits: LoginLimits;
}

const whoIs = async (db: Db, accountId: number) => {
  const [row] = await db
    .select({ username: account.username, name: account.name })
    .from(account)
    .where(eq(account.id, accountId));
  if (!row) throw new BusinessError(BusinessCode.NOT_LOGGED_IN);
  return row;
};

const codeError = (message: string) =>
  new BusinessError(BusinessCode.BAD_REQUEST, message, [{ field: 'code', message }]);

/** Checks a code of the bound (or, enrolling, the new) authenticator; counted like a login attempt. */
const requireCode = async (ctx: SecurityContext, username: string, code: string, enrolling: boolean) => {
  const reservation = await reserveAttempt(
    ctx.db,
    { account: accountKey(username), ip: ipKey(ctx.actor.ipHash) },
    ctx.limits,
  );
  if (!reservation.granted)
    throw new BusinessError(
      BusinessCode.TOO_MANY_REQUESTS,
      messages.loginLocked(Math.ceil(reservation.lockedForMs / 60_000)),
    );
  const check = await acceptTotp(ctx.db, ctx.actor.accountId, code, enrolling);
  if (!check.ok) {
    if (check.reason === 'none')
      throw new BusinessError(
        BusinessCode.CONFLICT,
        enrolling ? messages.mfaEnrolmentMissing : messages.mfaNotEnabled,
      );
    throw codeError(check.reason === 'reused' ? messages.mfaCodeReused : messages.mfaCodeWrong);
  }
  await releaseAttempt(ctx.db, reservation, ctx.limits);
};

export const startEnrolment = async (db: Db, accountId: number) =>
  beginEnrolment(db, accountId, (await whoIs(db, accountId)).username);

export const confirmEnrolment = async (ctx: SecurityContext, code: string) => {
  const me = await whoIs(ctx.db, ctx.actor.accountId);
  await requireCode(ctx, me.username, code, true);
  return ctx.db.transaction(async (tx) => {
    const recoveryCodes = await issueRecoveryCodes(tx, ctx.actor.accountId);
    await recordAudit(tx, ctx.actor, {
      action: 'bind',
      targetType: 'mfa',
      targetId: ctx.actor.accountId,
      detail: { name: me.name },
    });
    return { recoveryCodes };
  });
};

export const disableMfa = async (ctx: SecurityContext, code: string) => {
  const me = await whoIs(ctx.db, ctx.actor.accountId);
  if (await mfaRequiredFor(ctx.db, ctx.actor.accountId))
    throw new BusinessError(BusinessCode.FORBIDDEN, messages.mfaRequiredCannotDisable);
  await requireCode(ctx, me.username, code, false);
  await ctx.db.transaction(async (tx) => {
    await removeMfa(tx, ctx.actor.accountId);
    await recordAudit(tx, ctx.actor, {
      action: 'unbind',
      targetType: 'mfa',
      targetId: ctx.actor.accountId,
      detail: { name: me.name },
    });
  });
};

export const regenerateRecoveryCodes = async (ctx: SecurityContext, code: string) => {
  const me = await whoIs(ctx.db, ctx.actor.accountId);
  await requireCode(ctx, me.username, code, false);
  return ctx.db.transaction(async (tx) => {
    const recoveryCodes = await issueRecoveryCodes(tx, ctx.actor.accountId);
    await recordAudit(tx, ctx.actor, {
      action: 'regenerate',
      targetType: 'mfa',
      targetId: ctx.actor.accountId,
      detail: { name: me.name },
    });
    return { recoveryCodes };
  });
};

const MAX_EMAIL_ATTEMPTS = 5;
const hashCode = (accountId: number, code: string) =>
  createHash('sha256').update(`${accountId}:${code}`).digest('hex');

export interface Mailer {
  smtp: SmtpSettings | null;
  timeoutMs: number;
  log: FastifyBaseLogger;
  /** Counts each mail as sent or failed (yuexun_mail_sends_total). */
  counted?: (outcome: 'sent' | 'failed') => void;
}

/** Sends a 6-digit code to the address; it becomes the backup e-mail only once the code comes back. */
export const sendBackupEmailCode = async (db: Db, mailer: Mailer, accountId: number, email: string) => {
  const [last] = await db.select().from(emailCode).where(eq(emailCode.accountId, accountId));
  const waited = last ? (Date.now() - last.sentAt.getTime()) / 1000 : Number.POSITIVE_INFINITY;
  if (waited < EMAIL_CODE_RESEND_SECONDS)
    throw new BusinessError(
      BusinessCode.TOO_MANY_REQUESTS,
      messages.emailCodeTooSoon(Math.ceil(EMAIL_CODE_RESEND_SECONDS - waited)),
    );
  const code = String(randomInt(10 ** EMAIL_CODE_LENGTH)).padStart(EMAIL_CODE_LENGTH, '0');
  const row = {
    accountId,
    email,
    codeHash: hashCode(accountId, code),
    attempts: 0,
    sentAt: new Date(),
    expiresAt: new Date(Date.now() + EMAIL_CODE_TTL_SECONDS * 1000),
  };
  await db.insert(emailCode).values(row).onConflictDoUpdate({ target: emailCode.accountId, set: row });
  const { name } = await whoIs(db, accountId);
  const text = [
    `${name}，您好：`,
    '',
    `您正在把此邮箱设为悦讯管理后台的备用邮箱，验证码：${code}`,
    `${EMAIL_CODE_TTL_SECONDS / 60} 分钟内有效。如果不是您本人操作，请忽略这封邮件。`,
  ].join('\n');
  if (!mailer.smtp) {
    mailer.log.info({ email, code }, 'email code (log mailer)');
  } else {
    try {
      await sendMail(
        mailer.smtp,
        { to: [email], subject: `备用邮箱验证码：${code}`, text },
        mailer.timeoutMs,
      );
      mailer.counted?.('sent');
    } catch (error) {
      mailer.counted?.('failed');
      mailer.log.warn({ err: error }, 'backup e-mail code not sent');
      await db.delete(emailCode).where(eq(emailCode.accountId, accountId));
      throw new BusinessError(BusinessCode.UNAVAILABLE, messages.emailSendFailed);
    }
  }
  return { expiresInSeconds: EMAIL_CODE_TTL_SECONDS, resendInSeconds: EMAIL_CODE_RESEND_SECONDS };
};

export const verifyBackupEmail = async (db: Db, actor: Actor, code: string) =>
  db
    .transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(emailCode)
        .where(eq(emailCode.accountId, actor.accountId))
        .for('update');
      const fresh = row && row.expiresAt.getTime() > Date.now() && row.attempts < MAX_EMAIL_ATTEMPTS;
      if (!row || !fresh || row.codeHash !== hashCode(actor.accountId, code)) {
        if (row && fresh)
          await tx
            .update(emailCode)
            .set({ attempts: row.attempts + 1 })
            .where(eq(emailCode.accountId, actor.accountId));
        // The refusal must keep the counted attempt: answered outside the transaction's rollback.
        return null;
      }
      await tx.delete(emailCode).where(eq(emailCode.accountId, actor.accountId));
      await tx
        .insert(accountProfile)
        .values({ accountId: actor.accountId, backupEmail: row.email })
        .onConflictDoUpdate({
          target: accountProfile.accountId,
          set: { backupEmail: row.email, updatedAt: new Date() },
        });
      const { name } = await whoIs(tx, actor.accountId);
      await recordAudit(tx, actor, {
        action: 'verify_email',
        targetType: 'account',
        targetId: actor.accountId,
        detail: { name, email: row.email },
      });
      return { backupEmail: row.email };
    })
    .then((done) => {
      if (!done) throw codeError(messages.emailCodeWrong);
      return done;
    });
