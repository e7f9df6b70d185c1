/**
 * A stand-in of 企业微信 (WeCom) on 127.0.0.1, checking each request as WeCom documents it:
 * - `GET /cgi-bin/gettoken?corpid&corpsecret` → access_token (7,200 s); a wrong corp id 40013, secret 40001;
 * - `GET /wwopen/sso/qrConnect?appid&agentid&redirect_uri&state` (the QR page) and `GET /connect/oauth2/authorize`
 *   (in-app, response_type=code, scope=snsapi_base, appid, agentid, state): both check their parameters and
 *   redirect back at once with a new code for the person `scanAs` names — the QR scan replaced by the redirect;
 * - `GET /cgi-bin/auth/getuserinfo?access_token&code` → userid for a member, only openid for anyone else; a
 *   code unknown or used before is 40029, a token not issued (or expired by `expireTokens`) 40014;
 * - `GET /cgi-bin/user/get?access_token&userid` → the member (name, department, status), 60111 unknown;
 * - `POST /cgi-bin/user/list_id?access_token` {cursor, limit} → the members' ids, two a page with next_cursor.
 * - 客户联系 (decision 062), with a token of the 客户联系 secret only (`contactSecret`; another token is 48002):
 *   `POST /cgi-bin/externalcontact/add_contact_way?access_token` {type 1|2, scene 1|2, state ≤ 30, user [ids]}
 *   → config_id and qr_code (the members must exist; 40058 on a wrong shape), recorded in `contactWays`;
 *   `GET /cgi-bin/externalcontact/get?access_token&external_userid` → the contact of `contacts` (84061 unknown);
 *   `failContactWay` makes add_contact_way answer that errcode;
 *   `POST /cgi-bin/externalcontact/del_contact_way?access_token` {config_id} → ok for a live 联系我, recorded in
 *   `deletedConfigIds`; an unknown or already deleted config_id 41044; every request's config_id in
 *   `delContactWayRequests`; `failDelContactWay` answers that errcode that many times (`failDelContactWayTimes`).
 * - 获客链接 (decision 068): wecom-standin-acquisition.ts, with a token of `acquisitionSecret` (a 自建应用 in
 *   客户联系's 可调用应用, which may call externalcontact/* too).
 * `failToken` makes gettoken answer that errcode; `control.stallMs` stalls every answer.
 */
import { randomCode, redirectBack, type StandInRequest, startStandIn } from './platform-standin';
import { qrPicture } from './qr-picture';
import { acquisitionStandIn } from './wecom-standin-acquisition';

export interface WecomMemberSeed {
  name: string;
  department: number[];
  /** 1 active, 2 disabled, 5 left. */
  status?: number;
}

export interface WecomApp {
  corpId: string;
  agentId: string;
  secret: string;
  /** The 客户联系 system app's secret: its tokens may call externalcontact/* but not 获客助手. */
  contactSecret?: string;
  /** A 自建应用's secret listed in 客户联系's 可调用应用: externalcontact/* and 获客助手 (customer_acquisition/*). */
  acquisitionSecret?: string;
}

export interface ContactWayRequest {
  type: unknown;
  scene: unknown;
  state: unknown;
  user: unknown;
  configId: string;
}

export const startWecomStandIn = async (app: WecomApp) => {
  const members = new Map<string, WecomMemberSeed>();
  const codes = new Map<string, { userId: string | null; used: boolean }>();
  const tokens = new Set<string>();
  const contactTokens = new Set<string>();
  const acquisitionTokens = new Set<string>();
  const contactWays: ContactWayRequest[] = [];
  /** External contacts by external_userid: their names. */
  const contacts = new Map<string, { name: string }>();
  const state = {
    /** Who scans next: a member's userid, or null for someone outside the organisation. */
    scanAs: null as string | null,
    failToken: null as number | null,
    tokensIssued: 0,
    failContactWay: null as number | null,
    failDelContactWay: null as number | null,
    failDelContactWayTimes: 0,
  };
  const liveConfigIds = new Set<string>();
  const deletedConfigIds: string[] = [];
  const delContactWayRequests: string[] = [];
  const error = (errcode: number, errmsg: string) => ({ json: { errcode, errmsg } });
  const tokenOk = (r: StandInRequest) => tokens.has(r.query.get('access_token') ?? '');
  const contactTokenOk = (r: StandInRequest) => contactTokens.has(r.query.get('access_token') ?? '');

  const signInPage = (r: StandInRequest, inApp: boolean) => {
    const q = r.query;
    const redirectUri = q.get('redirect_uri') ?? '';
    const fine =
      q.get('appid') === app.corpId &&
      q.get('agentid') === app.agentId &&
      (q.get('state') ?? '') !== '' &&
      /^https?:\/\//.test(redirectUri) &&
      (!inApp || (q.get('response_type') === 'code' && q.get('scope') === 'snsapi_base'));
    if (!fine) return { status: 400, json: { errcode: 40001, errmsg: 'invalid sign-in parameters' } };
    const code = randomCode('wc-');
    codes.set(code, { userId: state.scanAs, used: false });
    return redirectBack(redirectUri, { code, state: q.get('state') ?? '' });
  };

  let standInUrl = () => '';
  const acquisition = acquisitionStandIn({
    members,
    tokenOk,
    acquisitionTokenOk: (r) => acquisitionTokens.has(r.query.get('access_token') ?? ''),
    url: () => standInUrl(),
  });
  const standIn = await startStandIn((r) => {
    const linkAnswer = acquisition.handle(r);
    if (linkAnswer) return linkAnswer;
    switch (r.path) {
      case '/cgi-bin/gettoken': {
        if (r.query.get('corpid') !== app.corpId) return error(40013, 'invalid corpid');
        const secret = r.query.get('corpsecret');
        const acquisition = app.acquisitionSecret !== undefined && secret === app.acquisitionSecret;
        const contact = acquisition || (app.contactSecret !== undefined && secret === app.contactSecret);
        if (secret !== app.secret && !contact) return error(40001, 'invalid credential');
        if (state.failToken !== null) return error(state.failToken, 'refused by the stand-in');
        const token = randomCode('wt-');
        tokens.add(token);
        if (contact) contactTokens.add(token);
        if (acquisition) acquisitionTokens.add(token);
        state.tokensIssued++;
        return { json: { errcode: 0, errmsg: 'ok', access_token: token, expires_in: 7200 } };
      }
      case '/wwopen/sso/qrConnect':
        return signInPage(r, false);
      case '/connect/oauth2/authorize':
        return signInPage(r, true);
      case '/cgi-bin/auth/getuserinfo': {
        if (!tokenOk(r)) return error(40014, 'invalid access_token');
        const entry = codes.get(r.query.get('code') ?? '');
        if (!entry || entry.used) return error(40029, 'invalid code');
        entry.used = true;
        if (!entry.userId) return { json: { errcode: 0, errmsg: 'ok', openid: randomCode('o') } };
        return { json: { errcode: 0, errmsg: 'ok', userid: entry.userId, user_ticket: randomCode('t') } };
      }
      case '/cgi-bin/user/get': {
        if (!tokenOk(r)) return error(40014, 'invalid access_token');
        const userId = r.query.get('userid') ?? '';
        const member = members.get(userId);
        if (!member) return error(60111, 'userid not found');
        return {
          json: { errcode: 0, errmsg: 'ok', userid: userId, ...member, status: member.status ?? 1 },
        };
      }
      case '/cgi-bin/user/list_id': {
        if (r.method !== 'POST') return { status: 405, json: {} };
        if (!tokenOk(r)) return error(40014, 'invalid access_token');
        const ids = [...members].filter(([, m]) => (m.status ?? 1) !== 5).map(([id]) => id);
        const from = Number(r.body?.cursor || 0);
        const page = ids.slice(from, from + 2);
        const next = from + 2 < ids.length ? String(from + 2) : '';
        return {
          json: {
            errcode: 0,
            errmsg: 'ok',
            next_cursor: next,
            dept_user: page.map((userid) => ({
              userid,
              department: members.get(userid)?.department[0] ?? 1,
            })),
          },
        };
      }
      case '/cgi-bin/externalcontact/add_contact_way': {
        if (r.method !== 'POST') return { status: 405, json: {} };
        if (!tokenOk(r)) return error(40014, 'invalid access_token');
        if (!contactTokenOk(r)) return error(48002, 'api forbidden');
        const b = r.body ?? {};
        const users = Array.isArray(b.user) ? b.user : [];
        const fine =
          (b.type === 1 || b.type === 2) &&
          (b.scene === 1 || b.scene === 2) &&
          typeof b.state === 'string' &&
          b.state.length <= 30 &&
          users.length > 0 &&
          (b.type !== 1 || users.length === 1);
        if (!fine) return error(40058, 'invalid contact way parameters');
        if (users.some((u) => !members.has(String(u)))) return error(60111, 'userid not found');
        if (state.failContactWay !== null) return error(state.failContactWay, 'refused by the stand-in');
        const configId = randomCode('cfg-');
        contactWays.push({ type: b.type, scene: b.scene, state: b.state, user: users, configId });
        liveConfigIds.add(configId);
        return {
          json: {
            errcode: 0,
            errmsg: 'ok',
            config_id: configId,
            qr_code: `${standInUrl()}/qr/${configId}.png`,
          },
        };
      }
      case '/cgi-bin/externalcontact/del_contact_way': {
        if (r.method !== 'POST') return { status: 405, json: {} };
        if (!tokenOk(r)) return error(40014, 'invalid access_token');
        if (!contactTokenOk(r)) return error(48002, 'api forbidden');
        const configId = r.body?.config_id;
        if (typeof configId !== 'string' || configId === '') return error(40058, 'invalid config_id');
        delContactWayRequests.push(configId);
        if (state.failDelContactWay !== null && state.failDelContactWayTimes > 0) {
          state.failDelContactWayTimes--;
          return error(state.failDelContactWay, 'refused by the stand-in');
        }
        // WeCom's 全局错误码 41044: 无效的「联系我」config_id参数.
        if (!liveConfigIds.delete(configId)) return error(41044, 'invalid config_id');
        deletedConfigIds.push(configId);
        return { json: { errcode: 0, errmsg: 'ok' } };
      }
      case '/cgi-bin/externalcontact/get': {
        if (!tokenOk(r)) return error(40014, 'invalid access_token');
        if (!contactTokenOk(r)) return error(48002, 'api forbidden');
        const id = r.query.get('external_userid') ?? '';
        const contact = contacts.get(id);
        if (!contact) return error(84061, 'not external contact');
        return {
          json: {
            errcode: 0,
            errmsg: 'ok',
            external_contact: { external_userid: id, name: contact.name, type: 1 },
            follow_user: [],
          },
        };
      }
      default:
        if (r.path.startsWith('/qr/')) return { png: qrPicture(r.path) };
        return { status: 404, json: { errcode: 404, errmsg: 'not found' } };
    }
  });

  standInUrl = () => standIn.url;

  return {
    ...standIn,
    state,
    /** 获客链接: createLinks, updateLinks, deletedLinkIds, control.failCreateLink. */
    acquisition,
    members,
    contactWays,
    contacts,
    deletedConfigIds,
    delContactWayRequests,
    /** A 联系我 deleted in WeCom's admin by hand: del_contact_way no longer knows it. */
    forgetConfig: (configId: string) => liveConfigIds.delete(configId),
    /** Every token issued so far stops working (WeCom's 40014), as after an expiry. */
    expireTokens: () => tokens.clear(),
    /** A code issued for `userId` without the browser (a test of a code used twice). */
    codeFor: (userId: string | null) => {
      const code = randomCode('wc-');
      codes.set(code, { userId, used: false });
      return code;
    },
    /** The server's settings pointing at this stand-in. */
    urls: (url = standIn.url) => ({
      wecomApi: url,
      wecomQr: `${url}/wwopen/sso/qrConnect`,
      wecomOauth: `${url}/connect/oauth2/authorize`,
    }),
  };
};

export type WecomStandIn = Awaited<ReturnType<typeof startWecomStandIn>>;
