/**
 * The security tab's real values on both drivers: the backup e-mail proven by a code sent over SMTP (a real
 * smtp-server in this process), the password strength judged by zxcvbn when the password changes, and the
 * audit lines of both.
 */
import type { AddressInfo } from 'node:net';
import {
  changePasswordAccount,
  createStaffTenant,
  inquireAccountSettingsAccount,
  inquireStaffAuditLogTenant,
  saveAccountPreferencesAccount,
  sendBackupEmailCodeAccount,
  verifyBackupEmailAccount,
} from '@yuexun/contract';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, freshPhone, loginWithPassword, sessionOf } from '../../test/accounts';
import { only } from '../../test/admin';
import { drivers, startServer, type TestServer } from '../../test/server';

interface Received {
  to: string[];
  raw: string;
}

const startSmtp = async () => {
  const received: Received[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback(null, 'queued');
      });
    },
  });
  await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', r));
  return {
    port: (smtp.server.address() as AddressInfo).port,
    received,
    close: () => new Promise<void>((r) => smtp.close(() => r())),
  };
};

/** The 6-digit code of the last mail to `to` (the subject carries it, encoded or not). */
const codeIn = (mail: Received | undefined) => {
  const subject = mail?.raw.match(/^Subject: (.+)$/m)?.[1] ?? '';
  const decoded = subject.replace(/=\?UTF-8\?B\?([^?]+)\?=/gi, (_, b64: string) =>
    Buffer.from(b64, 'base64').toString('utf8'),
  );
  return decoded.match(/\d{6}/)?.[0] ?? '';
};

describe.each(drivers)('security tab on %s', (driver) => {
  let server: TestServer;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let admin: string;

  const member = async () => {
    const made = only(
      await callAs(server, createStaffTenant, admin, {
        name: '贺安全',
        phone: freshPhone(),
        access: 'user',
        credential: 'password',
      }),
    );
    const { body } = await loginWithPassword(server, made.member.phone, made.initialPassword);
    return { sid: body.datas[0].sid as string, password: made.initialPassword as string };
  };

  beforeAll(async () => {
    smtp = await startSmtp();
    server = await startServer(driver, {
      mail: { host: '127.0.0.1', port: smtp.port, tls: 'none', from: 'noreply@yuexun.test' },
    });
    admin = await sessionOf(server, 'admin');
  });
  afterAll(async () => {
    await server.close();
    await smtp.close();
  });

  it('proves a backup e-mail by the code sent there; a wrong code leaves it unset', async () => {
    const { sid } = await member();
    const sent = await callAs(server, sendBackupEmailCodeAccount, sid, { email: 'he.anquan@example.edu.cn' });
    expect(only(sent)).toEqual({ expiresInSeconds: 600, resendInSeconds: 60 });
    const mail = smtp.received.at(-1);
    expect(mail?.to).toEqual(['he.anquan@example.edu.cn']);
    const code = codeIn(mail);
    expect(code).toMatch(/^\d{6}$/);

    const tooSoon = await callAs(server, sendBackupEmailCodeAccount, sid, {
      email: 'he.anquan@example.edu.cn',
    });
    expect(tooSoon.body).toMatchObject({ success: false, errorCode: 429 });

    const wrong = await callAs(server, verifyBackupEmailAccount, sid, {
      code: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.body).toMatchObject({ success: false, errorCode: 400, errors: [{ field: 'code' }] });
    expect(only(await callAs(server, inquireAccountSettingsAccount, sid)).security.backupEmail).toBeNull();

    expect(only(await callAs(server, verifyBackupEmailAccount, sid, { code }))).toEqual({
      backupEmail: 'he.anquan@example.edu.cn',
    });
    expect(only(await callAs(server, inquireAccountSettingsAccount, sid)).security.backupEmail).toBe(
      'he.anquan@example.edu.cn',
    );
    // Used: the same code again is refused.
    expect((await callAs(server, verifyBackupEmailAccount, sid, { code })).body.success).toBe(false);
    // The preferences form can no longer set it without a code.
    await callAs(server, saveAccountPreferencesAccount, sid, { backupEmail: 'x@example.com' });
    expect(only(await callAs(server, inquireAccountSettingsAccount, sid)).security.backupEmail).toBe(
      'he.anquan@example.edu.cn',
    );
    const bad = await callAs(server, sendBackupEmailCodeAccount, sid, { email: 'not-an-address' });
    expect(bad.body).toMatchObject({ success: false, errorCode: 400, errors: [{ field: 'email' }] });
    // Issue 31: only siteId gave a 500 (the database refused the missing address); empty was a 400.
    const sentBefore = smtp.received.length;
    for (const input of [{}, { email: '' }]) {
      const missing = await callAs(server, sendBackupEmailCodeAccount, sid, input);
      expect(missing.status).toBeLessThan(500);
      expect(missing.body).toMatchObject({
        success: false,
        errorCode: 400,
        errors: [{ field: 'email', message: '请输入备用邮箱' }],
      });
    }
    expect(smtp.received.length).toBe(sentBefore);
  });

  it('stops after five wrong codes: even the right one must be sent again', async () => {
    const { sid } = await member();
    only(await callAs(server, sendBackupEmailCodeAccount, sid, { email: 'five@example.edu.cn' }));
    const code = codeIn(smtp.received.at(-1));
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) await callAs(server, verifyBackupEmailAccount, sid, { code: wrong });
    expect((await callAs(server, verifyBackupEmailAccount, sid, { code })).body).toMatchObject({
      success: false,
      errorMessage: '邮箱验证码不正确或已过期，请重新获取',
    });
  });

  it('judges the password strength by how guessable it is, not by its length alone', async () => {
    const { sid, password } = await member();
    let current = password;
    const strengthOf = async (next: string) => {
      const res = await callAs(server, changePasswordAccount, sid, {
        oldPassword: current,
        newPassword: next,
      });
      current = next;
      return only(res).passwordStrength;
    };
    // Long enough and with letters and digits, but a dictionary word and a year: weak.
    expect(await strengthOf('password2024')).toBe('weak');
    expect(await strengthOf('Yuexun2026')).toBe('medium');
    expect(await strengthOf('tv7#Lq9-brisk-Omen')).toBe('strong');
    expect(only(await callAs(server, inquireAccountSettingsAccount, sid)).security.passwordStrength).toBe(
      'strong',
    );
    const log = (await callAs(server, inquireStaffAuditLogTenant, admin, { targetType: 'account' })).body
      .datas;
    expect(log.slice(0, 4).map((l: { action: string }) => l.action)).toEqual([
      'change_password',
      'change_password',
      'change_password',
      'verify_email',
    ]);
    expect(log[0].detail).toMatchObject({ name: '贺安全', strength: 'strong' });
  });
});
