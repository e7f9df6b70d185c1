/**
 * Notices to members of staff (the console's bell, contract staff-notices.ts): written in the transaction of the
 * step that causes them, listed and marked read by their owner only, dropped after STAFF_NOTICE_DAYS.
 */
import {
  STAFF_NOTICE_DAYS,
  STAFF_NOTICES_SHOWN,
  type StaffNoticeKind,
  type StaffNoticeList,
} from '@yuexun/contract';
import { and, count, desc, eq, isNull, lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { staffNotice } from '../db/schema';

export interface NewStaffNotice {
  kind: StaffNoticeKind;
  title: string;
  body: string;
  link: string;
}

const DAY_MS = 24 * 3600_000;

export const queueStaffNotices = async (tx: Db, accountIds: readonly number[], notice: NewStaffNotice) => {
  const to = [...new Set(accountIds)];
  if (to.length === 0) return;
  await tx.insert(staffNotice).values(to.map((accountId) => ({ accountId, ...notice })));
  await tx
    .delete(staffNotice)
    .where(lt(staffNotice.createdAt, new Date(Date.now() - STAFF_NOTICE_DAYS * DAY_MS)));
};

export const staffNoticesOf = async (db: Db, accountId: number): Promise<StaffNoticeList> => {
  const [rows, [unread]] = await Promise.all([
    db
      .select()
      .from(staffNotice)
      .where(eq(staffNotice.accountId, accountId))
      .orderBy(desc(staffNotice.createdAt), desc(staffNotice.id))
      .limit(STAFF_NOTICES_SHOWN),
    db
      .select({ n: count() })
      .from(staffNotice)
      .where(and(eq(staffNotice.accountId, accountId), isNull(staffNotice.readAt))),
  ]);
  return {
    notices: rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      title: r.title,
      body: r.body,
      link: r.link,
      createdAt: r.createdAt.toISOString(),
      read: r.readAt !== null,
    })),
    unread: Number(unread?.n ?? 0),
  };
};

/** Marks one of the account's notices read (someone else's id changes nothing), or all of them. */
export const markStaffNoticesRead = async (db: Db, accountId: number, noticeId: number | undefined) => {
  await db
    .update(staffNotice)
    .set({ readAt: new Date() })
    .where(
      and(
        eq(staffNotice.accountId, accountId),
        isNull(staffNotice.readAt),
        noticeId === undefined ? undefined : eq(staffNotice.id, noticeId),
      ),
    );
};
