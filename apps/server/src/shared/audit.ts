/**
 * The audit log: every console write appends one row in the same transaction as the change, so a
 * change without its log line (or a log line without its change) cannot happen.
 */
import type { AuditAction, AuditEntry, AuditTargetType, PagingInput } from '@yuexun/contract';
import { and, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { account, auditLog } from '../db/schema';
import { hashClientAddress } from './client-address';
import { pageOf, rowCount } from './paging';

export interface Actor {
  accountId: number;
  tenantId: number | null;
  ipHash: string;
}

/** The admin behind a request; the registry has already checked the session (auth 'admin'). */
export const actorOf = (app: FastifyInstance, request: FastifyRequest): Actor => {
  if (!request.auth) throw new Error('admin action without a session');
  return {
    accountId: request.auth.accountId,
    tenantId: request.auth.tenantId,
    ipHash: hashClientAddress(request.ip, app.secrets.ipHash),
  };
};

export interface AuditRecord {
  action: AuditAction;
  targetType: AuditTargetType;
  targetId: string | number;
  detail?: Record<string, unknown>;
}

export const recordAudit = async (db: Db, actor: Actor, record: AuditRecord) => {
  await db.insert(auditLog).values({
    accountId: actor.accountId,
    tenantId: actor.tenantId,
    action: record.action,
    targetType: record.targetType,
    targetId: String(record.targetId),
    detail: record.detail ?? {},
    ipHash: actor.ipHash,
  });
};

/** Long fields (HTML bodies) are logged as changed, not copied: the log stays small and readable. */
const LONG_FIELD = 200;

const comparable = (value: unknown) =>
  value instanceof Date ? value.toISOString() : JSON.stringify(value ?? null);

/** {field: [before, after]} for each field whose value changed. */
export const changedFields = <T extends Record<string, unknown>>(
  before: T,
  after: Partial<T>,
): Record<string, unknown> => {
  const changes: Record<string, unknown> = {};
  for (const [key, next] of Object.entries(after)) {
    if (next === undefined) continue;
    const prev = before[key];
    if (comparable(prev) === comparable(next)) continue;
    const long = (v: unknown) => typeof v === 'string' && v.length > LONG_FIELD;
    changes[key] = long(prev) || long(next) ? 'changed' : [prev ?? null, next ?? null];
  }
  return changes;
};

export interface AuditCriteria extends PagingInput {
  targetType?: string;
  /** Only these kinds of record (a school's staff log). */
  targetTypes?: readonly AuditTargetType[];
  targetId?: string;
  action?: string;
  accountId?: number;
  from?: Date;
  to?: Date;
}

const inTenantLog = (tenantId: number | null) =>
  tenantId === null ? sql`${auditLog.tenantId} is null` : eq(auditLog.tenantId, tenantId);

/** Everyone who appears in a tenant's log (including former staff), for the person filter. */
export const listAuditPeople = (db: Db, tenantId: number | null) =>
  db
    .selectDistinct({ accountId: account.id, name: account.name })
    .from(auditLog)
    .innerJoin(account, eq(account.id, auditLog.accountId))
    .where(inTenantLog(tenantId))
    .orderBy(account.name, account.id);

export const listAuditLog = async (db: Db, tenantId: number | null, criteria: AuditCriteria) => {
  const conditions: (SQL | undefined)[] = [inTenantLog(tenantId)];
  if (criteria.targetType) conditions.push(sql`${auditLog.targetType} = ${criteria.targetType}`);
  if (criteria.targetTypes) conditions.push(inArray(auditLog.targetType, [...criteria.targetTypes]));
  if (criteria.targetId) conditions.push(eq(auditLog.targetId, criteria.targetId));
  if (criteria.action) conditions.push(eq(auditLog.action, criteria.action));
  if (criteria.accountId) conditions.push(eq(auditLog.accountId, criteria.accountId));
  if (criteria.from) conditions.push(gte(auditLog.at, criteria.from));
  if (criteria.to) conditions.push(lt(auditLog.at, criteria.to));
  const where = and(...conditions);
  const { items: rows, paging } = await pageOf(
    criteria,
    db
      .select({
        id: auditLog.id,
        at: auditLog.at,
        accountId: auditLog.accountId,
        accountName: account.name,
        action: auditLog.action,
        targetType: auditLog.targetType,
        targetId: auditLog.targetId,
        detail: auditLog.detail,
      })
      .from(auditLog)
      .leftJoin(account, eq(account.id, auditLog.accountId))
      .where(where)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .$dynamic(),
    db.select(rowCount).from(auditLog).where(where),
  );
  const items: AuditEntry[] = rows.map((r) => ({ ...r, at: r.at.toISOString() }));
  return { items, paging };
};
