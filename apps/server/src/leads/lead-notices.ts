/**
 * What the leads domain asks the alerts domain to send about a lead besides the new-lead alert: the
 * notice to a new owner and the follow-up reminder. Written in the transaction of the change that causes
 * them (the outbox). The alerts plugin implements it (`app.alerts`); the leads domain never imports alerts
 * (docs/decisions/023, 024).
 */
import type { AdEvent } from '@yuexun/contract';
import type { Db } from '../db/client';

export interface LeadNotices {
  /** The lead now belongs to `ownerAccountId`: tell them over the lead's channels. */
  queueAssigned: (tx: Db, leadId: number, ownerAccountId: number) => Promise<void>;
  /**
   * At `dueAt`, remind the lead's owner of follow-up `followUpId`. Earlier reminders of the lead still
   * waiting are dropped (the newest follow-up's date is the one that counts).
   */
  queueReminder: (tx: Db, leadId: number, followUpId: number, dueAt: Date) => Promise<void>;
  /** Drops the lead's reminders still waiting (the lead was won or lost). */
  cancelReminders: (tx: Db, leadId: number) => Promise<void>;
}

/**
 * Reports a lead's step (created, 有效, 成交) to the ad platforms its click came from (docs/decisions/053), in the
 * transaction of the change: once per lead and event, whatever retries or repeated moves follow. The
 * ad-conversions plugin implements it (`app.adConversions`).
 */
export interface LeadConversions {
  queue: (tx: Db, leadId: number, event: AdEvent) => Promise<void>;
}
