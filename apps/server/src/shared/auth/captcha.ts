/**
 * SMS captcha codes: six digits, valid five minutes, one send per phone per minute, five wrong
 * tries per code, usable once. Only a keyed hash of the code is stored.
 */
import { createHmac, randomInt } from 'node:crypto';
import {
  BusinessCode,
  CAPTCHA_RESEND_SECONDS,
  CAPTCHA_TTL_SECONDS,
  type CaptchaPurpose,
  messages,
} from '@yuexun/contract';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { smsCode } from '../../db/schema';
import { BusinessError } from '../errors';
import type { SmsProvider } from './sms-provider';

const MAX_TRIES = 5;

const hashCode = (secret: string, phone: string, purpose: string, code: string) =>
  createHmac('sha256', secret).update(`${phone}:${purpose}:${code}`).digest('hex');

export const sendCaptcha = async (
  db: Db,
  sms: SmsProvider,
  secret: string,
  phone: string,
  purpose: CaptchaPurpose,
) => {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await db.transaction(async (tx) => {
    // One send at a time per phone on every instance, so a burst cannot slip past the resend limit.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sms:${phone}`}))`);
    const [last] = await tx
      .select({ sentAt: smsCode.sentAt })
      .from(smsCode)
      .where(eq(smsCode.phone, phone))
      .orderBy(desc(smsCode.sentAt))
      .limit(1);
    const waitMs = last ? last.sentAt.getTime() + CAPTCHA_RESEND_SECONDS * 1000 - Date.now() : 0;
    if (waitMs > 0) {
      throw new BusinessError(
        BusinessCode.TOO_MANY_REQUESTS,
        messages.captchaTooSoon(Math.ceil(waitMs / 1000)),
      );
    }
    await tx.insert(smsCode).values({
      phone,
      purpose,
      codeHash: hashCode(secret, phone, purpose, code),
      expiresAt: new Date(Date.now() + CAPTCHA_TTL_SECONDS * 1000),
    });
  });
  await sms.sendCode(phone, code, purpose);
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
