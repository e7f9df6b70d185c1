/** The SMS captcha: sending, using and limiting codes, through the real server on both drivers. */
import { actionPath, loginAccount, SITE_ID } from '@yuexun/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, freshPhone, sendCode, smsCodeFor } from '../../test/accounts';
import { drivers, startServer, type TestServer } from '../../test/server';
import { smsCode } from '../db/schema';

const LOGIN = actionPath(loginAccount);

describe.each(drivers)('login and sessions on %s', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    // Behind a "proxy" so a test can present HTTPS and several client addresses.
    server = await startServer(driver, { trustProxy: true });
  });
  afterAll(() => server.close());

  describe('SMS captcha', () => {
    it('logs in by phone with the code the SMS provider sent', async () => {
      const sent = await sendCode(server, DEMO.admin.phone);
      expect(sent.body).toMatchObject({
        success: true,
        datas: [{ expiresInSeconds: 300, resendInSeconds: 60 }],
      });
      const code = smsCodeFor(server, DEMO.admin.phone);
      expect(code).toMatch(/^\d{6}$/);
      const stored = await server.app.db.select().from(smsCode).where(eq(smsCode.phone, DEMO.admin.phone));
      expect(stored.map((r) => r.codeHash)).not.toContain(code);
      const { body } = await server.post(LOGIN, {
        siteId: SITE_ID,
        loginType: 'mobile',
        phone: DEMO.admin.phone,
        captcha: code,
      });
      expect(body).toMatchObject({ success: true, message: '登录成功！', datas: [{ access: 'admin' }] });
      // Used once: the same code again is refused.
      const again = await server.post(LOGIN, {
        siteId: SITE_ID,
        loginType: 'mobile',
        phone: DEMO.admin.phone,
        captcha: code,
      });
      expect(again.body).toMatchObject({ success: false, errorCode: 400, errorMessage: '验证码错误' });
    });

    it('sends one code per phone per minute (429 with the seconds to wait)', async () => {
      const phone = freshPhone();
      expect((await sendCode(server, phone)).body.success).toBe(true);
      const { status, body } = await sendCode(server, phone);
      expect(status).toBe(200);
      expect(body).toMatchObject({ success: false, errorCode: 429 });
      expect(body.errorMessage).toMatch(/^验证码已发送，请 \d+ 秒后再获取$/);
    });

    it('refuses a code for an invalid phone, sending nothing', async () => {
      const lines = server.logLines().length;
      for (const phone of ['12345678901', '1380000000', '+8613800000001', '']) {
        const { body } = await sendCode(server, phone);
        expect(body).toMatchObject({ success: false, errorCode: 400 });
        expect(body.errorMessage).toMatch(/不合法的手机号|请输入手机号/);
      }
      expect(server.logLines().slice(lines).join('\n')).not.toContain('sms code');
    });

    const mobileLogin = (phone: string, captcha: string) =>
      server.post(LOGIN, { siteId: SITE_ID, loginType: 'mobile', phone, captcha });

    it('refuses a wrong code, and the right one after five wrong tries', async () => {
      await server.app.db.execute(sql`delete from sms_code where phone = ${DEMO.user.phone}`);
      await sendCode(server, DEMO.user.phone);
      const code = smsCodeFor(server, DEMO.user.phone);
      const wrong = code === '000000' ? '111111' : '000000';
      for (let i = 0; i < 5; i++) {
        expect((await mobileLogin(DEMO.user.phone, wrong)).body).toMatchObject({
          errorMessage: '验证码错误',
        });
      }
      const right = await mobileLogin(DEMO.user.phone, code);
      expect(right.body).toMatchObject({ success: false, errorCode: 400, errorMessage: '验证码错误' });
    });

    it('refuses an expired code', async () => {
      await server.app.db.execute(sql`delete from sms_code where phone = ${DEMO.user.phone}`);
      await sendCode(server, DEMO.user.phone);
      const code = smsCodeFor(server, DEMO.user.phone);
      await server.app.db
        .update(smsCode)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(smsCode.phone, DEMO.user.phone));
      expect((await mobileLogin(DEMO.user.phone, code)).body).toMatchObject({ errorMessage: '验证码错误' });
    });

    it('answers 登录失败 for a right code on a phone with no account', async () => {
      const phone = freshPhone();
      await sendCode(server, phone);
      const { body } = await mobileLogin(phone, smsCodeFor(server, phone));
      expect(body).toMatchObject({ success: false, errorCode: 400, errorMessage: '登录失败，请重试！' });
    });
  });
});
