/**
 * The one client of 钉钉 (DingTalk), shared by scan login and the directory job (Round 3: one client per
 * platform). Configured by an internal app (Client ID = AppKey, Client secret, the organisation's CorpId) from
 * 登录方式. Two APIs, as DingTalk documents them:
 * - the app's access token (`oapi /gettoken?appkey&appsecret`, 7,200 s, cached in the database for every
 *   instance: platform-token.ts) for `call(path, body)`: POST `oapi /<path>?access_token=` (topapi: a member
 *   by union id, by in-app code, the departments and their members), errcode 0 or a `PlatformError`;
 * - the person's own token for web login: the browser goes to `login.dingtalk.com/oauth2/auth` (scope
 *   `openid corpid`, so the answer names the organisation chosen), comes back with `authCode`, which
 *   `POST api /v1.0/oauth2/userAccessToken` exchanges, and `GET /v1.0/contact/users/me` names the person.
 */
import { createHash } from 'node:crypto';
import type { Db } from '../../db/client';
import {
  fetchPlatformJson,
  type Json,
  listField,
  objectField,
  PlatformError,
  reasonOf,
  stringField,
} from './platform-call';
import type { PlatformUrls } from './platform-env';
import { cachedToken } from './platform-token';

const PLATFORM = '钉钉';

export interface DingtalkApp {
  corpId: string;
  clientId: string;
  secret: string;
}

/** DingTalk's documented codes a site's admin can act on (oapi errcode and the new API's code). */
const CODES: Record<string, string> = {
  '-1': '钉钉系统繁忙，请稍后再试',
  '40014': '访问令牌无效',
  '40089': '应用的 Client ID 或 Client secret 不正确',
  '40078': '登录授权码无效或已使用过',
  '42001': '访问令牌已过期',
  '60011': '应用没有该成员或部门的通讯录权限',
  '60020': '服务器的 IP 不在应用的 IP 白名单中',
  '60121': '成员不存在或不在本组织',
  '88': '应用没有调用该接口的权限',
  invalidClientIdOrSecret: '应用的 Client ID 或 Client secret 不正确',
  'invalidParameter.authCode.notFound': '登录授权码无效或已使用过',
  InvalidAuthentication: '登录授权码无效、已过期或已使用过',
  'Forbidden.AccessDenied.AccessTokenPermissionDenied': '应用没有读取个人信息的权限（Contact.User.Read）',
};

const TOKEN_REFUSED = new Set(['40014', '42001', '40001']);

const answerOf = (json: Json) => {
  const code = stringField(json, 'errcode') || '0';
  if (code !== '0')
    throw new PlatformError(PLATFORM, code, reasonOf(CODES, code, stringField(json, 'errmsg')));
  return json;
};

/** The new API answers an error as {code, message} (with an HTTP 4xx status). */
const newApiAnswer = (json: Json, expected: string) => {
  if (stringField(json, expected)) return json;
  const code = stringField(json, 'code') || 'unknown';
  throw new PlatformError(PLATFORM, code, reasonOf(CODES, code, stringField(json, 'message')));
};

export interface DingtalkMember {
  userId: string;
  name: string;
  departments: string[];
}

export const dingtalkClient = (db: Db, urls: PlatformUrls, app: DingtalkApp) => {
  const tokenKey = `dingtalk:${app.clientId}:${createHash('sha256').update(app.secret).digest('hex').slice(0, 16)}`;
  const fetchToken = async () => {
    const query = new URLSearchParams({ appkey: app.clientId, appsecret: app.secret });
    const json = answerOf(await fetchPlatformJson(PLATFORM, `${urls.dingtalkOapi}/gettoken?${query}`));
    const token = stringField(json, 'access_token');
    if (!token) throw new PlatformError(PLATFORM, null, '应答中没有访问令牌');
    return { token, expiresInSeconds: Number(stringField(json, 'expires_in')) || 7200 };
  };
  const token = (stale?: string) => cachedToken(db, tokenKey, fetchToken, stale);

  /** POST `oapi/<path>` with the app's access token; the answer when errcode is 0. */
  const call = async (path: string, body: unknown = {}): Promise<Json> => {
    const send = (accessToken: string) =>
      fetchPlatformJson(
        PLATFORM,
        `${urls.dingtalkOapi}/${path}?${new URLSearchParams({ access_token: accessToken })}`,
        {
          method: 'POST',
          body,
        },
      );
    const first = await token();
    let json = await send(first);
    if (TOKEN_REFUSED.has(stringField(json, 'errcode'))) json = await send(await token(first));
    return answerOf(json);
  };

  const member = async (userId: string): Promise<DingtalkMember> => {
    const result = objectField(await call('topapi/v2/user/get', { userid: userId }), 'result');
    return {
      userId,
      name: stringField(result, 'name'),
      departments: listField(result, 'dept_id_list').map(String),
    };
  };

  /** Every department's id under the root (1), breadth first. */
  const departmentIds = async () => {
    const all = ['1'];
    for (let i = 0; i < all.length && all.length < 100_000; i++) {
      const json = await call('topapi/v2/department/listsubid', { dept_id: Number(all[i]) });
      for (const id of listField(objectField(json, 'result'), 'dept_id_list')) all.push(String(id));
    }
    return all;
  };

  return {
    call,
    checkToken: async () => {
      await token();
    },
    /** The login page (QR code on a computer, a confirmation inside DingTalk). */
    loginUrl: (redirectUri: string, state: string) =>
      `${urls.dingtalkLogin}?${new URLSearchParams({
        redirect_uri: redirectUri,
        response_type: 'code',
        client_id: app.clientId,
        scope: 'openid corpid',
        state,
        prompt: 'consent',
      })}`,
    /**
     * The member a web login's authCode belongs to; null when the person chose another organisation or is
     * not a member of this one.
     */
    memberByAuthCode: async (authCode: string): Promise<DingtalkMember | null> => {
      const tokens = newApiAnswer(
        await fetchPlatformJson(PLATFORM, `${urls.dingtalkApi}/v1.0/oauth2/userAccessToken`, {
          body: {
            clientId: app.clientId,
            clientSecret: app.secret,
            code: authCode,
            grantType: 'authorization_code',
          },
        }),
        'accessToken',
      );
      if (stringField(tokens, 'corpId') !== app.corpId) return null;
      const me = newApiAnswer(
        await fetchPlatformJson(PLATFORM, `${urls.dingtalkApi}/v1.0/contact/users/me`, {
          headers: { 'x-acs-dingtalk-access-token': stringField(tokens, 'accessToken') },
        }),
        'unionId',
      );
      let userId: string;
      try {
        const found = await call('topapi/user/getbyunionid', { unionid: stringField(me, 'unionId') });
        userId = stringField(objectField(found, 'result'), 'userid');
      } catch (error) {
        if (error instanceof PlatformError && error.code === '60121') return null;
        throw error;
      }
      if (!userId) return null;
      const found = await member(userId);
      return { ...found, name: found.name || stringField(me, 'nick') };
    },
    /** The member an in-app code (免登授权码, dd.runtime.permission.requestAuthCode) belongs to. */
    memberByInAppCode: async (code: string): Promise<DingtalkMember | null> => {
      const result = objectField(await call('topapi/v2/user/getuserinfo', { code }), 'result');
      const userId = stringField(result, 'userid');
      return userId ? member(userId) : null;
    },
    /** Every member's id in the organisation: each department's member list (topapi/user/listid). */
    memberIds: async (): Promise<Set<string>> => {
      const ids = new Set<string>();
      for (const dept of await departmentIds()) {
        const json = await call('topapi/user/listid', { dept_id: Number(dept) });
        for (const id of listField(objectField(json, 'result'), 'userid_list')) ids.add(String(id));
      }
      return ids;
    },
  };
};

export type DingtalkClient = ReturnType<typeof dingtalkClient>;
