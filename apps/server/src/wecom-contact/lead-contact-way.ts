/**
 * A lead's 联系我 (decision 062): queued in the transaction that gives the lead its owner, when 客户联系 is on and
 * the owner's account is linked to a WeCom member (账号绑定, external_identity of provider wecom and the corp id);
 * the outbox then calls externalcontact/add_contact_way (type 1 单人, scene 2 二维码, user = the owner, state = the
 * lead's token) and keeps the config_id and qr_code on the lead. A WeCom refusal is retried with the outbox's
 * backoff; its Chinese reason is kept on the row and in the delivery log. In 获客链接 mode (decision 068) the row
 * is the same with kind acquisition_link, and acquisition-link.ts creates it.
 */
import { randomBytes } from 'node:crypto';
import {
  type LeadWecomContactView,
  WECOM_ACQUISITION_LINK_KIND,
  WECOM_CONTACT_WAY_KIND,
} from '@yuexun/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { externalIdentity, customerIntention as lead, leadWecomContact } from '../db/schema';
import { enqueue, type OutboxJob } from '../shared/outbox';
import { stringField } from '../shared/platforms/platform-call';
import type { PlatformUrls } from '../shared/platforms/platform-env';
import { deliverLeadWay } from './deliver-lead-way';
import { modeOf, readWecomContactSettings, wecomContactReady } from './wecom-contact-settings.service';

/**
 * The lead's 联系我 while it is still its current owner's: between an owner change and the outbox's following it
 * (follow-owner.ts), the former owner's is not shown.
 */
const ownersWay = and(
  eq(lead.id, leadWecomContact.leadId),
  eq(lead.ownerAccountId, leadWecomContact.ownerAccountId),
  isNull(lead.mergedIntoId),
);

/** 20 characters of base64url (120 random bits): WeCom allows a state of up to 30. */
export const newLeadState = () => randomBytes(15).toString('base64url');

/** The WeCom member id of an account, linked through scan login's 账号绑定 for this corp id; '' if none. */
export const wecomUserIdOf = async (db: Db, accountId: number, corpId: string) => {
  const [row] = await db
    .select({ subject: externalIdentity.subject })
    .from(externalIdentity)
    .where(
      and(
        eq(externalIdentity.accountId, accountId),
        eq(externalIdentity.provider, 'wecom'),
        eq(externalIdentity.issuer, corpId),
      ),
    )
    .limit(1);
  return row?.subject ?? '';
};

/**
 * In the transaction that gave `leadId` its owner: a new 联系我 for that owner (a new state; the earlier one of
 * another owner stops binding). Nothing when 客户联系 is off or the owner has no WeCom member linked.
 */
export const queueContactWay = async (
  tx: Db,
  leadId: number,
  ownerAccountId: number,
  maxAttempts: number,
) => {
  const settings = await readWecomContactSettings(tx);
  if (!wecomContactReady(settings)) return;
  const wecomUserId = await wecomUserIdOf(tx, ownerAccountId, settings.corpId);
  if (!wecomUserId) return;
  const state = newLeadState();
  const kind = modeOf(settings);
  const link = kind === 'acquisition_link';
  const fresh = {
    state,
    ownerAccountId,
    wecomUserId,
    status: 'pending',
    reason: '',
    kind,
    configId: '',
    qrCode: '',
    linkId: '',
    linkUrl: '',
    externalUserId: '',
    contactName: '',
    boundAt: null,
    removedAt: null,
    updatedAt: new Date(),
  };
  await tx
    .insert(leadWecomContact)
    .values({ leadId, ...fresh })
    .onConflictDoUpdate({ target: leadWecomContact.leadId, set: fresh });
  const jobKind = link ? WECOM_ACQUISITION_LINK_KIND : WECOM_CONTACT_WAY_KIND;
  await enqueue(
    tx,
    jobKind,
    { leadId, state },
    {
      maxAttempts,
      dedupeKey: `${jobKind}:${state}`,
      label: `线索 #${leadId} 的企业微信${link ? '获客链接' : '联系我'}（${wecomUserId}）`,
      subject: { type: 'lead', id: leadId },
    },
  );
};

/** The outbox handler: creates the 联系我 of the row still carrying the job's state. */
export const deliverContactWay = (db: Db, urls: PlatformUrls, job: OutboxJob) =>
  deliverLeadWay(db, urls, job, '联系我', async (client, row, state) => {
    const answer = await client.call(
      'externalcontact/add_contact_way',
      {},
      { type: 1, scene: 2, skip_verify: true, state, user: [row.wecomUserId], remark: `线索 #${row.leadId}` },
    );
    const configId = stringField(answer, 'config_id');
    const qrCode = stringField(answer, 'qr_code');
    if (!qrCode) throw new Error('企业微信：应答中没有二维码');
    return { configId, qrCode };
  });

export const leadWecomContactOf = async (
  db: Db,
  leadId: number,
): Promise<(LeadWecomContactView & { state: string }) | null> => {
  const [found] = await db
    .select({ row: leadWecomContact })
    .from(leadWecomContact)
    .innerJoin(lead, ownersWay)
    .where(eq(leadWecomContact.leadId, leadId));
  if (!found) return null;
  const { row } = found;
  return {
    state: row.state,
    status: row.status === 'ready' ? 'ready' : row.status === 'failed' ? 'failed' : 'pending',
    reason: row.reason,
    ownerWecomUserId: row.wecomUserId,
    mode: row.kind === 'acquisition_link' ? 'acquisition_link' : 'contact_way',
    qrCode: row.qrCode || row.linkUrl,
    link: row.linkUrl,
    externalUserId: row.externalUserId,
    contactName: row.contactName,
    boundAt: row.boundAt?.toISOString() ?? null,
    removedAt: row.removedAt?.toISOString() ?? null,
  };
};

/** A ready 联系我 or 获客链接: its QR code's source (WeCom's picture) or its link (a QR code made of it). */
export interface ReadyWay {
  state: string;
  qrCode: string;
  /** The 获客链接 with customer_channel; null for a 联系我. */
  link: string | null;
}

const readyOf = (row: { state: string; qrCode: string; linkUrl: string; kind: string }): ReadyWay | null => {
  const link = row.kind === 'acquisition_link' ? row.linkUrl : null;
  if (link === '' || (link === null && !row.qrCode)) return null;
  return { state: row.state, qrCode: row.qrCode, link };
};

const wayColumns = {
  status: leadWecomContact.status,
  state: leadWecomContact.state,
  qrCode: leadWecomContact.qrCode,
  linkUrl: leadWecomContact.linkUrl,
  kind: leadWecomContact.kind,
};

/**
 * The lead's QR code (or 获客链接) if the outbox creates it within `waitMs` (the thank-you message); null at once
 * when the lead has none, or when it is not ready in time (the message then simply has none).
 */
export const waitForQrCode = async (db: Db, leadId: number, waitMs: number): Promise<ReadyWay | null> => {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const [row] = await db
      .select(wayColumns)
      .from(leadWecomContact)
      .where(eq(leadWecomContact.leadId, leadId));
    if (!row || row.status === 'failed') return null;
    const ready = row.status === 'ready' ? readyOf(row) : null;
    if (ready) return ready;
    if (Date.now() >= deadline) return null;
    await new Promise((r) => setTimeout(r, 100));
  }
};

/** The ready 联系我 or 获客链接 whose state this is, while it is its lead's current owner's. */
export const readyWayByState = async (db: Db, state: string): Promise<ReadyWay | null> => {
  if (!/^[A-Za-z0-9_-]{1,30}$/.test(state)) return null;
  const [row] = await db
    .select(wayColumns)
    .from(leadWecomContact)
    .innerJoin(lead, ownersWay)
    .where(and(eq(leadWecomContact.state, state), eq(leadWecomContact.status, 'ready')));
  return row ? readyOf(row) : null;
};
