/**
 * The outbox: one row per message that must leave the process (a lead alert, a reminder, a search
 * push, an e-mail) and per scheduled job. Written in the same transaction as its cause; delivered by
 * the worker (worker.ts). Re-exported by db/schema.ts so that it shares the one migration history.
 */
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const OUTBOX_STATUSES = ['pending', 'sending', 'sent', 'retrying', 'failed'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    /** Which handler runs it, e.g. alert.send, lead.reminder, search.push, leads.anonymise. */
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    /** pending | sending | sent | retrying | failed */
    status: text('status').$type<OutboxStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(8),
    /** Not claimed before this time (first send, next retry, next run of a recurring job). */
    dueAt: timestamp('due_at', { withTimezone: true }).notNull().defaultNow(),
    /** While sending: the claim's lease. A worker killed mid-send leaves the row to be claimed again after it. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    /** At most one row per key, ever: recurring jobs (`every:<name>`), or a message that must not be queued twice. */
    dedupeKey: text('dedupe_key'),
    /** Recurring jobs: after each run the row is re-armed this many milliseconds later. */
    intervalMs: integer('interval_ms'),
    /** One line for the delivery log, e.g. 新线索 #12 → 销售一组（企业微信）. */
    label: text('label').notNull().default(''),
    /** What the message is about, for the console (e.g. lead / 12). */
    subjectType: text('subject_type'),
    subjectId: text('subject_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('outbox_due_idx').on(t.status, t.dueAt),
    index('outbox_kind_idx').on(t.kind, t.createdAt),
    index('outbox_subject_idx').on(t.subjectType, t.subjectId),
    uniqueIndex('outbox_dedupe_idx').on(t.dedupeKey),
  ],
);
export type OutboxRow = typeof outbox.$inferSelect;
