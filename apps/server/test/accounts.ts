/** Logging in and reading SMS codes in tests, through the real server and its real log provider. */
import {
  type ActionDef,
  actionPath,
  inquireCurrentAccountEmployeeInfoAccount,
  inquireTenantListAccount,
  loginAccount,
  SITE_ID,
  sendCaptchaAccount,
  switchTenantAccount,
} from '@yuexun/contract';
import { expect } from 'vitest';
import type { ApiResponse, PostInit, TestServer } from './server';
import { TEST_PASSWORDS } from './test-passwords';

/** Known passwords for the demo accounts in tests (production generates them or reads the environment). */
export { TEST_PASSWORDS };

export const DEMO = {
  admin: { username: 'admin', password: TEST_PASSWORDS.adminPassword, phone: '13800000001' },
  user: { username: 'user', password: TEST_PASSWORDS.userPassword, phone: '13800000002' },
  /** Admin of 青溪区第二实验小学 only: a school's admin, not the vendor's staff. */
  qingxi: { username: 'qingxi', password: TEST_PASSWORDS.userPassword, phone: '13800000003' },
  /** Admin of 明德初级中学 only. */
  mingde: { username: 'mingde', password: TEST_PASSWORDS.userPassword, phone: '13800000004' },
} as const;

/** What the helpers below need of a server: its POST (a test server, or a process reached by address). */
export type Poster = Pick<TestServer, 'post'>;

export const cookieHeader = (sid: string) => ({ cookie: `yx_sid=${sid}` });

export const loginWithPassword = (server: Poster, username: string, password: string, init?: PostInit) =>
  server.post(actionPath(loginAccount), { siteId: SITE_ID, loginType: 'account', username, password }, init);

/** Logs a demo account in and returns its session id. */
export const sessionOf = async (server: Poster, who: keyof typeof DEMO) => {
  const { body } = await loginWithPassword(server, DEMO[who].username, DEMO[who].password);
  expect(body.success, JSON.stringify(body)).toBe(true);
  return body.datas[0].sid as string;
};

/**
 * Logs a demo account in and selects one of its schools: the vendor's staff start at the vendor (their
 * site work), so a test of a school's own pages (staff, teacher registrations, rules) picks the school as
 * the avatar menu's 切换单位 does.
 */
export const schoolSessionOf = async (server: Poster, who: keyof typeof DEMO, school = '悦讯实验学校') => {
  const sid = await sessionOf(server, who);
  const tenants = (await callAs(server, inquireTenantListAccount, sid)).body.datas as {
    tenantId: number;
    tenantName: string;
  }[];
  const tenantId = tenants.find((t) => t.tenantName === school)?.tenantId;
  const { body } = await callAs(server, switchTenantAccount, sid, { tenantId });
  expect(body.success, JSON.stringify(body)).toBe(true);
  return sid;
};

/** How a client presents its session: the browser cookie, or the mobile wrapper's sid field / header. */
export type SessionPath = 'cookie' | 'sid field' | 'x-sid header';
export const SESSION_PATHS: SessionPath[] = ['cookie', 'sid field', 'x-sid header'];

/** Calls an action with the session presented the given way. */
export const callAs = (
  server: Poster,
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

/** Who the session belongs to (the current-account action), with the session presented the given way. */
export const currentAccount = (server: Poster, sid: string, path: SessionPath = 'cookie') =>
  callAs(server, inquireCurrentAccountEmployeeInfoAccount, sid, {}, path);

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

export const sendCode = (server: Poster, phone: string, purpose: 'login' | 'register' = 'login') =>
  server.post(actionPath(sendCaptchaAccount), { siteId: SITE_ID, phone, purpose });

let phoneSeq = 0;
/** A mainland mobile number no other test uses. */
export const freshPhone = () =>
  `137${String(process.pid % 10_000).padStart(4, '0')}${String(phoneSeq++ % 10_000).padStart(4, '0')}`;
