/**
 * Real SMS providers through local stand-ins of their APIs (test/sms-standins.ts), which check each
 * request's signature as Aliyun and Tencent Cloud document it: phone login end to end, provider errors
 * as Chinese messages with no usable code, and the limits held over two instances on one database.
 */
import { actionPath, loginAccount, SITE_ID, sendCaptchaAccount } from '@yuexun/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, freshPhone, sendCode } from '../../test/accounts';
import { drivers, startServer, type TestServer } from '../../test/server';
import { type SmsStandIn, startSmsStandIn } from '../../test/sms-standins';
import { loadConfig } from '../config';
import { smsCode } from '../db/schema';

const LOGIN = actionPath(loginAccount);
const mobileLogin = (server: TestServer, phone: string, captcha: string) =>
  server.post(LOGIN, { siteId: SITE_ID, loginType: 'mobile', phone, captcha });

describe('SMS provider configuration', () => {
  it('needs keys, signature and template for a real provider, and the SdkAppId for Tencent', () => {
    expect(() => loadConfig({ SMS_PROVIDER: 'aliyun' })).toThrow(
      'Invalid configuration: SMS_ACCESS_KEY_ID is required when SMS_PROVIDER is aliyun',
    );
    const aliyun = {
      SMS_ACCESS_KEY_ID: 'id',
      SMS_ACCESS_KEY_SECRET: 's',
      SMS_SIGN_NAME: '悦讯',
      SMS_TEMPLATE_ID: 'SMS_1',
    };
    expect(() => loadConfig({ SMS_PROVIDER: 'tencent', ...aliyun })).toThrow(
      'Invalid configuration: SMS_SDK_APP_ID is required when SMS_PROVIDER is tencent',
    );
    expect(() => loadConfig({ SMS_PROVIDER: 'huawei' })).toThrow(
      /SMS_PROVIDER must be one of log, aliyun, tencent/,
    );
    expect(() => loadConfig({ SMS_PROVIDER: 'aliyun', ...aliyun, SMS_ENDPOINT: 'ftp://x' })).toThrow(
      /SMS_ENDPOINT/,
    );
    expect(loadConfig({ SMS_PROVIDER: 'aliyun', ...aliyun }).sms).toMatchObject({
      provider: 'aliyun',
      region: 'cn-hangzhou',
      endpoint: 'https://dysmsapi.aliyuncs.com/',
      perPhonePerDay: 10,
    });
    expect(
      loadConfig({ SMS_PROVIDER: 'tencent', ...aliyun, SMS_SDK_APP_ID: '1400006666' }).sms,
    ).toMatchObject({
      provider: 'tencent',
      region: 'ap-guangzhou',
      endpoint: 'https://sms.tencentcloudapi.com/',
    });
    expect(loadConfig({}).sms.provider).toBe('log');
  });
});

describe.each(drivers)('SMS providers on %s', (driver) => {
  describe.each(['aliyun', 'tencent'] as const)('%s', (provider) => {
    let standIn: SmsStandIn;
    let server: TestServer;
    beforeAll(async () => {
      standIn = await startSmsStandIn(provider);
      server = await startServer(driver, { sms: standIn.config(), trustProxy: true });
    });
    afterAll(async () => {
      await server.close();
      await standIn.close();
    });

    it('logs in by phone with the code the provider delivered (signature verified by the stand-in)', async () => {
      await server.app.db.delete(smsCode).where(eq(smsCode.phone, DEMO.admin.phone));
      const sent = await sendCode(server, DEMO.admin.phone);
      expect(sent.body).toMatchObject({
        success: true,
        datas: [{ expiresInSeconds: 300, resendInSeconds: 60 }],
      });
      expect(standIn.badSignatures).toBe(0);
      expect(standIn.received.at(-1)).toMatchObject({
        phone: DEMO.admin.phone,
        signName: '悦讯科技',
        templateId: provider === 'aliyun' ? 'SMS_465320001' : '2096001',
      });
      const code = standIn.lastCodeFor(DEMO.admin.phone);
      expect(code).toMatch(/^\d{6}$/);
      // The code never reaches the log when a real provider sends it.
      expect(server.logLines().join('\n')).not.toContain(code);
      const { body } = await mobileLogin(server, DEMO.admin.phone, code);
      expect(body).toMatchObject({ success: true, message: '登录成功！', datas: [{ access: 'admin' }] });
    });

    it('teacher registration codes go through the provider too', async () => {
      const phone = freshPhone();
      const sent = await sendCode(server, phone, 'register');
      expect(sent.body.success).toBe(true);
      expect(standIn.lastCodeFor(phone)).toMatch(/^\d{6}$/);
    });

    const errors =
      provider === 'aliyun'
        ? [
            ['isv.BUSINESS_LIMIT_CONTROL', 429, '短信发送过于频繁，请稍后再试'],
            ['isv.SMS_TEMPLATE_ILLEGAL', 503, '短信服务暂不可用，请联系网站管理员'],
            ['isv.MOBILE_NUMBER_ILLEGAL', 400, '该手机号暂时无法接收短信，请检查号码后重试'],
            ['isp.SYSTEM_ERROR', 503, '短信发送失败，请稍后再试'],
          ]
        : [
            ['LimitExceeded.PhoneNumberThirtySecondLimit', 429, '短信发送过于频繁，请稍后再试'],
            ['FailedOperation.TemplateIncorrectOrUnapproved', 503, '短信服务暂不可用，请联系网站管理员'],
            ['InvalidParameterValue.IncorrectPhoneNumber', 400, '该手机号暂时无法接收短信，请检查号码后重试'],
            ['InternalError.Timeout', 503, '短信发送失败，请稍后再试'],
          ];
    it.each(errors)(
      'provider error %s → %s %s, logged, no usable code',
      async (providerCode, status, message) => {
        const phone = DEMO.user.phone;
        await server.app.db.delete(smsCode).where(eq(smsCode.phone, phone));
        standIn.failNext(providerCode as string);
        const { body } = await sendCode(server, phone);
        expect(body).toMatchObject({ success: false, errorCode: status, errorMessage: message });
        const rows = await server.app.db.select().from(smsCode).where(eq(smsCode.phone, phone));
        expect(rows.map((r) => [r.status, r.error])).toEqual([['failed', providerCode]]);
        expect(
          server
            .logLines()
            .some((l) => l.includes('sms code not sent') && l.includes(providerCode as string)),
        ).toBe(true);
        // Whatever code was drawn cannot log in: try every code the stand-in was ever given for the phone too.
        for (const r of standIn.received.filter((m) => m.phone === phone)) {
          expect((await mobileLogin(server, phone, r.code)).body).toMatchObject({
            errorMessage: '验证码错误',
          });
        }
        // A failed send does not count as sent: asking again at once works.
        const again = await sendCode(server, phone);
        expect(again.body.success).toBe(true);
        const code = standIn.lastCodeFor(phone);
        expect((await mobileLogin(server, phone, code)).body).toMatchObject({ success: true });
      },
    );

    it('a wrong key secret fails the signature check: 503 and a message for the user, nothing delivered', async () => {
      const wrong = await startServer(driver, { sms: standIn.config({ accessKeySecret: 'not-the-secret' }) });
      try {
        const before = standIn.received.length;
        const bad = standIn.badSignatures;
        const { body } = await sendCode(wrong, freshPhone());
        expect(body).toMatchObject({
          success: false,
          errorCode: 503,
          errorMessage: '短信服务暂不可用，请联系网站管理员',
        });
        expect(standIn.badSignatures).toBe(bad + 1);
        expect(standIn.received.length).toBe(before);
      } finally {
        await wrong.close();
      }
    });
  });

  describe('limits over two instances on one database', () => {
    let standIn: SmsStandIn;
    let a: TestServer;
    let b: TestServer;
    beforeAll(async () => {
      standIn = await startSmsStandIn('aliyun');
      const sms = { ...standIn.config(), perIpPerHour: 4, perPhonePerDay: 10 };
      a = await startServer(driver, { sms, trustProxy: true });
      b = await startServer(
        driver,
        { sms, trustProxy: true },
        { databaseUrl: a.databaseUrl, database: a.app.database },
      );
    });
    afterAll(async () => {
      await b.close();
      await a.close();
      await standIn.close();
    });
    const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });
    const send = (server: TestServer, phone: string, ip: string) =>
      server.post(actionPath(sendCaptchaAccount), { siteId: SITE_ID, phone, purpose: 'login' }, from(ip));

    it('ten requests for one phone at once over both instances: one code is sent', async () => {
      const phone = freshPhone();
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) => send(i % 2 ? a : b, phone, `10.0.0.${i + 1}`)),
      );
      expect(answers.filter((r) => r.body.success)).toHaveLength(1);
      for (const r of answers.filter((x) => !x.body.success)) {
        expect(r.body).toMatchObject({ errorCode: 429 });
        expect(r.body.errorMessage).toMatch(/^验证码已发送，请 \d+ 秒后再获取$/);
      }
      expect(standIn.received.filter((m) => m.phone === phone)).toHaveLength(1);
    });

    it('ten codes a day per phone, counted over both instances', async () => {
      const phone = freshPhone();
      for (let i = 0; i < 10; i++) {
        const r = await send(i % 2 ? a : b, phone, `10.1.0.${i + 1}`);
        expect(r.body.success, JSON.stringify(r.body)).toBe(true);
        // Past the 60-second resend limit without waiting: move the code a minute back.
        await a.app.db.execute(
          sql`update sms_code set sent_at = sent_at - interval '61 seconds' where phone = ${phone}`,
        );
      }
      for (const server of [a, b]) {
        const r = await send(server, phone, '10.1.1.1');
        expect(r.body).toMatchObject({
          success: false,
          errorCode: 429,
          errorMessage: '该手机号今日获取验证码次数已达上限，请明天再试',
        });
      }
      expect(standIn.received.filter((m) => m.phone === phone)).toHaveLength(10);
      // A day later the phone may ask again.
      await a.app.db.execute(
        sql`update sms_code set sent_at = sent_at - interval '24 hours' where phone = ${phone}`,
      );
      expect((await send(b, phone, '10.1.1.1')).body.success).toBe(true);
    });

    it('the per-address limit (4 an hour here) holds for requests at once over both instances', async () => {
      const phones = Array.from({ length: 9 }, () => freshPhone());
      const answers = await Promise.all(phones.map((p, i) => send(i % 2 ? a : b, p, '203.0.113.9')));
      expect(answers.filter((r) => r.body.success)).toHaveLength(4);
      for (const r of answers.filter((x) => !x.body.success)) {
        expect(r.body).toMatchObject({ errorCode: 429, errorMessage: '获取验证码过于频繁，请稍后再试' });
      }
      // Another address is not held back.
      expect((await send(a, freshPhone(), '203.0.113.10')).body.success).toBe(true);
    });
  });
});
