/**
 * SMS captcha codes: six digits, valid five minutes, one send per phone per minute and a daily and
 * per-address limit, five wrong tries per code, usable once. Only a keyed hash of the code is stored.
 */
import { createHmac, randomInt } from 'node:crypto';
import {
  BusinessCode,
  CAPTCHA_RESEND_SECONDS,
  CAPTCHA_TTL_SECONDS,
  type CaptchaPurpose,
  messages,
} from '@yuexun/contract';
import { and, count, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { smsCode } from '../../db/schema';
import { BusinessError } from '../errors';
import { type SmsFailure, type SmsProvider, SmsSendError } from '../sms/sms-provider';

const MAX_TRIES = 5;

const hashCode = (secret: string, phone: string, purpose: string, code: string) =>
  createHmac('sha256', secret).update(`${phone}:${purpose}:${code}`).digest('hex');

export interface CaptchaLimits {
  /** Keyed hash of the client address asking. */
  ipHash: string;
  perPhonePerDay: number;
  perIpPerHour: number;
}

/** What the user is told when the provider refused to send (the provider's own code goes to the log). */
const failureMessage: Record<SmsFailure, { code: BusinessCode; message: string }> = {
  rate: { code: BusinessCode.TOO_MANY_REQUESTS, message: messages.smsProviderRateLimited },
  phone: { code: BusinessCode.BAD_REQUEST, message: messages.smsPhoneRefused },
  template: { code: BusinessCode.UNAVAILABLE, message: messages.smsMisconfigured },
  auth: { code: BusinessCode.UNAVAILABLE, message: messages.smsMisconfigured },
  unavailable: { code: BusinessCode.UNAVAILABLE, message: messages.smsUnavailable },
};

/**
 * Sends a new code unless a limit says no: one per phone per CAPTCHA_RESEND_SECONDS, perPhonePerDay per
 * phone in 24 hours, perIpPerHour per client address. The limits are counted in sms_code under advisory
 * locks on the phone and the address, so they hold over every instance on one database. A code the
 * provider refused is marked failed: it cannot log in and does not count as sent.
 */
export const sendCaptcha = async (
  db: Db,
  sms: SmsProvider,
  secret: string,
  phone: string,
  purpose: CaptchaPurpose,
  limits: CaptchaLimits,
  log: FastifyBaseLogger,
) => {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const id = await db.transaction(async (tx) => {
    // One send at a time per phone and per address on every instance, so a burst cannot slip past a limit.
    // The phone's lock is always taken first, so two sends never wait for each other in a circle.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sms:${phone}`}))`);
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sms-ip:${limits.ipHash}`}))`);
    const now = Date.now();
    const [last] = await tx
      .select({ sentAt: smsCode.sentAt })
      .from(smsCode)
      .where(and(eq(smsCode.phone, phone), ne(smsCode.status, 'failed')))
      .orderBy(desc(smsCode.sentAt))
      .limit(1);
    const waitMs = last ? last.sentAt.getTime() + CAPTCHA_RESEND_SECONDS * 1000 - now : 0;
    if (waitMs > 0) {
      throw new BusinessError(
        BusinessCode.TOO_MANY_REQUESTS,
        messages.captchaTooSoon(Math.ceil(waitMs / 1000)),
      );
    }
    const [day] = await tx
      .select({ n: count() })
      .from(smsCode)
      .where(
        and(
          eq(smsCode.phone, phone),
          ne(smsCode.status, 'failed'),
          gt(smsCode.sentAt, new Date(now - 24 * 3600_000)),
        ),
      );
    if ((day?.n ?? 0) >= limits.perPhonePerDay) {
      throw new BusinessError(BusinessCode.TOO_MANY_REQUESTS, messages.captchaDailyLimit);
    }
    // Every request of the address counts, failed ones too: a refused send still cost a provider call.
    const [hour] = await tx
      .select({ n: count() })
      .from(smsCode)
      .where(and(eq(smsCode.ipHash, limits.ipHash), gt(smsCode.sentAt, new Date(now - 3600_000))));
    if ((hour?.n ?? 0) >= limits.perIpPerHour) {
      throw new BusinessError(BusinessCode.TOO_MANY_REQUESTS, messages.captchaAddressLimit);
    }
    const [row] = await tx
      .insert(smsCode)
      .values({
        phone,
        purpose,
        codeHash: hashCode(secret, phone, purpose, code),
        expiresAt: new Date(now + CAPTCHA_TTL_SECONDS * 1000),
        status: 'sending',
        ipHash: limits.ipHash,
      })
      .returning({ id: smsCode.id });
    if (!row) throw new Error('sms_code insert returned nothing');
    return row.id;
  });
  try {
    await sms.sendCode(phone, code, purpose);
  } catch (err) {
    const failure = err instanceof SmsSendError ? err : new SmsSendError('unavailable', 'ERROR', String(err));
    await db
      .update(smsCode)
      .set({ status: 'failed', error: failure.providerCode.slice(0, 200) })
      .where(eq(smsCode.id, id));
    log.warn(
      {
        phone,
        purpose,
        reason: failure.reason,
        providerCode: failure.providerCode,
        providerMessage: failure.message,
      },
      'sms code not sent',
    );
    const { code: businessCode, message } = failureMessage[failure.reason];
    throw new BusinessError(businessCode, message);
  }
  await db.update(smsCode).set({ status: 'sent' }).where(eq(smsCode.id, id));
};

/** Consumes the phone's latest valid code if it matches; otherwise throws 400 验证码错误. */
export const consumeCaptcha = (
  db: Db,
  secret: string,
  phone: string,
  purpose: CaptchaPurpose,
  code: string,
) =>
  db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sms:${phone}`}))`);
    const [row] = await tx
      .select()
      .from(smsCode)
      .where(
        and(
          eq(smsCode.phone, phone),
          eq(smsCode.purpose, purpose),
          eq(smsCode.status, 'sent'),
          isNull(smsCode.usedAt),
          gt(smsCode.expiresAt, new Date()),
        ),
      )
      .orderBy(desc(smsCode.sentAt))
      .limit(1);
    if (!row || row.attempts >= MAX_TRIES) return false;
    if (row.codeHash !== hashCode(secret, phone, purpose, code)) {
      await tx
        .update(smsCode)
        .set({ attempts: row.attempts + 1 })
        .where(eq(smsCode.id, row.id));
      return false;
    }
    await tx.update(smsCode).set({ usedAt: new Date() }).where(eq(smsCode.id, row.id));
    return true;
  });

export const requireCaptcha = async (
  db: Db,
  secret: string,
  phone: string,
  purpose: CaptchaPurpose,
  code: string,
) => {
  if (!(await consumeCaptcha(db, secret, phone, purpose, code))) {
    throw new BusinessError(BusinessCode.BAD_REQUEST, messages.captchaWrong);
  }
};
