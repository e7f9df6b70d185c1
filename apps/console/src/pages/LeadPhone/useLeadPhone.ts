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
import { CONSOLE_APP_KEY } from '@yuexun/contract/permissions';
import { useCallback, useEffect, useState } from 'react';
import access, { type Access } from '../../access';
import { hashQuery } from '../../app/navigation';
import { callLead, LeadCallError } from './lead-api';

export type PageState =
  | { kind: 'loading' }
  | { kind: 'refused' }
  | { kind: 'failed'; message: string }
  | { kind: 'ready'; access: Access; lead: AdminLead | null; recent: AdminLead[] };

const RECENT = 10;

/** The lead the link names: its id among the keyword's leads, else the newest of them. */
const pick = (leads: AdminLead[], id: number) =>
  leads.find((l) => l.id === id) ?? (id ? undefined : leads[0]);

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
    const params = new URLSearchParams(query);
    const keyword = params.get('keyword') ?? '';
    const id = Number(params.get('id') ?? 0) || 0;
    (async () => {
      const user = (await callLead('inquireCurrentAccountEmployeeInfoAccount', {}, fallback)).datas[0];
      // Without a selected organisation there is no role, hence no permission (as current-user.ts).
      const permissions =
        user?.tenantId != null
          ? (
              await callLead(
                'inquireOperationCodeListByProductAccount',
                { appKey: CONSOLE_APP_KEY },
                fallback,
              )
            ).datas.map((c) => c.code)
          : [];
      const table = access({ currentUser: user, permissions });
      if (!user || !table.canLeads) return { kind: 'refused' } as const;
      // The caller's own leads; without leads.read.all the server answers only those anyway.
      const mine = table.canAllLeads && user.accountId ? { owner: String(user.accountId) } : {};
      const [found, recent] = await Promise.all([
        keyword
          ? callLead('inquireLeadListAdmin', { keyword, pageIndex: 1, pageSize: 20 }, fallback)
          : Promise.resolve({ datas: [] as AdminLead[] }),
        callLead('inquireLeadListAdmin', { ...mine, pageIndex: 1, pageSize: RECENT }, fallback),
      ]);
      const lead = pick(found.datas, id) ?? (keyword ? null : (recent.datas[0] ?? null));
      return { kind: 'ready', access: table, lead, recent: recent.datas } as const;
    })().then(
      (next) => live && setState(next),
      (error: unknown) => {
        if (!live) return;
        if (error instanceof LeadCallError && error.forbidden) setState({ kind: 'refused' });
        else setState({ kind: 'failed', message: error instanceof Error ? error.message : fallback });
      },
    );
    return () => {
      live = false;
    };
  }, [query, fallback]);

  /** A changed lead (a status move, a follow-up) replaces the shown one and its row in the recent list. */
  const replace = useCallback((lead: AdminLead) => {
    setState((s) =>
      s.kind === 'ready' ? { ...s, lead, recent: s.recent.map((r) => (r.id === lead.id ? lead : r)) } : s,
    );
  }, []);
  return { state, replace };
};

/** The lead's timeline and WeCom contact, reloaded when the lead changes; opening an unseen lead marks it seen. */
export const useLeadDetails = (lead: AdminLead, fallback: string) => {
  const [timeline, setTimeline] = useState<LeadTimelineEntry[] | null>(null);
  const [wecom, setWecom] = useState<LeadWecomContactView | null>(null);
  useEffect(() => {
    // Reloaded whenever the lead changes (a status move or a follow-up adds an entry), as the drawer's.
    if (lead.version <= 0) return;
    let live = true;
    callLead('inquireLeadTimelineAdmin', { leadId: lead.id }, fallback).then(
      (a) => live && setTimeline(a.datas),
      () => live && setTimeline([]),
    );
    return () => {
      live = false;
    };
  }, [lead.id, lead.version, fallback]);
  useEffect(() => {
    let live = true;
    callLead('inquireLeadWecomContactAdmin', { leadId: lead.id }, fallback).then(
      (a) => live && setWecom(a.datas[0] ?? null),
      () => live && setWecom(null),
    );
    return () => {
      live = false;
    };
  }, [lead.id, fallback]);
  const unseen = lead.seenAt === null;
  useEffect(() => {
    if (unseen) callLead('markLeadSeenAdmin', { leadId: lead.id }, fallback).catch(() => undefined);
  }, [unseen, lead.id, fallback]);
  return { timeline, wecom };
};

/** The two changes a phone makes: a status move and a follow-up; each answers the changed lead. */
export const moveLead = async (lead: AdminLead, status: LeadStatus, fallback: string) =>
  firstOf(
    await callLead('updateLeadAdmin', { leadId: lead.id, version: lead.version, status }, fallback),
    fallback,
  );

export const addFollowUp = async (lead: AdminLead, kind: FollowUpKind, note: string, fallback: string) =>
  firstOf(
    await callLead('addLeadFollowUpAdmin', { leadId: lead.id, version: lead.version, kind, note }, fallback),
    fallback,
  );

const firstOf = (answer: { datas: AdminLead[] }, fallback: string) => {
  const lead = answer.datas[0];
  if (!lead) throw new LeadCallError(undefined, fallback);
  return lead;
};
