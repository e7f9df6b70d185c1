/**
 * Sending one e-mail over SMTP with nodemailer: the mailer of the e-mail alert channels, and of the codes
 * that prove a backup address (with the server's MAIL_* settings). TLS from the start, STARTTLS required,
 * or none; login when a user is set. Resolves with the server's answer; any failure throws.
 */

export type SmtpTls = 'tls' | 'starttls' | 'none';

export interface SmtpSettings {
  host: string;
  port: number;
  tls: SmtpTls;
  user?: string;
  password?: string;
  from: string;
}

export interface Mail {
  to: string[];
  subject: string;
  text: string;
}

export const sendMail = async (smtp: SmtpSettings, mail: Mail, timeoutMs: number) => {
  // Loaded on the first mail, not at start (about 6 MB resident): many sites never configure SMTP.
  const { default: nodemailer } = await import('nodemailer');
  const transport = nodemailer.createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: smtp.tls === 'tls',
    requireTLS: smtp.tls === 'starttls',
    ignoreTLS: smtp.tls === 'none',
    auth: smtp.user ? { user: smtp.user, pass: smtp.password ?? '' } : undefined,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  });
  try {
    const info = await transport.sendMail({
      from: smtp.from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
    });
    return String(info.response ?? '');
  } finally {
    transport.close();
  }
};
