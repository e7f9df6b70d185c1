/**
 * Session lists and ending sessions. A person sees all of their own sessions; an admin sees those of a
 * staff member acting in the admin's school (never the sessions that person has in another school).
 * Sessions are addressed by their key, which reveals nothing usable.
 */
import type { ActiveSession } from '@yuexun/contract';
import { and, desc, eq, gt, ne, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { session, tenant } from '../db/schema';
import { type Actor, recordAudit } from '../shared/audit';
import { describeClient } from '../shared/auth/client-info';

const live = () => and(gt(session.expiresAt, new Date()), gt(session.absoluteExpiresAt, new Date()));

export const listSessions = async (
  db: Db,
  where: { accountId: number; tenantId?: number },
  currentIdHash: string | null,
): Promise<ActiveSession[]> => {
  const rows = await db
    .select({
      idHash: session.idHash,
      key: session.key,
      createdAt: session.createdAt,
      lastSeenAt: session.lastSeenAt,
      userAgent: session.userAgent,
      clientAddress: session.clientAddress,
      tenantName: tenant.name,
    })
    .from(session)
    .leftJoin(tenant, eq(tenant.id, session.tenantId))
    .where(
      and(
        eq(session.accountId, where.accountId),
        where.tenantId === undefined ? undefined : eq(session.tenantId, where.tenantId),
        live(),
      ),
    )
    .orderBy(desc(session.lastSeenAt));
  const sessions = rows.map((r) => ({
    sessionKey: r.key,
    current: r.idHash === currentIdHash,
    signedInAt: r.createdAt.toISOString(),
    lastSeenAt: r.lastSeenAt.toISOString(),
    address: r.clientAddress,
    tenantName: r.tenantName,
    ...describeClient(r.userAgent),
  }));
  return [...sessions.filter((s) => s.current), ...sessions.filter((s) => !s.current)];
};

export interface EndSessions {
  accountId: number;
  /** Only sessions acting in this school (an admin ending a staff member's sessions). */
  tenantId?: number;
  sessionKey?: string;
  /** Never ends this one (a person ending "all other" sessions). */
  keepIdHash?: string;
  /** Name of the person whose sessions end, for the audit line. */
  name: string;
}

export const endSessions = (db: Db, actor: Actor, what: EndSessions) =>
  db.transaction(async (tx) => {
    const conditions: (SQL | undefined)[] = [eq(session.accountId, what.accountId)];
    if (what.tenantId !== undefined) conditions.push(eq(session.tenantId, what.tenantId));
    if (what.sessionKey) conditions.push(eq(session.key, what.sessionKey));
    if (what.keepIdHash) conditions.push(ne(session.idHash, what.keepIdHash));
    const ended = await tx
      .delete(session)
      .where(and(...conditions))
      .returning({ key: session.key });
    if (ended.length > 0)
      await recordAudit(tx, actor, {
        action: 'end',
        targetType: 'session',
        targetId: what.accountId,
        detail: { name: what.name, count: ended.length, ...(what.sessionKey ? {} : { all: true }) },
      });
    return { ended: ended.length };
  });
