/**
 * The one client of 飞书 (Feishu) open platform (Round 3: one client per platform). Configured by a self-built
 * app (App ID, App Secret) and the tenant key its users must belong to, from 登录方式. The app's access token
 * (`auth/v3/app_access_token/internal`, 7,200 s) is cached in the database for every instance
 * (platform-token.ts) and replaced once when Feishu calls it invalid. Web login, as Feishu documents it: the
 * browser goes to `authen/v1/authorize` (app_id, redirect_uri, state), comes back with `code`, which
 * `authen/v1/oidc/access_token` (with the app's token) exchanges for the person's token, and
 * `authen/v1/user_info` names them (open_id, union_id, tenant_key).
 */
import { createHash } from 'node:crypto';
import type { Db } from '../../db/client';
import {
  fetchPlatformJson,
  type Json,
  objectField,
  PlatformError,
  type PlatformRequest,
  reasonOf,
  stringField,
} from './platform-call';
import type { PlatformUrls } from './platform-env';
import { cachedToken } from './platform-token';

const PLATFORM = '飞书';

export interface FeishuApp {
  appId: string;
  secret: string;
  /** When set, only people of this tenant may sign in. */
  tenantKey: string;
}

/** Feishu's documented codes a site's admin can act on. */
const CODES: Record<string, string> = {
  '10003': '应用 App ID 不正确',
  '10014': '应用密钥（App Secret）不正确',
  '20003': '登录授权码无效',
  '20004': '登录授权码已过期',
  '20007': '登录授权码已使用过',
  '20024': '登录授权码与应用不匹配',
  '99991663': '访问令牌无效',
  '99991664': '应用访问令牌无效',
  '99991668': '用户访问令牌无效',
  '99991672': '应用没有调用该接口的权限',
};

const TOKEN_REFUSED = new Set(['99991663', '99991664']);

const answerOf = (json: Json) => {
  const code = stringField(json, 'code') || '0';
  if (code !== '0') throw new PlatformError(PLATFORM, code, reasonOf(CODES, code, stringField(json, 'msg')));
  return json;
};

export interface FeishuPerson {
  openId: string;
  unionId: string;
  name: string;
  tenantKey: string;
}

export const feishuClient = (db: Db, urls: PlatformUrls, app: FeishuApp) => {
  const tokenKey = `feishu:${app.appId}:${createHash('sha256').update(app.secret).digest('hex').slice(0, 16)}`;
  const fetchToken = async () => {
    const json = answerOf(
      await fetchPlatformJson(PLATFORM, `${urls.feishu}/open-apis/auth/v3/app_access_token/internal`, {
        body: { app_id: app.appId, app_secret: app.secret },
      }),
    );
    const token = stringField(json, 'app_access_token');
    if (!token) throw new PlatformError(PLATFORM, null, '应答中没有访问令牌');
    return { token, expiresInSeconds: Number(stringField(json, 'expire')) || 7200 };
  };
  const token = (stale?: string) => cachedToken(db, tokenKey, fetchToken, stale);

  /** `open-apis/<path>` with the app's access token as the bearer; the answer when code is 0. */
  const call = async (path: string, request: PlatformRequest = {}): Promise<Json> => {
    const send = (accessToken: string) =>
      fetchPlatformJson(PLATFORM, `${urls.feishu}/open-apis/${path}`, {
        ...request,
        headers: { ...request.headers, authorization: `Bearer ${accessToken}` },
      });
    const first = await token();
    let json = await send(first);
    if (TOKEN_REFUSED.has(stringField(json, 'code'))) json = await send(await token(first));
    return answerOf(json);
  };

  return {
    call,
    checkToken: async () => {
      await token();
    },
    authorizeUrl: (redirectUri: string, state: string) =>
      `${urls.feishu}/open-apis/authen/v1/authorize?${new URLSearchParams({ app_id: app.appId, redirect_uri: redirectUri, state })}`,
    /** The person a login code belongs to; null when they are of another tenant than the configured one. */
    personByCode: async (code: string): Promise<FeishuPerson | null> => {
      const tokens = objectField(
        await call('authen/v1/oidc/access_token', { body: { grant_type: 'authorization_code', code } }),
        'data',
      );
      const userToken = stringField(tokens, 'access_token');
      if (!userToken) throw new PlatformError(PLATFORM, null, '应答中没有用户访问令牌');
      const info = objectField(
        answerOf(
          await fetchPlatformJson(PLATFORM, `${urls.feishu}/open-apis/authen/v1/user_info`, {
            headers: { authorization: `Bearer ${userToken}` },
          }),
        ),
        'data',
      );
      const person = {
        openId: stringField(info, 'open_id'),
        unionId: stringField(info, 'union_id'),
        name: stringField(info, 'name'),
        tenantKey: stringField(info, 'tenant_key'),
      };
      if (!person.openId || (app.tenantKey !== '' && person.tenantKey !== app.tenantKey)) return null;
      return person;
    },
  };
};

export type FeishuClient = ReturnType<typeof feishuClient>;
