/** The bell's calls (contract: packages/contract/src/staff-notices.ts). */
import { inquireStaffNoticeListAccount, readStaffNoticeAccount } from '@yuexun/contract';
import { callOne } from './client';

export const loadStaffNotices = async () => callOne(inquireStaffNoticeListAccount);
export const readStaffNotice = async (noticeId: number) =>
  callOne(readStaffNoticeAccount, { noticeId, all: false });
export const readAllStaffNotices = async () => callOne(readStaffNoticeAccount, { all: true });
