/**
 * The phone lead page's data (decision 065): who is signed in and what they may do (the same permissions and
 * access table as the console), the lead the alert named (by id among the phone's leads the server lets the
 * caller see), the caller's recent leads, and the lead's timeline and WeCom contact; status moves and
 * follow-ups through the same actions as the drawer.
 */
import type {
  AdminLead,
  FollowUpKind,
  LeadStatus,
  LeadTimelineEntry,
  LeadWecomContactView,
} from '@yuexun/contract';
import { useCallback, useEffect, useState } from 'react';
import access, { type Access } from '../../access';
import { hashQuery } from '../../app/navigation';
import { dropFirstCalls, takeFirstCalls } from './first-calls';
import { callLead, LeadCallError } from './lead-api';

export type PageState =
  | { kind: 'loading' }
  | { kind: 'refused' }
  | { kind: 'failed'; message: string }
  | {
      kind: 'ready';
      access: Access;
      lead: AdminLead | null;
      /** null until the recent list arrives (after the lead: it waits for who the user is). */
      recent: AdminLead[] | null;
      pending?: Promise<AdminLead[]> | undefined;
    };

const RECENT = 10;

/** The lead the link names: its id among the keyword's leads, else the newest of them. */
const pick = (leads: AdminLead[], id: number) =>
  leads.find((l) => l.id === id) ?? (id ? undefined : leads[0]);

/**
 * The first answers, asked for side by side (first-calls.ts): the user, their permissions and the keyword's
 * leads (the server answers only leads the caller may read, and refuses the list without leads.read). The
 * recent list, which depends on who the user is, follows.
 */
const loadPage = async (query: string): Promise<PageState> => {
  const params = new URLSearchParams(query);
  const id = Number(params.get('id') ?? 0) || 0;
  const keyword = params.get('keyword') ?? '';
  // Asked for by main.tsx before this code arrived, when the page was opened from its link (first-calls.ts).
  const { user: asked, codes, found } = takeFirstCalls(query);
  const user = await asked;
  // Without a selected organisation there is no role, hence no permission (as current-user.ts).
  const permissions = user?.tenantId != null ? await codes : [];
  const table = access({ currentUser: user, permissions });
  if (!user || !table.canLeads) return { kind: 'refused' };
  // The caller's own leads; without leads.read.all the server answers only those anyway.
  const mine = table.canAllLeads && user.accountId ? { owner: String(user.accountId) } : {};
  const recent = callLead('inquireLeadListAdmin', { ...mine, pageIndex: 1, pageSize: RECENT }).then(
    (a) => a.datas,
  );
  const leads = await found;
  const lead = pick(leads, id) ?? (keyword ? null : ((await recent)[0] ?? null));
  return { kind: 'ready', access: table, lead, recent: null, pending: recent };
};

let early: { query: string; answer: Promise<PageState> } | undefined;

/** Starts the first load as the page's code arrives, beside its strings (boot/lead-phone.tsx). */
export const prefetchLeadPage = () => {
  const query = hashQuery().toString();
  early = { query, answer: loadPage(query) };
  early.answer.catch(() => undefined);
};

/**
 * Leaving the standalone page drops an early answer not taken: it may be a lost session's, and the console's
 * own route of this page (after a login) must ask again (as app/current-user.ts's reloadCurrentUser).
 */
export const dropEarlyLeadPage = () => {
  early = undefined;
  dropFirstCalls();
};

/** The early answer for this query if there is one not taken yet, else a new load. */
const takePage = (query: string) => {
  const answer = early?.query === query ? early.answer : loadPage(query);
  early = undefined;
  return answer;
};

export const useLeadPhone = (fallback: string) => {
  const [state, setState] = useState<PageState>({ kind: 'loading' });
  const [query, setQuery] = useState(() => hashQuery().toString());

  useEffect(() => {
    const onHash = () => setQuery(hashQuery().toString());
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);

  useEffect(() => {
    let live = true;
    const failed = (error: unknown) => {
      if (!live) return;
      if (error instanceof LeadCallError && error.forbidden) setState({ kind: 'refused' });
      else setState({ kind: 'failed', message: (error instanceof Error && error.message) || fallback });
    };
    takePage(query).then((next) => {
      if (!live) return;
      setState(next);
      if (next.kind === 'ready')
        next.pending?.then(
          (recent) =>
            live && setState((s) => (s.kind === 'ready' ? { ...s, recent, pending: undefined } : s)),
          () => live && setState((s) => (s.kind === 'ready' ? { ...s, recent: [], pending: undefined } : s)),
        );
    }, failed);
    return () => {
      live = false;
    };
  }, [query, fallback]);

  /** A changed lead (a status move, a follow-up) replaces the shown one and its row in the recent list. */
  const replace = useCallback((lead: AdminLead) => {
    setState((s) =>
      s.kind === 'ready'
        ? { ...s, lead, recent: s.recent?.map((r) => (r.id === lead.id ? lead : r)) ?? null }
        : s,
    );
  }, []);
  return { state, replace };
};

/** The lead's timeline and WeCom contact, reloaded when the lead changes; opening an unseen lead marks it seen. */
export const useLeadDetails = (lead: AdminLead) => {
  const [timeline, setTimeline] = useState<LeadTimelineEntry[] | null>(null);
  const [wecom, setWecom] = useState<LeadWecomContactView | null>(null);
  useEffect(() => {
    // Reloaded whenever the lead changes (a status move or a follow-up adds an entry), as the drawer's.
    if (lead.version <= 0) return;
    let live = true;
    callLead('inquireLeadTimelineAdmin', { leadId: lead.id }).then(
      (a) => live && setTimeline(a.datas),
      () => live && setTimeline([]),
    );
    return () => {
      live = false;
    };
  }, [lead.id, lead.version]);
  useEffect(() => {
    let live = true;
    callLead('inquireLeadWecomContactAdmin', { leadId: lead.id }).then(
      (a) => live && setWecom(a.datas[0] ?? null),
      () => live && setWecom(null),
    );
    return () => {
      live = false;
    };
  }, [lead.id]);
  const unseen = lead.seenAt === null;
  useEffect(() => {
    if (unseen) callLead('markLeadSeenAdmin', { leadId: lead.id }).catch(() => undefined);
  }, [unseen, lead.id]);
  return { timeline, wecom };
};

/** The two changes a phone makes: a status move and a follow-up; each answers the changed lead. */
export const moveLead = async (lead: AdminLead, status: LeadStatus) =>
  firstOf(await callLead('updateLeadAdmin', { leadId: lead.id, version: lead.version, status }));

export const addFollowUp = async (lead: AdminLead, kind: FollowUpKind, note: string) =>
  firstOf(await callLead('addLeadFollowUpAdmin', { leadId: lead.id, version: lead.version, kind, note }));

const firstOf = (answer: { datas: AdminLead[] }) => {
  const lead = answer.datas[0];
  if (!lead) throw new LeadCallError(undefined, '');
  return lead;
};
