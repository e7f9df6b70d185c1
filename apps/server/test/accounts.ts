/** Logging in and reading SMS codes in tests, through the real server and its real log provider. */
import { type ActionDef, actionPath, loginAccount, SITE_ID, sendCaptchaAccount } from '@yuexun/contract';
import { expect } from 'vitest';
import type { ApiResponse, PostInit, TestServer } from './server';

/** Known passwords for the demo accounts in tests (production generates them or reads the environment). */
export const TEST_PASSWORDS = {
  adminPassword: 'test-admin-Passw0rd',
  userPassword: 'test-user-Passw0rd',
} as const;

export const DEMO = {
  admin: { username: 'admin', password: TEST_PASSWORDS.adminPassword, phone: '13800000001' },
  user: { username: 'user', password: TEST_PASSWORDS.userPassword, phone: '13800000002' },
} as const;

export const cookieHeader = (sid: string) => ({ cookie: `yx_sid=${sid}` });

export const loginWithPassword = (server: TestServer, username: string, password: string, init?: PostInit) =>
  server.post(actionPath(loginAccount), { siteId: SITE_ID, loginType: 'account', username, password }, init);

/** Logs a demo account in and returns its session id. */
export const sessionOf = async (server: TestServer, who: keyof typeof DEMO) => {
  const { body } = await loginWithPassword(server, DEMO[who].username, DEMO[who].password);
  expect(body.success, JSON.stringify(body)).toBe(true);
  return body.datas[0].sid as string;
};

/** How a client presents its session: the browser cookie, or the mobile wrapper's sid field / header. */
export type SessionPath = 'cookie' | 'sid field' | 'x-sid header';
export const SESSION_PATHS: SessionPath[] = ['cookie', 'sid field', 'x-sid header'];

/** Calls an action with the session presented the given way. */
export const callAs = (
  server: TestServer,
  def: ActionDef,
  sid: string,
  body: Record<string, unknown> = {},
  path: SessionPath = 'cookie',
  init: PostInit = {},
): Promise<ApiResponse> => {
  const payload = { siteId: SITE_ID, ...body, ...(path === 'sid field' ? { sid } : {}) };
  const headers = {
    ...init.headers,
    ...(path === 'cookie' ? cookieHeader(sid) : {}),
    ...(path === 'x-sid header' ? { 'x-sid': sid } : {}),
  };
  return server.post(actionPath(def), payload, { ...init, headers });
};

/** The code the log SMS provider wrote for a phone (the latest one). */
export const smsCodeFor = (server: TestServer, phone: string): string => {
  const lines = server
    .logLines()
    .map((line) => JSON.parse(line) as { msg?: string; phone?: string; code?: string })
    .filter((l) => l.msg === 'sms code (log provider)' && l.phone === phone);
  const code = lines.at(-1)?.code;
  if (!code) throw new Error(`no SMS code logged for ${phone}`);
  return code;
};

export const sendCode = (server: TestServer, phone: string, purpose: 'login' | 'register' = 'login') =>
  server.post(actionPath(sendCaptchaAccount), { siteId: SITE_ID, phone, purpose });

let phoneSeq = 0;
/** A mainland mobile number no other test uses. */
export const freshPhone = () =>
  `137${String(process.pid % 10_000).padStart(4, '0')}${String(phoneSeq++ % 10_000).padStart(4, '0')}`;
