/** Reads for the console: the push log (outbox rows of search.push.* with their last answer) and the status. */
import {
  type PushEngine,
  SEARCH_PUSH_PREFIX,
  type SearchPushEntry,
  type SearchPushStatus,
  searchPushKind,
} from '@yuexun/contract';
import { and, desc, eq, inArray, like, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { searchPushAttempt, searchPushUrl } from '../db/schema';
import { listOutbox, type OutboxRow, type OutboxStatus, outbox } from '../shared/outbox';
import type { PushTargets } from './sync';

export const listPushes = async (
  db: Db,
  query: { engine?: PushEngine; status?: OutboxStatus; offset: number; limit: number },
) => {
  const { rows, total } = await listOutbox(db, {
    kindPrefix: query.engine ? searchPushKind(query.engine) : SEARCH_PUSH_PREFIX,
    status: query.status,
    offset: query.offset,
    limit: query.limit,
  });
  const items: SearchPushEntry[] = [];
  for (const row of rows) items.push(await toEntry(db, row));
  return { items, total };
};

const toEntry = async (db: Db, row: OutboxRow): Promise<SearchPushEntry> => {
  const [last] = await db
    .select()
    .from(searchPushAttempt)
    .where(eq(searchPushAttempt.outboxId, row.id))
    .orderBy(desc(searchPushAttempt.id))
    .limit(1);
  const urls = Array.isArray(row.payload.urls) ? row.payload.urls.map(String) : [];
  return {
    id: row.id,
    engine: row.kind.slice(SEARCH_PUSH_PREFIX.length) as PushEngine,
    label: row.label,
    urls,
    status: row.status,
    attempts: row.attempts,
    maxAttempts: row.maxAttempts,
    httpStatus: last?.httpStatus ?? null,
    answer: last?.answer ?? row.lastError ?? null,
    accepted: last?.accepted ?? null,
    remain: last?.remain ?? null,
    createdAt: row.createdAt.toISOString(),
    dueAt: row.dueAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
  };
};

export const pushStatus = async (
  db: Db,
  targets: PushTargets,
  keyUrl: string | null,
): Promise<SearchPushStatus> => {
  const [remain] = await db
    .select({ remain: searchPushAttempt.remain, at: searchPushAttempt.at })
    .from(searchPushAttempt)
    .where(and(eq(searchPushAttempt.engine, 'baidu'), sql`${searchPushAttempt.remain} is not null`))
    .orderBy(desc(searchPushAttempt.id))
    .limit(1);
  return {
    origin: targets.siteRoot,
    baiduConfigured: targets.engines.includes('baidu'),
    indexNowConfigured: targets.engines.includes('indexnow'),
    indexNowKeyUrl: keyUrl,
    baiduRemain: remain?.remain ?? null,
    baiduRemainAt: remain?.at.toISOString() ?? null,
    trackedUrls: await db.$count(searchPushUrl),
  };
};

/**
 * The push log is kept STATS_RETENTION_DAYS (once also the raw page views' period): answers older than `before`
 * are deleted, with the finished pushes (sent or failed) they belonged to. Pushes still waiting for a
 * retry keep their history.
 */
export const purgePushLog = async (db: Db, before: Date) => {
  const attempts = await db
    .delete(searchPushAttempt)
    .where(lt(searchPushAttempt.at, before))
    .returning({ id: searchPushAttempt.id });
  const pushes = await db
    .delete(outbox)
    .where(
      and(
        like(outbox.kind, `${SEARCH_PUSH_PREFIX}%`),
        inArray(outbox.status, ['sent', 'failed']),
        lt(outbox.updatedAt, before),
      ),
    )
    .returning({ id: outbox.id });
  return { attempts: attempts.length, pushes: pushes.length };
};
