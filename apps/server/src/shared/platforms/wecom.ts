/**
 * The one client of 企业微信 (WeCom) server API, shared by scan login, the directory job for leavers and, later,
 * customer binding (Round 3: one client per platform). Configured by a self-built app (corp id, agent id,
 * secret) from 登录方式; its access token (`cgi-bin/gettoken`, 7,200 s) is cached in the database for every
 * instance (platform-token.ts) and replaced once when WeCom calls it invalid or expired. Every call has a
 * timeout and every refusal becomes a `PlatformError` with the documented code's Chinese reason.
 *
 * Sign-in, as WeCom documents it: the browser goes to `wwopen/sso/qrConnect` (appid, agentid, redirect_uri,
 * state) or, inside WeCom's own browser, to `connect/oauth2/authorize` (scope snsapi_base, #wechat_redirect);
 * the code it brings back is read with `cgi-bin/auth/getuserinfo` (a member has `userid`; anyone else only an
 * `openid`), then `cgi-bin/user/get` gives the name, departments and status.
 */
import { createHash } from 'node:crypto';
import type { Db } from '../../db/client';
import {
  fetchPlatformJson,
  type Json,
  listField,
  PlatformError,
  reasonOf,
  stringField,
} from './platform-call';
import type { PlatformUrls } from './platform-env';
import { cachedToken } from './platform-token';

const PLATFORM = '企业微信';

export interface WecomApp {
  corpId: string;
  agentId: string;
  secret: string;
}

/** WeCom's documented error codes that a site's admin can act on (全局错误码). */
const CODES: Record<string, string> = {
  '-1': '企业微信系统繁忙，请稍后再试',
  '40001': '应用密钥（Secret）不正确',
  '40003': '成员 UserID 无效',
  '40013': '企业 ID（CorpID）不正确',
  '40014': '访问令牌无效',
  '40029': '登录授权码无效或已使用过',
  '40056': '应用 AgentId 不正确',
  '40058': '请求参数不合法',
  '40091': '应用密钥（Secret）不正确',
  '41001': '缺少访问令牌',
  '41037': '缺少「联系我」的 type 参数（请求与接口不符）',
  '41044': '「联系我」的 config_id 无效（企业微信中已没有这个联系我）',
  '41045': '通过接口添加的「联系我」已达数量上限',
  '42001': '访问令牌已过期',
  '48002': '接口未授权：请在应用的可信 IP、可见范围和权限中允许此调用',
  '50001': '回调地址的域名不是应用的可信域名',
  '60011': '应用没有该成员或部门的通讯录权限（可见范围）',
  '60020': '服务器的 IP 不在应用的可信 IP 列表中',
  '60111': '成员不存在',
  '84074': '没有外部联系人权限：请确认成员已开通客户联系',
  '301002': '应用无权读取该成员的信息',
};

/** Codes after which a new token is fetched and the call made once more. */
const TOKEN_REFUSED = new Set(['40014', '42001', '41001']);

const answerOf = (json: Json) => {
  const code = stringField(json, 'errcode') || '0';
  if (code !== '0')
    throw new PlatformError(PLATFORM, code, reasonOf(CODES, code, stringField(json, 'errmsg')));
  return json;
};

/** A member of the organisation as WeCom describes them (user/get). */
export interface WecomMember {
  userId: string;
  name: string;
  departments: string[];
  /** 1 active, 2 disabled, 4 not yet activated, 5 left. */
  status: number;
}

export const wecomClient = (db: Db, urls: PlatformUrls, app: WecomApp) => {
  const tokenKey = `wecom:${app.corpId}:${createHash('sha256').update(app.secret).digest('hex').slice(0, 16)}`;
  const fetchToken = async () => {
    const query = new URLSearchParams({ corpid: app.corpId, corpsecret: app.secret });
    const json = answerOf(await fetchPlatformJson(PLATFORM, `${urls.wecomApi}/cgi-bin/gettoken?${query}`));
    const token = stringField(json, 'access_token');
    if (!token) throw new PlatformError(PLATFORM, null, '应答中没有访问令牌');
    return { token, expiresInSeconds: Number(stringField(json, 'expires_in')) || 7200 };
  };
  const token = (stale?: string) => cachedToken(db, tokenKey, fetchToken, stale);

  /** GET (no body) or POST (JSON body) `cgi-bin/<path>` with the access token; the answer when errcode is 0. */
  const call = async (path: string, params: Record<string, string> = {}, body?: unknown): Promise<Json> => {
    const send = async (accessToken: string) => {
      const query = new URLSearchParams({ access_token: accessToken, ...params });
      return fetchPlatformJson(PLATFORM, `${urls.wecomApi}/cgi-bin/${path}?${query}`, { body });
    };
    const first = await token();
    let json = await send(first);
    if (TOKEN_REFUSED.has(stringField(json, 'errcode'))) json = await send(await token(first));
    return answerOf(json);
  };

  const memberOf = (json: Json): WecomMember => ({
    userId: stringField(json, 'userid'),
    name: stringField(json, 'name'),
    departments: listField(json, 'department').map(String),
    status: Number(stringField(json, 'status')) || 1,
  });

  return {
    call,
    /** Fetches a token now (测试连接): throws the platform's reason. */
    checkToken: async () => {
      await token();
    },
    /** The QR code page on a computer. */
    qrConnectUrl: (redirectUri: string, state: string) =>
      `${urls.wecomQr}?${new URLSearchParams({ appid: app.corpId, agentid: app.agentId, redirect_uri: redirectUri, state })}`,
    /** Silent sign-in inside WeCom's own browser (snsapi_base: no confirmation, the member's id only). */
    oauthUrl: (redirectUri: string, state: string) =>
      `${urls.wecomOauth}?${new URLSearchParams({
        appid: app.corpId,
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: 'snsapi_base',
        state,
        agentid: app.agentId,
      })}#wechat_redirect`,
    /** The member a sign-in code belongs to; null when the person is not a member of this organisation. */
    memberByCode: async (code: string): Promise<WecomMember | null> => {
      const who = await call('auth/getuserinfo', { code });
      const userId = stringField(who, 'userid');
      if (!userId) return null;
      return memberOf(await call('user/get', { userid: userId }));
    },
    /** Every member's id in the organisation (user/list_id, paged by cursor; the app's visible range). */
    memberIds: async (): Promise<Set<string>> => {
      const ids = new Set<string>();
      let cursor = '';
      for (let page = 0; page < 1000; page++) {
        const json = await call('user/list_id', {}, { cursor, limit: 10_000 });
        for (const entry of listField(json, 'dept_user'))
          if (entry && typeof entry === 'object' && 'userid' in entry) ids.add(String(entry.userid));
        cursor = stringField(json, 'next_cursor');
        if (!cursor) break;
      }
      return ids;
    },
  };
};

export type WecomClient = ReturnType<typeof wecomClient>;
