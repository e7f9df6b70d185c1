/**
 * The owner's 联系我 in a lead's alert (企业微信客户联系, decision 062): the address of its QR code on the site's own
 * origin (/wecom-contact/qr/<state>.png, which answers WeCom's picture once the outbox has made it), under
 * 扫码添加您的专属顾问. The 联系我 is queued in the lead's transaction before its alerts, so its state is known when
 * the alert is written even if WeCom has not answered yet. None without a public origin, for a lead without
 * one, for a 联系我 of a former owner, or one WeCom refused. In 获客链接 mode (decision 068) it is 添加您的专属顾问
 * with /wecom-contact/link/<state>, which redirects to the owner's 获客链接 once WeCom has made it (one tap on a
 * phone opens WeCom).
 */
import { WECOM_CONTACT_CAPTION, WECOM_LINK_CAPTION, wecomLinkPath, wecomQrPath } from '@yuexun/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { leadWecomContact } from '../db/schema';

export interface ContactQr {
  caption: string;
  url: string;
  /** A QR code's picture (联系我) or a link that opens WeCom (获客链接). */
  kind: 'qr' | 'link';
}

export const ownerContactQr = async (
  db: Db,
  lead: { id: number; ownerAccountId: number | null },
  base: { origin: string | null; basePath: string },
): Promise<ContactQr | null> => {
  if (!base.origin || lead.ownerAccountId === null) return null;
  const [row] = await db
    .select({ state: leadWecomContact.state, kind: leadWecomContact.kind })
    .from(leadWecomContact)
    .where(
      and(
        eq(leadWecomContact.leadId, lead.id),
        eq(leadWecomContact.ownerAccountId, lead.ownerAccountId),
        inArray(leadWecomContact.status, ['pending', 'ready']),
      ),
    );
  if (!row) return null;
  const link = row.kind === 'acquisition_link';
  return {
    caption: link ? WECOM_LINK_CAPTION : WECOM_CONTACT_CAPTION,
    url: `${base.origin}${base.basePath}${(link ? wecomLinkPath(row.state) : wecomQrPath(row.state)).slice(1)}`,
    kind: link ? 'link' : 'qr',
  };
};
