/**
 * The WeCom stand-in's 获客助手 (decision 068), as WeCom documents 获客链接管理 (developer.work.weixin.qq.com
 * document/path/97297): POST `/cgi-bin/externalcontact/customer_acquisition/{create_link,update_link,delete_link}`
 * with an access token of a 自建应用 secret listed in 客户联系's 可调用应用 (the stand-in's `acquisitionSecret`);
 * a token of the 客户联系 system app's secret is refused with 48002 (不支持客户联系系统应用调用), any other 40014.
 * - create_link {link_name, range {user_list, department_list}, skip_verify?} → link {link_id, link_name, url,
 *   create_time}; a wrong shape 40058, an unknown member 60111; recorded in `createLinks`;
 * - update_link {link_id, link_name?, range?, skip_verify?} → ok for a live link (40058 otherwise), in `updateLinks`;
 * - delete_link {link_id} → ok for a live link, in `deletedLinkIds` (40058 for an unknown or deleted one).
 * `failCreateLink` makes create_link answer that errcode. `GET /ca/<link_id>` stands for the link's page.
 */
import { randomCode, type StandInAnswer, type StandInRequest } from './platform-standin';

export interface CreateLinkRequest {
  linkName: unknown;
  range: unknown;
  skipVerify: unknown;
  linkId: string;
  url: string;
}

type Answer = StandInAnswer;

const isStringList = (v: unknown): v is string[] =>
  Array.isArray(v) && v.every((x) => typeof x === 'string' && x !== '');

/** A range as documented: user_list and/or department_list, at least one member or department. */
const rangeFine = (range: unknown) => {
  if (!range || typeof range !== 'object') return false;
  const { user_list: users = [], department_list: departments = [] } = range as Record<string, unknown>;
  return (
    isStringList(users) &&
    Array.isArray(departments) &&
    departments.every((d) => Number.isInteger(d)) &&
    users.length + departments.length > 0 &&
    users.length <= 500
  );
};

export const acquisitionStandIn = (context: {
  members: Map<string, unknown>;
  tokenOk: (r: StandInRequest) => boolean;
  acquisitionTokenOk: (r: StandInRequest) => boolean;
  url: () => string;
}) => {
  const createLinks: CreateLinkRequest[] = [];
  const updateLinks: Record<string, unknown>[] = [];
  const liveLinks = new Set<string>();
  const deletedLinkIds: string[] = [];
  const control = { failCreateLink: null as number | null };
  const error = (errcode: number, errmsg: string): Answer => ({ json: { errcode, errmsg } });

  const guard = (r: StandInRequest): Answer | null => {
    if (r.method !== 'POST') return { status: 405, json: {} };
    if (!context.tokenOk(r)) return error(40014, 'invalid access_token');
    if (!context.acquisitionTokenOk(r)) return error(48002, 'api forbidden');
    return null;
  };
  const unknownMember = (range: unknown) =>
    ((range as { user_list?: string[] }).user_list ?? []).some((u) => !context.members.has(u));

  const handle = (r: StandInRequest): Answer | null => {
    const b = (r.body ?? {}) as Record<string, unknown>;
    switch (r.path) {
      case '/cgi-bin/externalcontact/customer_acquisition/create_link': {
        const refused = guard(r);
        if (refused) return refused;
        const fine =
          typeof b.link_name === 'string' &&
          b.link_name !== '' &&
          rangeFine(b.range) &&
          (b.skip_verify === undefined || typeof b.skip_verify === 'boolean');
        if (!fine) return error(40058, 'invalid link parameters');
        if (unknownMember(b.range)) return error(60111, 'userid not found');
        if (control.failCreateLink !== null) return error(control.failCreateLink, 'refused by the stand-in');
        const linkId = randomCode('cawcde');
        const url = `${context.url()}/ca/${linkId}`;
        createLinks.push({ linkName: b.link_name, range: b.range, skipVerify: b.skip_verify, linkId, url });
        liveLinks.add(linkId);
        return {
          json: {
            errcode: 0,
            errmsg: 'ok',
            link: {
              link_id: linkId,
              link_name: b.link_name,
              url,
              create_time: Math.floor(Date.now() / 1000),
            },
          },
        };
      }
      case '/cgi-bin/externalcontact/customer_acquisition/update_link': {
        const refused = guard(r);
        if (refused) return refused;
        if (typeof b.link_id !== 'string' || !liveLinks.has(b.link_id))
          return error(40058, 'invalid link_id');
        if (b.range !== undefined && !rangeFine(b.range)) return error(40058, 'invalid range');
        if (b.range !== undefined && unknownMember(b.range)) return error(60111, 'userid not found');
        updateLinks.push(b);
        return { json: { errcode: 0, errmsg: 'ok' } };
      }
      case '/cgi-bin/externalcontact/customer_acquisition/delete_link': {
        const refused = guard(r);
        if (refused) return refused;
        if (typeof b.link_id !== 'string' || !liveLinks.delete(b.link_id))
          return error(40058, 'invalid link_id');
        deletedLinkIds.push(b.link_id);
        return { json: { errcode: 0, errmsg: 'ok' } };
      }
      default:
        if (r.path.startsWith('/ca/')) return { json: { page: '添加企业微信', link_id: r.path.slice(4) } };
        return null;
    }
  };
  return { handle, createLinks, updateLinks, deletedLinkIds, control };
};
