/**
 * A stand-in of 钉钉 (DingTalk) on 127.0.0.1 (its login page, new API and oapi on one port), checking each request
 * as DingTalk documents it:
 * - `GET /oauth2/auth` (redirect_uri, response_type=code, client_id, scope containing openid, state) redirects
 *   back at once with `authCode` for the person `scanAs` names — the QR scan replaced by the redirect;
 * - `POST /v1.0/oauth2/userAccessToken` {clientId, clientSecret, code, grantType=authorization_code} → the
 *   person's accessToken and the organisation (corpId) they chose; an unknown or used code is 400
 *   `invalidParameter.authCode.notFound`, a wrong client 400 `invalidClientIdOrSecret`;
 * - `GET /v1.0/contact/users/me` with `x-acs-dingtalk-access-token` → nick, unionId, openId;
 * - `GET /gettoken?appkey&appsecret` → the app's access_token (7,200 s), 40089 for a wrong app;
 * - `POST /topapi/...?access_token` (user/getbyunionid, v2/user/get, v2/user/getuserinfo for an in-app code,
 *   v2/department/listsubid, user/listid) with the app's token (40014 otherwise); an unknown member 60121.
 * `failToken` makes gettoken answer that errcode.
 */
import { randomCode, redirectBack, type StandInRequest, startStandIn } from './platform-standin';

export interface DingtalkPerson {
  unionId: string;
  name: string;
  /** The organisation the person signs in with. */
  corpId: string;
  /** Their member id in that organisation; none: the organisation does not list them. */
  userId?: string;
  departments?: number[];
}

export interface DingtalkApp {
  corpId: string;
  clientId: string;
  secret: string;
}

export const startDingtalkStandIn = async (app: DingtalkApp) => {
  const people = new Map<string, DingtalkPerson>();
  const authCodes = new Map<string, { unionId: string; used: boolean }>();
  const inAppCodes = new Map<string, { unionId: string; used: boolean }>();
  const userTokens = new Map<string, string>();
  const appTokens = new Set<string>();
  const state = { scanAs: '', failToken: null as number | null, tokensIssued: 0 };
  const oapiError = (errcode: number, errmsg: string) => ({ json: { errcode, errmsg } });
  const newApiError = (status: number, code: string, message: string) => ({
    status,
    json: { code, message, requestid: randomCode('r') },
  });
  const member = (userId: unknown) =>
    [...people.values()].find((p) => p.corpId === app.corpId && p.userId === userId && userId);

  const topapi = (r: StandInRequest) => {
    if (r.method !== 'POST') return { status: 405, json: {} };
    if (!appTokens.has(r.query.get('access_token') ?? '')) return oapiError(40014, '不合法的access_token');
    const body = r.body ?? {};
    switch (r.path) {
      case '/topapi/user/getbyunionid': {
        const person = people.get(String(body.unionid ?? ''));
        if (!person?.userId || person.corpId !== app.corpId) return oapiError(60121, '找不到该用户');
        return { json: { errcode: 0, errmsg: 'ok', result: { contact_type: 0, userid: person.userId } } };
      }
      case '/topapi/v2/user/get': {
        const found = member(body.userid);
        if (!found) return oapiError(60121, '找不到该用户');
        return {
          json: {
            errcode: 0,
            errmsg: 'ok',
            result: { userid: found.userId, name: found.name, dept_id_list: found.departments ?? [1] },
          },
        };
      }
      case '/topapi/v2/user/getuserinfo': {
        const entry = inAppCodes.get(String(body.code ?? ''));
        if (!entry || entry.used) return oapiError(40078, '不存在的临时授权码');
        entry.used = true;
        const person = people.get(entry.unionId);
        if (!person?.userId || person.corpId !== app.corpId) return oapiError(60121, '找不到该用户');
        return { json: { errcode: 0, errmsg: 'ok', result: { userid: person.userId, name: person.name } } };
      }
      case '/topapi/v2/department/listsubid': {
        const departments = new Set<number>();
        for (const p of people.values())
          if (p.corpId === app.corpId) for (const d of p.departments ?? [1]) if (d !== 1) departments.add(d);
        const children = Number(body.dept_id) === 1 ? [...departments] : [];
        return { json: { errcode: 0, errmsg: 'ok', result: { dept_id_list: children } } };
      }
      case '/topapi/user/listid': {
        const dept = Number(body.dept_id);
        const ids = [...people.values()]
          .filter((p) => p.corpId === app.corpId && p.userId && (p.departments ?? [1]).includes(dept))
          .map((p) => p.userId);
        return { json: { errcode: 0, errmsg: 'ok', result: { userid_list: ids } } };
      }
      default:
        return oapiError(404, 'not found');
    }
  };

  const standIn = await startStandIn((r) => {
    if (r.path.startsWith('/topapi/')) return topapi(r);
    switch (r.path) {
      case '/oauth2/auth': {
        const q = r.query;
        const fine =
          q.get('client_id') === app.clientId &&
          q.get('response_type') === 'code' &&
          (q.get('scope') ?? '').split(' ').includes('openid') &&
          (q.get('state') ?? '') !== '' &&
          /^https?:\/\//.test(q.get('redirect_uri') ?? '');
        if (!fine) return newApiError(400, 'invalidParameter', 'invalid login parameters');
        const authCode = randomCode('dt-');
        authCodes.set(authCode, { unionId: state.scanAs, used: false });
        return redirectBack(q.get('redirect_uri') ?? '', { authCode, state: q.get('state') ?? '' });
      }
      case '/v1.0/oauth2/userAccessToken': {
        const b = r.body ?? {};
        if (b.clientId !== app.clientId || b.clientSecret !== app.secret)
          return newApiError(400, 'invalidClientIdOrSecret', '无效的clientId或者clientSecret');
        const entry = authCodes.get(String(b.code ?? ''));
        if (b.grantType !== 'authorization_code' || !entry || entry.used)
          return newApiError(400, 'invalidParameter.authCode.notFound', '不合法的临时授权码');
        entry.used = true;
        const accessToken = randomCode('ut-');
        userTokens.set(accessToken, entry.unionId);
        const corpId = people.get(entry.unionId)?.corpId ?? 'ding-other';
        return { json: { accessToken, refreshToken: randomCode('rt-'), expireIn: 7200, corpId } };
      }
      case '/v1.0/contact/users/me': {
        const unionId = userTokens.get(String(r.headers['x-acs-dingtalk-access-token'] ?? ''));
        const person = unionId ? people.get(unionId) : undefined;
        if (!person) return newApiError(401, 'InvalidAuthentication', '不合法的access_token');
        return { json: { nick: person.name, unionId: person.unionId, openId: `open-${person.unionId}` } };
      }
      case '/gettoken': {
        if (r.query.get('appkey') !== app.clientId || r.query.get('appsecret') !== app.secret)
          return oapiError(40089, '不合法的corpid或corpsecret');
        if (state.failToken !== null) return oapiError(state.failToken, 'refused by the stand-in');
        const token = randomCode('at-');
        appTokens.add(token);
        state.tokensIssued++;
        return { json: { errcode: 0, errmsg: 'ok', access_token: token, expires_in: 7200 } };
      }
      default:
        return newApiError(404, 'NotFound', 'not found');
    }
  });

  return {
    ...standIn,
    state,
    people,
    /** A 免登 code as DingTalk's JSAPI (requestAuthCode) gives it inside the app, for `unionId`. */
    inAppCodeFor: (unionId: string) => {
      const code = randomCode('ia-');
      inAppCodes.set(code, { unionId, used: false });
      return code;
    },
    urls: (url = standIn.url) => ({
      dingtalkLogin: `${url}/oauth2/auth`,
      dingtalkApi: url,
      dingtalkOapi: url,
    }),
  };
};

export type DingtalkStandIn = Awaited<ReturnType<typeof startDingtalkStandIn>>;
