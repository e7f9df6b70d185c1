/**
 * Writing to the outbox. `enqueue(tx, kind, payload)` inside the transaction that causes the
 * message: the row and its cause commit together or not at all, so a message is never lost
 * (process killed after commit: the row waits) and never sent for a change that rolled back.
 * The NOTIFY in the same transaction is delivered at commit and wakes every instance's worker.
 */
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type OutboxStatus, outbox } from './outbox.table';

/** PostgreSQL notification channel the workers listen on (PGlite too). */
export const OUTBOX_CHANNEL = 'yuexun_outbox';

export interface EnqueueOptions {
  /** Not before this time (default now). */
  dueAt?: Date;
  /** Attempts before the row is marked failed (default 8). */
  maxAttempts?: number;
  /** At most one row per key: a second enqueue with the same key is ignored (returns null). */
  dedupeKey?: string;
  /** One line for the delivery log. */
  label?: string;
  subject?: { type: string; id: string | number };
}

export interface OutboxMessage {
  kind: string;
  payload: Record<string, unknown>;
  options?: EnqueueOptions;
}

/** Inserts the rows (a taken dedupeKey skips its row) and wakes the workers with one NOTIFY. */
const insertMessages = async (tx: Db, messages: readonly OutboxMessage[]) => {
  const rows = await tx
    .insert(outbox)
    .values(
      messages.map(({ kind, payload, options = {} }) => ({
        kind,
        payload,
        dueAt: options.dueAt ?? new Date(),
        maxAttempts: options.maxAttempts ?? 8,
        dedupeKey: options.dedupeKey ?? null,
        label: options.label ?? '',
        subjectType: options.subject?.type ?? null,
        subjectId: options.subject ? String(options.subject.id) : null,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: outbox.id });
  await tx.execute(sql`select pg_notify(${OUTBOX_CHANNEL}, ${messages[0]?.kind ?? ''})`);
  return rows;
};

export const enqueue = async (
  tx: Db,
  kind: string,
  payload: Record<string, unknown>,
  options: EnqueueOptions = {},
): Promise<number | null> => (await insertMessages(tx, [{ kind, payload, options }]))[0]?.id ?? null;

/**
 * Several messages in one insert and one NOTIFY: a lead's alerts to five channels cost its transaction two
 * round trips, not ten. Answers how many rows were written (a taken dedupeKey skips its row).
 */
export const enqueueMany = async (tx: Db, messages: readonly OutboxMessage[]): Promise<number> =>
  messages.length === 0 ? 0 : (await insertMessages(tx, messages)).length;

/**
 * Sends a failed (or still retrying) message again now, with a fresh set of attempts.
 * Returns false when the row does not exist, is of another kind family, or is not in a resendable state.
 */
export const resend = async (db: Db, id: number, kindPrefix: string): Promise<boolean> => {
  const rows = await db
    .update(outbox)
    .set({ status: 'pending', attempts: 0, dueAt: new Date(), lockedUntil: null, updatedAt: new Date() })
    .where(
      and(
        eq(outbox.id, id),
        inArray(outbox.status, ['failed', 'retrying', 'sent']),
        sql`${outbox.kind} like ${`${kindPrefix}%`}`,
      ),
    )
    .returning({ id: outbox.id });
  if (rows.length) await db.execute(sql`select pg_notify(${OUTBOX_CHANNEL}, 'resend')`);
  return rows.length > 0;
};

export interface OutboxQuery {
  kindPrefix: string;
  status?: OutboxStatus;
  subject?: { type: string; id: string };
  offset: number;
  limit: number;
}

/** The delivery log, newest first. */
export const listOutbox = async (db: Db, q: OutboxQuery) => {
  const where: SQL[] = [sql`${outbox.kind} like ${`${q.kindPrefix}%`}`];
  if (q.status) where.push(eq(outbox.status, q.status));
  if (q.subject) where.push(eq(outbox.subjectType, q.subject.type), eq(outbox.subjectId, q.subject.id));
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(outbox)
      .where(and(...where))
      .orderBy(desc(outbox.createdAt), desc(outbox.id))
      .offset(q.offset)
      .limit(q.limit),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(outbox)
      .where(and(...where)),
  ]);
  return { rows, total: total?.n ?? 0 };
};
