/** Queries and rules of the console's rule table. */
import {
  BusinessCode,
  offsetOf,
  type PagingInput,
  type Rule,
  type RuleStatus,
  toPaging,
} from '@yuexun/contract';
import { and, asc, count, desc, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rule } from '../../db/schema';
import { BusinessError } from '../../errors';

type RuleRow = typeof rule.$inferSelect;

const toRule = (row: RuleRow): Rule => ({
  key: row.id,
  name: row.name,
  description: row.description,
  status: row.status as RuleStatus,
  callNo: row.callNo,
  progress: row.progress,
  startTime: row.startTime.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  createdAt: row.createdAt.toISOString(),
});

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

const sortColumns = { callNo: rule.callNo, updatedAt: rule.updatedAt, startTime: rule.startTime } as const;

export interface RuleCriteria extends PagingInput {
  name?: string;
  description?: string;
  status?: RuleStatus[];
  sortField?: keyof typeof sortColumns;
  sortOrder?: 'ascend' | 'descend';
}

export const listRules = async (db: Db, criteria: RuleCriteria) => {
  const conditions: SQL[] = [];
  if (criteria.name) conditions.push(ilike(rule.name, `%${escapeLike(criteria.name)}%`));
  if (criteria.description) conditions.push(ilike(rule.description, `%${escapeLike(criteria.description)}%`));
  if (criteria.status?.length) conditions.push(inArray(rule.status, criteria.status));
  const where = conditions.length ? and(...conditions) : undefined;
  const column = sortColumns[criteria.sortField ?? 'updatedAt'];
  const order = criteria.sortOrder === 'ascend' ? asc(column) : desc(column);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(rule)
      .where(where)
      .orderBy(order, desc(rule.id))
      .limit(criteria.pageSize)
      .offset(offsetOf(criteria)),
    db.select({ n: count() }).from(rule).where(where),
  ]);
  return { items: rows.map(toRule), paging: toPaging(criteria, total?.n ?? 0) };
};

export interface RuleInput {
  name: string;
  description: string;
  startTime: string;
  status: RuleStatus;
}

export const createRule = async (db: Db, accountId: number, input: RuleInput & { requestKey?: string }) => {
  const values = {
    name: input.name,
    description: input.description,
    status: input.status,
    startTime: new Date(input.startTime),
    requestKey: input.requestKey ?? null,
    createdBy: accountId,
  };
  // A repeated submit with the same request key answers with the rule the first one made.
  const [created] = await db.insert(rule).values(values).onConflictDoNothing().returning();
  if (created) return toRule(created);
  const [existing] = input.requestKey
    ? await db.select().from(rule).where(eq(rule.requestKey, input.requestKey))
    : [];
  if (!existing) throw new BusinessError(BusinessCode.CONFLICT);
  return toRule(existing);
};

export const updateRule = async (db: Db, key: number, input: RuleInput) => {
  const [updated] = await db
    .update(rule)
    .set({
      name: input.name,
      description: input.description,
      status: input.status,
      startTime: new Date(input.startTime),
      updatedAt: new Date(),
    })
    .where(eq(rule.id, key))
    .returning();
  if (!updated) throw new BusinessError(BusinessCode.NOT_FOUND, '规则不存在或已被删除');
  return toRule(updated);
};

export const deleteRules = async (db: Db, keys: number[]) => {
  const deleted = await db
    .delete(rule)
    .where(inArray(rule.id, [...new Set(keys)]))
    .returning({ id: rule.id });
  return deleted.length;
};
