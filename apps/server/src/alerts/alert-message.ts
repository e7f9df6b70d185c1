/**
 * The words of a lead alert, in Chinese, for a private staff channel: the full phone number is shown
 * (the salesperson calls it), with where the lead came from and a link to it in the console.
 */
import {
  leadKindLabels,
  leadOrganisation,
  phoneLeadHash,
  schoolTypeLabels,
  sourceLabel,
  sourceOf,
  teamSizeLabels,
} from '@yuexun/contract';
import { and, eq, isNull, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { account, customerIntention, employee, product, tenant } from '../db/schema';
import { type ContactQr, ownerContactQr } from './alert-contact-qr';

/** The salesperson a message is for: named in it, @-mentioned where the platform can (by mobile). */
export interface Mention {
  name: string;
  phone: string;
  /** Also sent the e-mail, when the channel is e-mail and the staff record has an address. */
  email: string;
}

export interface AlertMessage {
  /** One line: the title of a DingTalk card, an e-mail subject. */
  title: string;
  mention?: Mention;
  /** Lines of "label：value"; rendered as markdown or plain text by each sender. */
  lines: [string, string][];
  /** Where to open the lead, or null when the server does not know its public address. */
  link: string | null;
  /** The owner's 企业微信联系我 QR code (alert-contact-qr.ts). */
  qr?: ContactQr;
  /** Machine-readable part for the generic webhook. */
  data: Record<string, unknown>;
}

export interface LinkBase {
  /** PUBLIC_ORIGIN, or null. */
  origin: string | null;
  /** BASE_PATH + the console's path, e.g. /home/2.0/login/. */
  consolePath: string;
  /** BASE_PATH, e.g. /home/2.0/ (the site's own addresses). */
  basePath: string;
}

/** The phone lead page (decision 065): light on a phone, 销售线索 filtered by the phone on a wide screen. */
const leadLink = (base: LinkBase, lead: { id: number; phone: string }) =>
  base.origin ? `${base.origin}${base.consolePath}${phoneLeadHash(lead.id, lead.phone)}` : null;

const ownerAccount = alias(account, 'owner_account');

/** A lead as its messages show it, with its owner's contact (null: unassigned); null when it is gone. */
const loadLead = async (db: Db, leadId: number) => {
  const [lead] = await db
    .select({
      id: customerIntention.id,
      kind: customerIntention.kind,
      status: customerIntention.status,
      companyName: customerIntention.companyName,
      businessScope: customerIntention.businessScope,
      teamSize: customerIntention.teamSize,
      contactName: customerIntention.contactName,
      phone: customerIntention.phone,
      schoolName: customerIntention.schoolName,
      region: customerIntention.region,
      schoolType: customerIntention.schoolType,
      role: customerIntention.role,
      message: customerIntention.message,
      productName: product.name,
      utmSource: customerIntention.utmSource,
      utmCampaign: customerIntention.utmCampaign,
      searchEngine: customerIntention.searchEngine,
      searchKeyword: customerIntention.searchKeyword,
      referrerHost: customerIntention.referrerHost,
      landingPage: customerIntention.landingPage,
      nextFollowUpAt: customerIntention.nextFollowUpAt,
      ownerAccountId: customerIntention.ownerAccountId,
      ownerName: ownerAccount.name,
      ownerPhone: ownerAccount.phone,
      createdAt: customerIntention.createdAt,
    })
    .from(customerIntention)
    .leftJoin(product, eq(product.id, customerIntention.interestedProductId))
    .leftJoin(ownerAccount, eq(ownerAccount.id, customerIntention.ownerAccountId))
    .where(eq(customerIntention.id, leadId));
  if (!lead) return null;
  return { ...lead, owner: lead.ownerAccountId ? await mentionOf(db, lead.ownerAccountId) : null };
};

/** The owner's name, mobile and e-mail (the vendor's staff record); null when the account is gone. */
const mentionOf = async (db: Db, accountId: number): Promise<Mention | null> => {
  const [row] = await db
    .select({ name: account.name, phone: account.phone, staffPhone: employee.phone, email: employee.email })
    .from(account)
    .leftJoin(employee, eq(employee.accountId, account.id))
    .leftJoin(tenant, eq(tenant.id, employee.tenantId))
    .where(and(eq(account.id, accountId), or(eq(tenant.kind, 'vendor'), isNull(tenant.id))));
  return row ? { name: row.name, phone: row.staffPhone ?? row.phone ?? '', email: row.email ?? '' } : null;
};

const beijing = (at: Date) =>
  `${new Date(at.getTime() + 8 * 3600_000).toISOString().slice(0, 16).replace('T', ' ')}（北京时间）`;

/** The message for lead `leadId`, or null when the lead no longer exists. */
export const leadAlertMessage = async (
  db: Db,
  leadId: number,
  base: LinkBase,
): Promise<AlertMessage | null> => {
  const lead = await loadLead(db, leadId);
  if (!lead) return null;
  const source = sourceLabel(sourceOf(lead));
  const agent = lead.kind === 'agent';
  const name = leadOrganisation(lead);
  const lines: [string, string][] = agent
    ? [
        ['公司', lead.companyName],
        ['联系人', lead.contactName],
        ['手机号', lead.phone],
        ['代理区域', lead.region],
        ['主营业务', lead.businessScope],
        ['团队规模', teamSizeLabels[lead.teamSize as keyof typeof teamSizeLabels] ?? lead.teamSize],
      ]
    : [
        ['学校/单位', lead.schoolName],
        ['联系人', `${lead.contactName}${lead.role ? `（${lead.role}）` : ''}`],
        ['手机号', lead.phone],
        ['地区', lead.region],
        ['类型', lead.schoolType ? schoolTypeLabels[lead.schoolType] : '-'],
      ];
  if (lead.productName) lines.push(['意向产品', lead.productName]);
  lines.push(['来源', `${source}${lead.searchKeyword ? `（搜索词：${lead.searchKeyword}）` : ''}`]);
  if (lead.utmCampaign) lines.push(['推广活动', lead.utmCampaign]);
  if (lead.landingPage) lines.push(['着陆页', lead.landingPage]);
  if (lead.message) lines.push([agent ? '补充说明' : '需求描述', lead.message.slice(0, 500)]);
  lines.push(['提交时间', beijing(lead.createdAt)]);
  if (lead.owner) lines.push(['负责人', lead.owner.name]);
  const qr = await ownerContactQr(db, lead, base);
  return {
    title: agent ? `新${leadKindLabels.agent} #${lead.id}：${name}` : `新线索 #${lead.id}：${name}`,
    ...(lead.owner ? { mention: lead.owner } : {}),
    lines,
    link: leadLink(base, lead),
    ...(qr ? { qr } : {}),
    data: {
      event: 'lead.created',
      lead: {
        id: lead.id,
        kind: lead.kind,
        schoolName: lead.schoolName,
        companyName: lead.companyName,
        businessScope: lead.businessScope,
        teamSize: lead.teamSize,
        contactName: lead.contactName,
        phone: lead.phone,
        region: lead.region,
        schoolType: lead.schoolType,
        role: lead.role,
        productName: lead.productName,
        message: lead.message,
        source: sourceOf(lead),
        utmSource: lead.utmSource,
        utmCampaign: lead.utmCampaign,
        landingPage: lead.landingPage,
        owner: ownerData(lead),
        createdAt: lead.createdAt.toISOString(),
      },
      ...(qr ? { [qr.kind === 'link' ? 'wecomContactLink' : 'wecomContactQr']: qr.url } : {}),
    },
  };
};

const ownerData = (lead: { ownerAccountId: number | null; owner: Mention | null }) =>
  lead.owner && lead.ownerAccountId
    ? { accountId: lead.ownerAccountId, name: lead.owner.name, phone: lead.owner.phone }
    : null;

export type LeadNotice =
  | { type: 'assigned'; ownerAccountId: number }
  | { type: 'reminder'; followUpId: number; nextAt: Date; note: string };

/**
 * A notice about lead `leadId` for its owner: given to them, or a follow-up is due. Null when the lead
 * is gone. The salesperson is named and @-mentioned; for a reminder, the follow-up that scheduled it.
 */
export const leadNoticeMessage = async (
  db: Db,
  leadId: number,
  notice: LeadNotice,
  base: LinkBase,
): Promise<AlertMessage | null> => {
  const lead = await loadLead(db, leadId);
  if (!lead) return null;
  const mention =
    notice.type === 'assigned' ? await mentionOf(db, notice.ownerAccountId) : (lead.owner ?? undefined);
  const name = leadOrganisation(lead);
  const ownerName = mention?.name ?? '（未分配负责人）';
  const lines: [string, string][] = [
    ['负责人', ownerName],
    ['类型', leadKindLabels[lead.kind]],
    [lead.kind === 'agent' ? '公司' : '学校/单位', name],
    ['联系人', lead.contactName],
    ['手机号', lead.phone],
    ['地区', lead.region],
  ];
  if (notice.type === 'reminder') {
    lines.splice(1, 0, ['计划跟进时间', beijing(notice.nextAt)]);
    if (notice.note) lines.push(['上次跟进', notice.note.slice(0, 300)]);
  }
  const title =
    notice.type === 'assigned'
      ? `线索 #${lead.id} 已分配给 ${ownerName}：${name}`
      : `跟进提醒 #${lead.id}：${name}（${ownerName}）`;
  return {
    title,
    ...(mention ? { mention } : {}),
    lines,
    link: leadLink(base, lead),
    data: {
      event: notice.type === 'assigned' ? 'lead.assigned' : 'lead.reminder',
      lead: { id: lead.id, kind: lead.kind, name, contactName: lead.contactName, phone: lead.phone },
      owner: mention ? { name: mention.name, phone: mention.phone } : null,
      ...(notice.type === 'reminder'
        ? { followUp: { id: notice.followUpId, nextAt: notice.nextAt.toISOString(), note: notice.note } }
        : {}),
    },
  };
};

export const testAlertMessage = (channelName: string): AlertMessage => ({
  title: '悦讯通知渠道测试',
  lines: [
    ['渠道', channelName],
    ['说明', '这是一条测试消息：收到即表示新线索会发送到这里。'],
  ],
  link: null,
  data: { event: 'test' },
});

/** Markdown for WeCom, DingTalk and the e-mail's text part. */
export const toMarkdown = (m: AlertMessage) =>
  [
    `### ${m.title}`,
    ...m.lines.map(([k, v]) => `- **${k}**：${v.replace(/\s+/g, ' ')}`),
    ...(m.qr ? [`\n[${m.qr.caption}](${m.qr.url})`] : []),
    ...(m.link ? [`\n[在控制台查看](${m.link})`] : []),
  ].join('\n');

/**
 * A Feishu message card: the title as its header, one field per line (short ones two to a row), and a
 * button to the lead in the console. Values are plain text, so what a visitor typed is never read as
 * markdown, a link or an @mention.
 */
export const feishuCard = (m: AlertMessage) => {
  const button = (content: string, url: string, primary = false) => ({
    tag: 'button',
    text: { tag: 'plain_text', content },
    ...(primary ? { type: 'primary' } : {}),
    url,
  });
  const buttons = [
    ...(m.qr ? [button(m.qr.caption, m.qr.url)] : []),
    ...(m.link ? [button('在控制台查看', m.link, true)] : []),
  ];
  return {
    config: { wide_screen_mode: true },
    header: { title: { tag: 'plain_text', content: m.title }, template: 'blue' },
    elements: [
      {
        tag: 'div',
        fields: m.lines.map(([k, v]) => ({
          is_short: v.length <= 24,
          text: { tag: 'plain_text', content: `${k}：${v}` },
        })),
      },
      ...(buttons.length > 0 ? [{ tag: 'action', actions: buttons }] : []),
    ],
  };
};

export const toPlainText = (m: AlertMessage) =>
  [
    m.title,
    ...m.lines.map(([k, v]) => `${k}：${v}`),
    ...(m.qr ? [`${m.qr.caption}：${m.qr.url}`] : []),
    ...(m.link ? [`查看：${m.link}`] : []),
  ].join('\n');
