/**
 * Sign-in history: one row per attempt on a known account (success, failure, locked), kept 90 days.
 * Attempts on unknown usernames are not stored: they belong to no one, and the limits count them. A refused
 * single sign-on is stored even without an account, with its reason and the provider's name for the person:
 * 登录方式 lists those (ssoSignInLog), as the provider vouched for someone the product then turned away.
 */
import {
  IDENTITY_PROVIDERS,
  type IdentityProvider,
  type PagingInput,
  SIGN_IN_HISTORY_DAYS,
  type SIGN_IN_METHODS,
  type SIGN_IN_OUTCOMES,
  type SignInRecord,
  type SsoRefusal,
  type SsoSignInEntry,
} from '@yuexun/contract';
import { and, desc, eq, gte, inArray, isNull, lt, lte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { account, signInEvent } from '../../db/schema';
import { pageOf, rowCount } from '../paging';
import { type ClientInfo, describeClient } from './client-info';

export type SignInMethod = (typeof SIGN_IN_METHODS)[number];
export type SignInOutcome = (typeof SIGN_IN_OUTCOMES)[number];

const DAY_MS = 24 * 3600_000;
/** Most refused single sign-ons kept that reached no account. */
export const ANONYMOUS_REFUSALS_KEPT = 1000;
const cutoff = () => new Date(Date.now() - SIGN_IN_HISTORY_DAYS * DAY_MS);

export const recordSignIn = async (
  db: Db,
  client: ClientInfo,
  accountId: number,
  outcome: SignInOutcome,
  method: SignInMethod,
  /** Single sign-on: what the provider called the person. */
  identity?: string,
) => {
  await db.insert(signInEvent).values({ accountId, outcome, method, identity, ...client });
  // Sign-ins are rare next to page views: the moment to drop what is past the retention period.
  if (outcome === 'success') await db.delete(signInEvent).where(lt(signInEvent.at, cutoff()));
};

/** A single sign-on the product refused, on the account it reached if any. */
export const recordSsoRefusal = async (
  db: Db,
  client: ClientInfo,
  refusal: { reason: SsoRefusal; accountId?: number | null; identity?: string | null },
  method: IdentityProvider = 'oidc',
) => {
  await db.insert(signInEvent).values({
    accountId: refusal.accountId ?? null,
    outcome: 'failure',
    method,
    reason: refusal.reason,
    identity: refusal.identity ?? null,
    ...client,
  });
  // Anyone can call the callback with a made-up state: refusals that reached no account are kept to a bound.
  if (!refusal.accountId) {
    const [oldest] = await db
      .select({ id: signInEvent.id })
      .from(signInEvent)
      .where(and(isNull(signInEvent.accountId), inArray(signInEvent.method, [...IDENTITY_PROVIDERS])))
      .orderBy(desc(signInEvent.id))
      .offset(ANONYMOUS_REFUSALS_KEPT)
      .limit(1);
    if (oldest)
      await db
        .delete(signInEvent)
        .where(
          and(
            isNull(signInEvent.accountId),
            inArray(signInEvent.method, [...IDENTITY_PROVIDERS]),
            lte(signInEvent.id, oldest.id),
          ),
        );
  }
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
    reason: r.reason,
    ...describeClient(r.userAgent),
  }));
  return { datas, paging: page };
};

/** 登录方式: sign-ins through the provider and the scan-login platforms, refused ones with their reason, newest first. */
export const ssoSignInLog = async (db: Db, paging: PagingInput) => {
  const where = and(inArray(signInEvent.method, [...IDENTITY_PROVIDERS]), gte(signInEvent.at, cutoff()));
  const { items: rows, paging: page } = await pageOf(
    paging,
    db
      .select({ event: signInEvent, accountName: account.name })
      .from(signInEvent)
      .leftJoin(account, eq(account.id, signInEvent.accountId))
      .where(where)
      .orderBy(desc(signInEvent.at), desc(signInEvent.id))
      .$dynamic(),
    db.select(rowCount).from(signInEvent).where(where),
  );
  const datas: SsoSignInEntry[] = rows.map(({ event, accountName }) => ({
    id: event.id,
    at: event.at.toISOString(),
    provider: IDENTITY_PROVIDERS.find((p) => p === event.method) ?? 'oidc',
    outcome: event.outcome,
    accountName,
    identity: event.identity,
    reason: event.reason,
    address: event.clientAddress,
  }));
  return { datas, paging: page };
};
