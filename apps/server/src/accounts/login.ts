import {
  CAPTCHA_RESEND_SECONDS,
  CAPTCHA_TTL_SECONDS,
  loginAccount,
  logout,
  messages,
  ok,
  sendCaptchaAccount,
  startMfaEnrolmentLoginAccount,
  verifyMfaLoginAccount,
} from '@yuexun/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { account } from '../db/schema';
import { implement } from '../http/registry';
import { sendCaptcha } from '../shared/auth/captcha';
import { clientInfoOf } from '../shared/auth/client-info';
import { beginEnrolment, findChallenge } from '../shared/auth/mfa';
import { presentedSessionId, setSessionCookie } from '../shared/auth/session-id';
import { hashClientAddress } from '../shared/client-address';
import { type LoginContext, loginWithCaptcha, loginWithPassword, verifySecondStep } from './login.service';

export const loginContext = (app: FastifyInstance, request: FastifyRequest): LoginContext => ({
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
  countFailure: (locked) => {
    app.metrics.login.failures.inc();
    if (locked) app.metrics.login.lockouts.inc();
  },
});

export const loginActions = [
  implement(loginAccount, async ({ input, request, reply, app }) => {
    const ctx = loginContext(app, request);
    const result =
      input.loginType === 'account'
        ? await loginWithPassword(ctx, input.username, input.password)
        : await loginWithCaptcha(ctx, input.phone, input.captcha);
    if (result.sid === null) return { ...ok([result]), message: messages.mfaStepDue };
    setSessionCookie(request, reply, result.sid, Math.floor(app.sessionPolicy.maxMs / 1000));
    return { ...ok([result]), message: messages.loginSuccess };
  }),

  implement(verifyMfaLoginAccount, async ({ input, request, reply, app }) => {
    const result = await verifySecondStep(loginContext(app, request), {
      token: input.mfaToken,
      code: input.code,
      recoveryCode: input.code === undefined ? input.recoveryCode : undefined,
    });
    if (result.sid) setSessionCookie(request, reply, result.sid, Math.floor(app.sessionPolicy.maxMs / 1000));
    return { ...ok([result]), message: messages.loginSuccess };
  }),

  implement(startMfaEnrolmentLoginAccount, async ({ input, app }) => {
    const challenge = await findChallenge(app.db, input.mfaToken);
    const [found] = await app.db
      .select({ username: account.username })
      .from(account)
      .where(eq(account.id, challenge.accountId));
    return ok([await beginEnrolment(app.db, challenge.accountId, found?.username ?? '')]);
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
