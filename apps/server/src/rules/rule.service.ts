/** Queries and rules of the console's rule table. Every query is limited to the caller's school. */
import { BusinessCode, type PagingInput, type Rule, type RuleStatus } from '@yuexun/contract';
import { and, asc, desc, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rule } from '../db/schema';
import { BusinessError } from '../shared/errors';
import { likePattern, pageOf, rowCount } from '../shared/paging';

type RuleRow = typeof rule.$inferSelect;

const toRule = (row: RuleRow): Rule => ({
  key: row.id,
  name: row.name,
  description: row.description,
  status: row.status,
  callNo: row.callNo,
  progress: row.progress,
  startTime: row.startTime.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  createdAt: row.createdAt.toISOString(),
});

const sortColumns = { callNo: rule.callNo, updatedAt: rule.updatedAt, startTime: rule.startTime } as const;

export interface RuleCriteria extends PagingInput {
  name?: string;
  description?: string;
  status?: RuleStatus[];
  sortField?: keyof typeof sortColumns;
  sortOrder?: 'ascend' | 'descend';
}

export const listRules = async (db: Db, tenantId: number, criteria: RuleCriteria) => {
  const conditions: SQL[] = [eq(rule.tenantId, tenantId)];
  if (criteria.name) conditions.push(ilike(rule.name, likePattern(criteria.name)));
  if (criteria.description) conditions.push(ilike(rule.description, likePattern(criteria.description)));
  if (criteria.status?.length) conditions.push(inArray(rule.status, criteria.status));
  const where = and(...conditions);
  const column = sortColumns[criteria.sortField ?? 'updatedAt'];
  const order = criteria.sortOrder === 'ascend' ? asc(column) : desc(column);
  const { items: rows, paging } = await pageOf(
    criteria,
    db.select().from(rule).where(where).orderBy(order, desc(rule.id)).$dynamic(),
    db.select(rowCount).from(rule).where(where),
  );
  return { items: rows.map(toRule), paging };
};

export interface RuleInput {
  name: string;
  description: string;
  startTime: string;
  status: RuleStatus;
}

export const createRule = async (
  db: Db,
  actor: { accountId: number; tenantId: number },
  input: RuleInput & { requestKey?: string },
) => {
  const values = {
    tenantId: actor.tenantId,
    name: input.name,
    description: input.description,
    status: input.status,
    startTime: new Date(input.startTime),
    requestKey: input.requestKey ?? null,
    createdBy: actor.accountId,
  };
  // A repeated submit with the same request key answers with the rule the first one made.
  const [created] = await db.insert(rule).values(values).onConflictDoNothing().returning();
  if (created) return toRule(created);
  const [existing] = input.requestKey
    ? await db
        .select()
        .from(rule)
        .where(and(eq(rule.requestKey, input.requestKey), eq(rule.tenantId, actor.tenantId)))
    : [];
  if (!existing) throw new BusinessError(BusinessCode.CONFLICT);
  return toRule(existing);
};

/** Another school's rule is as absent as a deleted one. */
export const updateRule = async (db: Db, tenantId: number, key: number, input: RuleInput) => {
  const [updated] = await db
    .update(rule)
    .set({
      name: input.name,
      description: input.description,
      status: input.status,
      startTime: new Date(input.startTime),
      updatedAt: new Date(),
    })
    .where(and(eq(rule.id, key), eq(rule.tenantId, tenantId)))
    .returning();
  if (!updated) throw new BusinessError(BusinessCode.NOT_FOUND, '规则不存在或已被删除');
  return toRule(updated);
};

/** Deletes those of the keys that are the school's own rules; counts only those. */
export const deleteRules = async (db: Db, tenantId: number, keys: number[]) => {
  const deleted = await db
    .delete(rule)
    .where(and(inArray(rule.id, [...new Set(keys)]), eq(rule.tenantId, tenantId)))
    .returning({ id: rule.id });
  return deleted.length;
};
