/**
 * PIPL duties on leads: a person's copy of everything stored with their leads (consent and timelines),
 * erasing every lead of one phone number on request, and anonymising closed leads
 * (CLOSED_LEAD_STATUSES) once the retention period in 站点设置 has passed. Both leave a line in the audit
 * log that names how many leads and never the person (the phone is masked, names are not copied).
 */
import { CLOSED_LEAD_STATUSES, LEAD_RETENTION_DAYS_PATTERN, SITE_ID } from '@yuexun/contract';
import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import {
  auditLog,
  customerIntention as lead,
  leadFollowUp,
  outbox,
  siteSettings,
  tenant,
} from '../db/schema';
import { type Actor, recordAudit } from '../shared/audit';
import { maskPhone } from '../shared/mask';
import { type LeadTimelineRow, timelinesOfLeads } from './lead-timeline';
import { clearVisitsOfLeads, visitPagesOfLeads } from './lead-visits';

/** What the visitor consented to with a lead: when, and which 隐私政策 (article, version, its last change). */
export interface LeadConsent {
  consentAt: Date | null;
  privacyArticleId: number | null;
  privacyVersion: number | null;
  privacyUpdatedAt: Date | null;
}

/** Besides the lead rows, what 个人信息请求's copy holds: each lead's consent, their timelines and 访问轨迹. */
export interface PersonalData {
  consents: Map<number, LeadConsent>;
  timeline: LeadTimelineRow[];
  visits: Awaited<ReturnType<typeof visitPagesOfLeads>>;
}

export const personalDataOfLeads = async (db: Db, leadIds: number[]): Promise<PersonalData> => {
  if (leadIds.length === 0) return { consents: new Map(), timeline: [], visits: [] };
  const rows = await db
    .select({
      id: lead.id,
      consentAt: lead.consentAt,
      privacyArticleId: lead.privacyArticleId,
      privacyVersion: lead.privacyVersion,
      privacyUpdatedAt: lead.privacyUpdatedAt,
    })
    .from(lead)
    .where(and(eq(lead.siteId, SITE_ID), inArray(lead.id, leadIds)));
  return {
    consents: new Map(rows.map(({ id, ...consent }) => [id, consent])),
    timeline: await timelinesOfLeads(db, leadIds),
    visits: await visitPagesOfLeads(db, leadIds),
  };
};

/**
 * Deletes the phone's leads, their timelines and 访问轨迹 (cascade) and their unsent alerts, in one transaction;
 * `retire` queues what outside platforms must forget with them (their 企业微信联系我, decision 062).
 */
export const eraseLeadsOfPhone = (
  db: Db,
  actor: Actor,
  phone: string,
  retire: (tx: Db, leadIds: readonly number[]) => Promise<unknown>,
) =>
  db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`lead:${phone}`}))`);
    const rows = await tx
      .select({ id: lead.id })
      .from(lead)
      .where(and(eq(lead.siteId, SITE_ID), eq(lead.phone, phone)));
    const ids = rows.map((r) => r.id);
    if (ids.length > 0) {
      await tx
        .delete(outbox)
        .where(
          and(
            eq(outbox.subjectType, 'lead'),
            inArray(outbox.subjectId, ids.map(String)),
            inArray(outbox.status, ['pending', 'retrying']),
          ),
        );
      await retire(tx, ids);
      await tx.delete(lead).where(inArray(lead.id, ids));
    }
    await recordAudit(tx, actor, {
      action: 'erase',
      targetType: 'lead',
      targetId: 'phone',
      detail: {
        title: `删除手机号 ${maskPhone(phone)} 的全部线索`,
        phone: maskPhone(phone),
        rows: ids.length,
        ids,
      },
    });
    return ids.length;
  });

/** The fields that name or reach a person (and the old notes box staff wrote about them), replaced; kind, status, region, types and attribution stay for statistics. */
const ANONYMOUS = {
  contactName: '（已匿名）',
  phone: '',
  schoolName: '',
  companyName: '',
  role: '',
  businessScope: '',
  message: '',
  notes: '',
  searchKeyword: '',
  clientIpHash: null,
} as const;

/** Days from 站点设置 (blank: never). */
export const leadRetentionDays = async (db: Db): Promise<number | null> => {
  const [row] = await db
    .select({ values: siteSettings.values })
    .from(siteSettings)
    .where(eq(siteSettings.siteId, SITE_ID));
  const days = row?.values.leadRetentionDays ?? '';
  return LEAD_RETENTION_DAYS_PATTERN.test(days) ? Number(days) : null;
};

/**
 * Anonymises closed leads whose last change is older than the retention period; their timeline notes are
 * cleared and their 访问轨迹 deleted too. Runs as a recurring outbox job: one instance at a time, and again is harmless.
 */
export const anonymiseExpiredLeads = async (db: Db, now = new Date()) => {
  const days = await leadRetentionDays(db);
  if (days === null) return 0;
  const before = new Date(now.getTime() - days * 86_400_000);
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(lead)
      .set({ ...ANONYMOUS, anonymisedAt: now })
      .where(
        and(
          eq(lead.siteId, SITE_ID),
          inArray(lead.status, [...CLOSED_LEAD_STATUSES]),
          isNull(lead.anonymisedAt),
          lt(lead.updatedAt, before),
        ),
      )
      .returning({ id: lead.id });
    if (rows.length === 0) return 0;
    const ids = rows.map((r) => r.id);
    await tx.update(leadFollowUp).set({ note: '' }).where(inArray(leadFollowUp.leadId, ids));
    // The pages they viewed and their visit ids go too: a path is about a person.
    await clearVisitsOfLeads(tx, ids);
    // The system's own line (no account) in the vendor's log: how many, after how long.
    const [vendor] = await tx.select({ id: tenant.id }).from(tenant).where(eq(tenant.kind, 'vendor'));
    await tx.insert(auditLog).values({
      accountId: null,
      tenantId: vendor?.id ?? null,
      action: 'anonymise',
      targetType: 'lead',
      targetId: 'retention',
      detail: {
        title: `保存期限 ${days} 天已到，${ids.length} 条已结束的线索已匿名化`,
        days,
        rows: ids.length,
        ids,
      },
      ipHash: null,
    });
    return ids.length;
  });
};
