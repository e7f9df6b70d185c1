/**
 * Sign-in history: one row per attempt on a known account (success, failure, locked), kept 90 days.
 * Attempts on unknown usernames are not stored: they belong to no one, and the limits count them.
 */
import {
  type PagingInput,
  SIGN_IN_HISTORY_DAYS,
  type SIGN_IN_METHODS,
  type SIGN_IN_OUTCOMES,
  type SignInRecord,
} from '@yuexun/contract';
import { and, desc, eq, gte, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { signInEvent } from '../../db/schema';
import { pageOf, rowCount } from '../paging';
import { type ClientInfo, describeClient } from './client-info';

export type SignInMethod = (typeof SIGN_IN_METHODS)[number];
export type SignInOutcome = (typeof SIGN_IN_OUTCOMES)[number];

const DAY_MS = 24 * 3600_000;
const cutoff = () => new Date(Date.now() - SIGN_IN_HISTORY_DAYS * DAY_MS);

export const recordSignIn = async (
  db: Db,
  client: ClientInfo,
  accountId: number,
  outcome: SignInOutcome,
  method: SignInMethod,
) => {
  await db.insert(signInEvent).values({ accountId, outcome, method, ...client });
  // Sign-ins are rare next to page views: the moment to drop what is past the retention period.
  if (outcome === 'success') await db.delete(signInEvent).where(lt(signInEvent.at, cutoff()));
};

export const signInHistory = async (db: Db, accountId: number, paging: PagingInput) => {
  const where = and(eq(signInEvent.accountId, accountId), gte(signInEvent.at, cutoff()));
  const { items: rows, paging: page } = await pageOf(
    paging,
    db.select().from(signInEvent).where(where).orderBy(desc(signInEvent.at), desc(signInEvent.id)).$dynamic(),
    db.select(rowCount).from(signInEvent).where(where),
  );
  const datas: SignInRecord[] = rows.map((r) => ({
    id: r.id,
    at: r.at.toISOString(),
    outcome: r.outcome,
    method: r.method,
    address: r.clientAddress,
    ...describeClient(r.userAgent),
  }));
  return { datas, paging: page };
};
