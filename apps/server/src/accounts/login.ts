import {
  CAPTCHA_RESEND_SECONDS,
  CAPTCHA_TTL_SECONDS,
  loginAccount,
  logout,
  messages,
  ok,
  sendCaptchaAccount,
} from '@yuexun/contract';
import { implement } from '../http/registry';
import { sendCaptcha } from '../shared/auth/captcha';
import { clientInfoOf } from '../shared/auth/client-info';
import { presentedSessionId, setSessionCookie } from '../shared/auth/session-id';
import { hashClientAddress } from '../shared/client-address';
import { type LoginContext, loginWithCaptcha, loginWithPassword } from './login.service';

export const loginActions = [
  implement(loginAccount, async ({ input, request, reply, app }) => {
    const ctx: LoginContext = {
      db: app.db,
      secret: app.secrets.ipHash,
      ipHash: hashClientAddress(request.ip, app.secrets.ipHash),
      limits: {
        failuresPerAccount: app.config.loginFailuresPerAccount,
        failuresPerIp: app.config.loginFailuresPerIp,
      },
      policy: app.sessionPolicy,
      presentedSid: presentedSessionId(request),
      client: clientInfoOf(request),
    };
    const result =
      input.loginType === 'account'
        ? await loginWithPassword(ctx, input.username, input.password)
        : await loginWithCaptcha(ctx, input.phone, input.captcha);
    setSessionCookie(request, reply, result.sid, Math.floor(app.sessionPolicy.maxMs / 1000));
    return { ...ok([result]), message: messages.loginSuccess };
  }),

  implement(sendCaptchaAccount, async ({ input, request, app }) => {
    await sendCaptcha(
      app.db,
      app.sms,
      app.secrets.ipHash,
      input.phone,
      input.purpose,
      {
        ipHash: hashClientAddress(request.ip, app.secrets.ipHash),
        perPhonePerDay: app.config.sms.perPhonePerDay,
        perIpPerHour: app.config.sms.perIpPerHour,
      },
      request.log,
    );
    return ok([{ expiresInSeconds: CAPTCHA_TTL_SECONDS, resendInSeconds: CAPTCHA_RESEND_SECONDS }]);
  }),

  implement(logout, async ({ request, reply, app }) => {
    await app.accounts.logout(request, reply);
    return { ...ok([]), message: messages.logoutSuccess };
  }),
];
