/**
 * The words of a lead alert, in Chinese, for a private staff channel: the full phone number is shown
 * (the salesperson calls it), with where the lead came from and a link to it in the console.
 */
import {
  leadKindLabels,
  leadOrganisation,
  schoolTypeLabels,
  sourceLabel,
  sourceOf,
  teamSizeLabels,
} from '@yuexun/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { customerIntention, product } from '../db/schema';

export interface AlertMessage {
  /** One line: the title of a DingTalk card, an e-mail subject. */
  title: string;
  /** Lines of "label：value"; rendered as markdown or plain text by each sender. */
  lines: [string, string][];
  /** Where to open the lead, or null when the server does not know its public address. */
  link: string | null;
  /** Machine-readable part for the generic webhook. */
  data: Record<string, unknown>;
}

export interface LinkBase {
  /** PUBLIC_ORIGIN, or null. */
  origin: string | null;
  /** BASE_PATH + the console's path, e.g. /home/2.0/login/. */
  consolePath: string;
}

const leadLink = (base: LinkBase, phone: string) =>
  base.origin
    ? `${base.origin}${base.consolePath}#/content/leads?keyword=${encodeURIComponent(phone)}`
    : null;

/** The message for lead `leadId`, or null when the lead no longer exists. */
export const leadAlertMessage = async (
  db: Db,
  leadId: number,
  base: LinkBase,
): Promise<AlertMessage | null> => {
  const [lead] = await db
    .select({
      id: customerIntention.id,
      kind: customerIntention.kind,
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
      createdAt: customerIntention.createdAt,
    })
    .from(customerIntention)
    .leftJoin(product, eq(product.id, customerIntention.interestedProductId))
    .where(eq(customerIntention.id, leadId));
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
  const beijing = new Date(lead.createdAt.getTime() + 8 * 3600_000)
    .toISOString()
    .slice(0, 16)
    .replace('T', ' ');
  lines.push(['提交时间', `${beijing}（北京时间）`]);
  return {
    title: agent ? `新${leadKindLabels.agent} #${lead.id}：${name}` : `新线索 #${lead.id}：${name}`,
    lines,
    link: leadLink(base, lead.phone),
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
        createdAt: lead.createdAt.toISOString(),
      },
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
    ...(m.link ? [`\n[在控制台查看](${m.link})`] : []),
  ].join('\n');

/**
 * A Feishu message card: the title as its header, one field per line (short ones two to a row), and a
 * button to the lead in the console. Values are plain text, so what a visitor typed is never read as
 * markdown, a link or an @mention.
 */
export const feishuCard = (m: AlertMessage) => ({
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
    ...(m.link
      ? [
          {
            tag: 'action',
            actions: [
              {
                tag: 'button',
                text: { tag: 'plain_text', content: '在控制台查看' },
                type: 'primary',
                url: m.link,
              },
            ],
          },
        ]
      : []),
  ],
});

export const toPlainText = (m: AlertMessage) =>
  [m.title, ...m.lines.map(([k, v]) => `${k}：${v}`), ...(m.link ? [`查看：${m.link}`] : [])].join('\n');
