/**
 * The server's own SMTP settings (MAIL_*), validated with the rest of the environment at start-up
 * (config.ts). Unset MAIL_SMTP_HOST: what would be mailed is written to the log, like SMS_PROVIDER=log.
 */
import { z } from 'zod';
import { envInt } from './env-fields';
import type { SmtpSettings } from './mail';

export const mailEnvSchema = {
  /**
   * SMTP server for the e-mails the server sends itself (the code that proves a backup e-mail). Unset: the
   * code is written to the server log instead, like SMS_PROVIDER=log.
   */
  MAIL_SMTP_HOST: z.string().min(1).optional(),
  MAIL_SMTP_PORT: envInt(1, 65535).default(587),
  MAIL_SMTP_TLS: z
    .enum(['tls', 'starttls', 'none'], { error: 'must be tls, starttls or none' })
    .default('starttls'),
  MAIL_SMTP_USER: z.string().optional(),
  MAIL_SMTP_PASSWORD: z.string().optional(),
  MAIL_FROM: z.string().min(3).optional(),
};

type MailEnv = z.output<z.ZodObject<typeof mailEnvSchema>>;

/** The SMTP settings, or null when no host is set. */
export const mailConfigOf = (e: MailEnv): SmtpSettings | null =>
  e.MAIL_SMTP_HOST
    ? {
        host: e.MAIL_SMTP_HOST,
        port: e.MAIL_SMTP_PORT,
        tls: e.MAIL_SMTP_TLS,
        user: e.MAIL_SMTP_USER,
        password: e.MAIL_SMTP_PASSWORD,
        from:
          e.MAIL_FROM ?? (e.MAIL_SMTP_USER?.includes('@') ? e.MAIL_SMTP_USER : `yuexun@${e.MAIL_SMTP_HOST}`),
      }
    : null;
