/**
 * Notices to a member of staff in the console (the bell beside their name): a submission waiting for them to
 * review, their own submission approved or returned with the reviewer's comment (issue 35). The same events go
 * to the site's alert channels; the bell is the one place each person sees what concerns them.
 */
import { z } from 'zod';
import { defineAction } from './action';
import { optionalPositiveInt, prepared, siteScoped } from './fields';

export const STAFF_NOTICE_KINDS = [
  'review-submitted',
  'review-approved',
  'review-returned',
  'lead-pooled',
] as const;
export type StaffNoticeKind = (typeof STAFF_NOTICE_KINDS)[number];
/** How many notices the bell lists, and how long a notice is kept. */
export const STAFF_NOTICES_SHOWN = 20;
export const STAFF_NOTICE_DAYS = 90;

export const staffNotice = z.object({
  id: z.number().int(),
  kind: z.enum(STAFF_NOTICE_KINDS),
  title: z.string(),
  body: z.string(),
  /** Where in the console it leads, as a route (e.g. /content/articles/edit/12). */
  link: z.string(),
  createdAt: z.string(),
  read: z.boolean(),
});
export type StaffNotice = z.infer<typeof staffNotice>;

export const staffNoticeList = z.object({
  notices: z.array(staffNotice),
  unread: z.number().int(),
});
export type StaffNoticeList = z.infer<typeof staffNoticeList>;

export const inquireStaffNoticeListAccount = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'inquireStaffNoticeListAccount',
  auth: 'session',
  summary: '当前账号的通知（最近 20 条，新的在前）和未读数',
  input: siteScoped,
  item: staffNoticeList,
  result: 'list',
});

export const readStaffNoticeAccount = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'readStaffNoticeAccount',
  auth: 'session',
  summary: '把自己的一条通知（noticeId）或全部通知（all=true）标为已读',
  input: siteScoped
    .extend({
      noticeId: optionalPositiveInt('通知'),
      all: prepared((v) => v === true || v === 'true' || v === '1', z.boolean()),
    })
    .refine((v) => v.all || v.noticeId !== undefined, {
      error: '请选择要标为已读的通知',
      path: ['noticeId'],
    }),
  item: staffNoticeList,
  result: 'list',
  mutates: true,
});

/** What a review step says, in the bell and on the alert channels. */
export const reviewNoticeText = {
  submitted: (title: string, writer: string, queue = '文章管理 → 待审核') => ({
    title: `《${title}》待审核`,
    body: `${writer} 提交了审核，请在 ${queue} 中通过或退回`,
  }),
  /** Where a product submission waits: the articles' 待审核 tab, its 产品 side. */
  productQueue: '文章管理 → 待审核 → 产品',
  approved: (title: string, reviewer: string) => ({
    title: `《${title}》已审核通过`,
    body: `${reviewer} 通过了你的提交`,
  }),
  returned: (title: string, reviewer: string, comment: string) => ({
    title: `《${title}》被退回`,
    body: `${reviewer} 退回了你的提交：${comment}`,
  }),
  articleLabel: '文章',
  productLabel: '产品',
  submitterLabel: '提交人',
  reviewerLabel: '审核人',
  commentLabel: '意见',
} as const;
