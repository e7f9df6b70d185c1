/**
 * A stand-in of 飞书 (Feishu) open platform on 127.0.0.1, checking each request as Feishu documents it:
 * - `GET /open-apis/authen/v1/authorize` (app_id, redirect_uri, state) redirects back at once with a `code` for
 *   the person `scanAs` names — the QR scan replaced by the redirect;
 * - `POST /open-apis/auth/v3/app_access_token/internal` {app_id, app_secret} → app_access_token (7,200 s),
 *   code 10014 for a wrong secret;
 * - `POST /open-apis/authen/v1/oidc/access_token` with `Authorization: Bearer <app_access_token>` (99991664
 *   otherwise) and {grant_type=authorization_code, code} → the person's access_token; an unknown code 20003,
 *   a used one 20007;
 * - `GET /open-apis/authen/v1/user_info` with the person's token → name, open_id, union_id, tenant_key.
 */
import { randomCode, redirectBack, startStandIn } from './platform-standin';

export interface FeishuPerson {
  unionId: string;
  name: string;
  tenantKey: string;
}

export interface FeishuApp {
  appId: string;
  secret: string;
}

export const startFeishuStandIn = async (app: FeishuApp) => {
  const people = new Map<string, FeishuPerson>();
  const codes = new Map<string, { unionId: string; used: boolean }>();
  const appTokens = new Set<string>();
  const userTokens = new Map<string, string>();
  const state = { scanAs: '', tokensIssued: 0 };
  const refuse = (code: number, msg: string, status = 400) => ({ status, json: { code, msg } });
  const bearer = (header: string | string[] | undefined) =>
    /^Bearer (.+)$/.exec(String(header ?? ''))?.[1] ?? '';

  const standIn = await startStandIn((r) => {
    switch (r.path) {
      case '/open-apis/authen/v1/authorize': {
        const q = r.query;
        if (
          q.get('app_id') !== app.appId ||
          !q.get('state') ||
          !/^https?:\/\//.test(q.get('redirect_uri') ?? '')
        )
          return refuse(20029, 'invalid authorize parameters');
        const code = randomCode('fs-');
        codes.set(code, { unionId: state.scanAs, used: false });
        return redirectBack(q.get('redirect_uri') ?? '', { code, state: q.get('state') ?? '' });
      }
      case '/open-apis/auth/v3/app_access_token/internal': {
        if (r.method !== 'POST' || r.body?.app_id !== app.appId) return refuse(10003, 'invalid param');
        if (r.body?.app_secret !== app.secret) return refuse(10014, 'app secret invalid');
        const token = randomCode('a-');
        appTokens.add(token);
        state.tokensIssued++;
        return { json: { code: 0, msg: 'ok', app_access_token: token, expire: 7200 } };
      }
      case '/open-apis/authen/v1/oidc/access_token': {
        if (!appTokens.has(bearer(r.headers.authorization)))
          return refuse(99991664, 'app access token invalid', 401);
        const entry = codes.get(String(r.body?.code ?? ''));
        if (r.body?.grant_type !== 'authorization_code' || !entry) return refuse(20003, 'invalid code');
        if (entry.used) return refuse(20007, 'code has been used');
        entry.used = true;
        const token = randomCode('u-');
        userTokens.set(token, entry.unionId);
        return {
          json: {
            code: 0,
            msg: 'success',
            data: {
              access_token: token,
              token_type: 'Bearer',
              expires_in: 7200,
              refresh_token: randomCode('r-'),
            },
          },
        };
      }
      case '/open-apis/authen/v1/user_info': {
        const unionId = userTokens.get(bearer(r.headers.authorization));
        const person = unionId ? people.get(unionId) : undefined;
        if (!person) return refuse(99991668, 'user access token invalid', 401);
        return {
          json: {
            code: 0,
            msg: 'success',
            data: {
              name: person.name,
              open_id: `ou_${person.unionId}`,
              union_id: person.unionId,
              tenant_key: person.tenantKey,
            },
          },
        };
      }
      default:
        return refuse(404, 'not found', 404);
    }
  });

  return {
    ...standIn,
    state,
    people,
    urls: (url = standIn.url) => ({ feishu: url }),
  };
};

export type FeishuStandIn = Awaited<ReturnType<typeof startFeishuStandIn>>;
