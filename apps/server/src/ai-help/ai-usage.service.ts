/**
 * What AI 助手 has used and may still use (docs/decisions/055): the organisation's monthly token budget (calendar
 * month in Asia/Shanghai, kept in ai_usage so it outlives the 30-day prompts), the per-person rate limit (requests
 * started in the last minute, counted from ai_request), each request's record for review, and the retention that
 * deletes prompts and answers after AI_LIMITS.keepDays. Two requests started in the same instant may both pass
 * the budget check: the overshoot is at most one answer's max_tokens each.
 */
import {
  AI_LIMITS,
  type AiTarget,
  type AiTask,
  type AiUsageRow,
  aiMessages,
  BusinessCode,
} from '@yuexun/contract';
import { and, desc, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { account, aiRequest, aiUsage } from '../db/schema';
import { BusinessError } from '../shared/errors';
import type { ChatMessage } from '../shared/platforms/openai-chat';
import type { AiSettingsRow } from './ai-settings.service';

const SHANGHAI_OFFSET_MS = 8 * 3600_000;
const DAY_MS = 86_400_000;

/** The month (YYYY-MM) an instant falls in, in China's time. */
export const monthOf = (at: Date) => new Date(at.getTime() + SHANGHAI_OFFSET_MS).toISOString().slice(0, 7);

export const tokensUsedThisMonth = async (db: Db, now = new Date()) => {
  const [row] = await db
    .select({ tokens: sql<number>`coalesce(sum(${aiUsage.tokens}), 0)::int` })
    .from(aiUsage)
    .where(eq(aiUsage.month, monthOf(now)));
  return row?.tokens ?? 0;
};

/**
 * Records the request as running and returns its id, or refuses it: the budget spent, or more than the rate in
 * the last minute (the new row counts itself, so two at once cannot both slip under the limit).
 */
export const startAiRequest = async (
  db: Db,
  settings: AiSettingsRow,
  accountId: number,
  what: { target: AiTarget; task: AiTask; messages: ChatMessage[] },
) => {
  const used = await tokensUsedThisMonth(db);
  if (used >= settings.monthlyTokenBudget)
    throw new BusinessError(
      BusinessCode.TOO_MANY_REQUESTS,
      aiMessages.overBudget(settings.monthlyTokenBudget),
    );
  const [row] = await db
    .insert(aiRequest)
    .values({ accountId, target: what.target, task: what.task, messages: what.messages })
    .returning({ id: aiRequest.id, createdAt: aiRequest.createdAt });
  if (!row) throw new Error('ai_request insert returned nothing');
  const [recent] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(aiRequest)
    .where(and(eq(aiRequest.accountId, accountId), gt(aiRequest.createdAt, new Date(Date.now() - 60_000))));
  if ((recent?.n ?? 0) > settings.perUserPerMinute) {
    await db.delete(aiRequest).where(eq(aiRequest.id, row.id));
    throw new BusinessError(
      BusinessCode.TOO_MANY_REQUESTS,
      aiMessages.rateLimited(settings.perUserPerMinute),
    );
  }
  return { id: row.id, remaining: settings.monthlyTokenBudget - used };
};

export interface AiOutcome {
  status: 'done' | 'cut' | 'failed';
  answer: string;
  fault: string;
  tokens: number;
}

/** Keeps the answer for review and adds its tokens to the person's month. */
export const finishAiRequest = async (db: Db, id: number, accountId: number, outcome: AiOutcome) => {
  await db.transaction(async (tx) => {
    await tx.update(aiRequest).set(outcome).where(eq(aiRequest.id, id));
    await tx
      .insert(aiUsage)
      .values({ accountId, month: monthOf(new Date()), requests: 1, tokens: outcome.tokens })
      .onConflictDoUpdate({
        target: [aiUsage.accountId, aiUsage.month],
        set: { requests: sql`${aiUsage.requests} + 1`, tokens: sql`${aiUsage.tokens} + ${outcome.tokens}` },
      });
  });
};

/** This month's use per person, most tokens first. */
export const listAiUsage = async (db: Db, now = new Date()): Promise<AiUsageRow[]> =>
  db
    .select({
      accountId: aiUsage.accountId,
      name: account.name,
      requests: aiUsage.requests,
      tokens: aiUsage.tokens,
    })
    .from(aiUsage)
    .innerJoin(account, eq(account.id, aiUsage.accountId))
    .where(eq(aiUsage.month, monthOf(now)))
    .orderBy(desc(aiUsage.tokens), aiUsage.accountId);

/** Deletes prompts and answers older than the review period; returns how many went. */
export const deleteExpiredAiRequests = async (db: Db, now = new Date()) => {
  const gone = await db
    .delete(aiRequest)
    .where(lt(aiRequest.createdAt, new Date(now.getTime() - AI_LIMITS.keepDays * DAY_MS)))
    .returning({ id: aiRequest.id });
  return gone.length;
};
