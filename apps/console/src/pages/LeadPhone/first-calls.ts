/**
 * The phone lead page's first calls, started by main.tsx as soon as the hash is #/m/leads, before the page's
 * code arrives (decision 065): who is signed in, their permissions and the leads of the link's phone. The page
 * (useLeadPhone.ts) takes them once for the same link; leaving the page drops them unread, so an answer asked
 * for before a login is never shown after it (as app/current-user.ts's reloadCurrentUser).
 */
import { CONSOLE_APP_KEY } from '@yuexun/contract/permissions';
import { callLead } from './lead-api';

const ask = (query: string) => {
  const keyword = new URLSearchParams(query).get('keyword') ?? '';
  const user = callLead('inquireCurrentAccountEmployeeInfoAccount', {}).then((a) => a.datas[0]);
  const codes = callLead('inquireOperationCodeListByProductAccount', { appKey: CONSOLE_APP_KEY }).then(
    (a) => a.datas.map((c) => c.code),
    () => [] as string[],
  );
  const found = keyword
    ? callLead('inquireLeadListAdmin', { keyword, pageIndex: 1, pageSize: 20 }).then((a) => a.datas)
    : Promise.resolve([]);
  // Taken (and their failures handled) by the page; never an unhandled rejection meanwhile.
  user.catch(() => undefined);
  found.catch(() => undefined);
  return { user, codes, found };
};

export type FirstCalls = ReturnType<typeof ask>;

let early: { query: string; calls: FirstCalls } | undefined;

/** main.tsx: the first calls for the link's query, before the page's code is fetched. */
export const startFirstCalls = (query: string) => {
  early = { query, calls: ask(query) };
};

/** The early calls for this query if there are some not taken yet, else new ones. */
export const takeFirstCalls = (query: string): FirstCalls => {
  const calls = early?.query === query ? early.calls : ask(query);
  early = undefined;
  return calls;
};

/** Leaving the page (or a login) drops early calls not taken: they may be a lost session's. */
export const dropFirstCalls = () => {
  early = undefined;
};
