/**
 * The 404 log as the console reads it: one line per address, people's requests first (crawlers
 * counted apart), the pages that linked to it, and the rule that now answers it if any.
 */
import {
  BusinessCode,
  type NotFoundEntry,
  offsetOf,
  type PagingInput,
  redirectMessages,
  SITE_ID,
  toPaging,
} from '@yuexun/contract';
import { and, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { notFoundLog } from '../db/schema';
import { type Actor, recordAudit } from '../shared/audit';
import { BusinessError } from '../shared/errors';
import { likePattern } from '../shared/paging';
import { type RedirectMatcher, splitAddress } from './redirect-matcher';

const REFERRERS_SHOWN = 3;

export const listNotFound = async (
  db: Db,
  criteria: PagingInput & { keyword?: string },
  matcher: RedirectMatcher,
) => {
  const where = and(
    eq(notFoundLog.siteId, SITE_ID),
    criteria.keyword ? ilike(notFoundLog.path, likePattern(criteria.keyword)) : undefined,
  );
  const hits = sql<number>`coalesce(sum(${notFoundLog.hits}) filter (where not ${notFoundLog.bot}), 0)::int`;
  const botHits = sql<number>`coalesce(sum(${notFoundLog.hits}) filter (where ${notFoundLog.bot}), 0)::int`;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        path: notFoundLog.path,
        hits,
        botHits,
        firstAt: sql<Date>`min(${notFoundLog.firstAt})`,
        lastAt: sql<Date>`max(${notFoundLog.lastAt})`,
      })
      .from(notFoundLog)
      .where(where)
      .groupBy(notFoundLog.path)
      .orderBy(sql`2 desc, 3 desc, 5 desc, 1`)
      .limit(criteria.pageSize)
      .offset(offsetOf(criteria)),
    db
      .select({ n: sql<number>`count(distinct ${notFoundLog.path})::int` })
      .from(notFoundLog)
      .where(where),
  ]);
  const paths = rows.map((r) => r.path);
  const referrers =
    paths.length === 0
      ? []
      : await db
          .select({
            path: notFoundLog.path,
            referrer: notFoundLog.referrer,
            hits: sql<number>`sum(${notFoundLog.hits})::int`,
          })
          .from(notFoundLog)
          .where(
            and(
              eq(notFoundLog.siteId, SITE_ID),
              inArray(notFoundLog.path, paths),
              eq(notFoundLog.bot, false),
              sql`${notFoundLog.referrer} <> ''`,
            ),
          )
          .groupBy(notFoundLog.path, notFoundLog.referrer)
          .orderBy(sql`3 desc`, notFoundLog.referrer);
  const items: NotFoundEntry[] = rows.map((row) => {
    const { path, query } = splitAddress(row.path);
    const rule = matcher.match(path, query);
    return {
      path: row.path,
      hits: Number(row.hits),
      botHits: Number(row.botHits),
      firstAt: new Date(row.firstAt).toISOString(),
      lastAt: new Date(row.lastAt).toISOString(),
      referrers: referrers
        .filter((r) => r.path === row.path)
        .slice(0, REFERRERS_SHOWN)
        .map((r) => ({ referrer: r.referrer, hits: Number(r.hits) })),
      redirect: rule ? { ruleId: rule.id, toUrl: rule.toUrl } : null,
    };
  });
  return { items, paging: toPaging(criteria, Number(total?.n ?? 0)) };
};

/** Clears an address from the log (handled, or not worth a rule); audited. */
export const deleteNotFound = async (db: Db, actor: Actor, path: string) => {
  await db.transaction(async (tx) => {
    const gone = await tx
      .delete(notFoundLog)
      .where(and(eq(notFoundLog.siteId, SITE_ID), eq(notFoundLog.path, path)))
      .returning({ hits: notFoundLog.hits });
    if (gone.length === 0)
      throw new BusinessError(BusinessCode.NOT_FOUND, redirectMessages.notFoundMissing, [
        { field: 'path', message: redirectMessages.notFoundMissing },
      ]);
    await recordAudit(tx, actor, {
      action: 'delete',
      targetType: 'not_found',
      targetId: path.slice(0, 200),
      detail: { name: path, hits: gone.reduce((sum, r) => sum + r.hits, 0) },
    });
  });
  return { path };
};
