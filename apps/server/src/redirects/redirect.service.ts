/**
 * 重定向规则: the console's list, create, edit and delete (versioned, audited), the checks a rule must
 * pass (not its own target, no loop, no outside host unless configured), and the enabled rules as the
 * site's matcher.
 */
import {
  BusinessCode,
  type PagingInput,
  REDIRECT_CHAIN_MAX,
  REDIRECT_RULES_MAX,
  type RedirectMatchType,
  type RedirectRule,
  type RedirectStatusCode,
  redirectMessages,
  SITE_ID,
} from '@yuexun/contract';
import { and, asc, eq, ilike, or } from 'drizzle-orm';
import type { Db } from '../db/client';
import { redirectRule } from '../db/schema';
import { createAudited } from '../shared/admin/request-key';
import { deleteVersioned, fieldError, updateVersioned } from '../shared/admin/versioned';
import { type Actor, changedFields } from '../shared/audit';
import { BusinessError } from '../shared/errors';
import { likePattern, pageOf, rowCount } from '../shared/paging';
import { followChain, type MatchedRule, RedirectMatcher, sourceKey } from './redirect-matcher';

type Row = typeof redirectRule.$inferSelect;

const view = (row: Row): RedirectRule => ({
  id: row.id,
  fromPath: row.fromPath,
  matchType: row.matchType,
  toUrl: row.toUrl,
  statusCode: row.statusCode === 302 ? 302 : 301,
  enabled: row.enabled,
  note: row.note,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  version: row.version,
});

const asMatched = (
  row: Pick<Row, 'id' | 'fromPath' | 'matchType' | 'toUrl' | 'statusCode'>,
): MatchedRule => ({
  id: row.id,
  fromPath: row.fromPath,
  matchType: row.matchType,
  toUrl: row.toUrl,
  statusCode: row.statusCode === 302 ? 302 : 301,
});

const enabledRules = async (db: Db) =>
  (
    await db
      .select()
      .from(redirectRule)
      .where(and(eq(redirectRule.siteId, SITE_ID), eq(redirectRule.enabled, true)))
  ).map(asMatched);

/** The enabled rules as the site looks them up (kept in the public read cache by the caller). */
export const loadRedirectMatcher = async (db: Db) => new RedirectMatcher(await enabledRules(db));

export const listRedirectRules = async (db: Db, criteria: PagingInput & { keyword?: string }) => {
  const pattern = criteria.keyword ? likePattern(criteria.keyword) : null;
  const where = and(
    eq(redirectRule.siteId, SITE_ID),
    pattern
      ? or(
          ilike(redirectRule.fromPath, pattern),
          ilike(redirectRule.toUrl, pattern),
          ilike(redirectRule.note, pattern),
        )
      : undefined,
  );
  const { items, paging } = await pageOf(
    criteria,
    db
      .select()
      .from(redirectRule)
      .where(where)
      .orderBy(asc(redirectRule.fromPath), asc(redirectRule.id))
      .$dynamic(),
    db.select(rowCount).from(redirectRule).where(where),
  );
  return { items: items.map(view), paging };
};

const findRule = async (db: Db, id: number) => {
  const [row] = await db
    .select()
    .from(redirectRule)
    .where(and(eq(redirectRule.siteId, SITE_ID), eq(redirectRule.id, id)));
  if (!row) throw fieldError(BusinessCode.NOT_FOUND, 'ruleId', redirectMessages.ruleMissing);
  return view(row);
};

export interface RuleValues {
  fromPath: string;
  matchType: RedirectMatchType;
  toUrl: string;
  statusCode: RedirectStatusCode;
  note: string;
  enabled: boolean;
}

export interface RedirectPolicy {
  /** Outside hosts a rule may point at. */
  allowedHosts: readonly string[];
  /** Hosts that are this site (PUBLIC_ORIGIN's): absolute targets on them are site paths. */
  ownHosts: readonly string[];
}

/** The rule's own checks and, against the other enabled rules, the loop check. */
const checkRule = async (tx: Db, id: number, values: RuleValues, policy: RedirectPolicy) => {
  if (values.matchType === 'prefix' && values.fromPath.includes('?'))
    throw fieldError(BusinessCode.BAD_REQUEST, 'fromPath', redirectMessages.prefixWithQuery);
  if (!values.toUrl.startsWith('/')) {
    const host = new URL(values.toUrl).host.toLowerCase();
    if (!policy.ownHosts.includes(host) && !policy.allowedHosts.includes(host))
      throw fieldError(BusinessCode.BAD_REQUEST, 'toUrl', redirectMessages.toOutside(host));
  }
  if (!values.enabled) return;
  const result = followChain({ id, ...values }, await enabledRules(tx), policy.ownHosts, REDIRECT_CHAIN_MAX);
  if (result.ok) return;
  throw fieldError(
    BusinessCode.BAD_REQUEST,
    'toUrl',
    result.self ? redirectMessages.toSelf : redirectMessages.loop(result.chain.join(' → ')),
  );
};

const duplicate = () => fieldError(BusinessCode.CONFLICT, 'fromPath', redirectMessages.duplicate);

/** Another rule for the same address (`/a?x=1&y=2` and `/a/?y=2&x=1` are one). */
const sameSource = async (tx: Db, values: RuleValues, exceptId: number) => {
  const key = sourceKey(values.matchType, values.fromPath);
  const rows = await tx
    .select({ id: redirectRule.id, fromPath: redirectRule.fromPath })
    .from(redirectRule)
    .where(and(eq(redirectRule.siteId, SITE_ID), eq(redirectRule.matchType, values.matchType)));
  return rows.some((r) => r.id !== exceptId && sourceKey(values.matchType, r.fromPath) === key);
};

export const createRedirectRule = async (
  db: Db,
  actor: Actor,
  values: RuleValues & { requestKey: string },
  policy: RedirectPolicy,
) => {
  const id = await db.transaction(async (tx) => {
    const { requestKey, ...rule } = values;
    const [{ n } = { n: 0 }] = await tx
      .select(rowCount)
      .from(redirectRule)
      .where(eq(redirectRule.siteId, SITE_ID));
    // A repeated request finds its rule through the request key (no checks needed for it).
    const [earlier] = await tx
      .select({ id: redirectRule.id })
      .from(redirectRule)
      .where(eq(redirectRule.requestKey, requestKey));
    if (earlier) return earlier.id;
    if (n >= REDIRECT_RULES_MAX) throw new BusinessError(BusinessCode.BAD_REQUEST, redirectMessages.tooMany);
    if (await sameSource(tx, rule, 0)) throw duplicate();
    await checkRule(tx, 0, rule, policy);
    return createAudited(tx, actor, {
      table: redirectRule,
      values: { siteId: SITE_ID, ...rule, requestKey },
      otherConflict: duplicate,
      targetType: 'redirect_rule',
      detail: { name: rule.fromPath, toUrl: rule.toUrl, statusCode: rule.statusCode },
    });
  });
  return findRule(db, id);
};

export const updateRedirectRule = async (
  db: Db,
  actor: Actor,
  input: Partial<RuleValues> & { ruleId: number; version: number },
  policy: RedirectPolicy,
) => {
  const { ruleId, version, ...given } = input;
  await updateVersioned(db, actor, {
    table: redirectRule,
    id: ruleId,
    version,
    missing: { field: 'ruleId', message: redirectMessages.ruleMissing },
    targetType: 'redirect_rule',
    change: async (before, tx) => {
      const set = Object.fromEntries(
        Object.entries(given).filter(([, v]) => v !== undefined),
      ) as Partial<RuleValues>;
      const next: RuleValues = {
        fromPath: before.fromPath,
        matchType: before.matchType,
        toUrl: before.toUrl,
        statusCode: before.statusCode === 302 ? 302 : 301,
        note: before.note,
        enabled: before.enabled,
        ...set,
      };
      const changes = changedFields(before, set);
      if (Object.keys(changes).length === 0) return null;
      if (await sameSource(tx, next, ruleId)) throw duplicate();
      await checkRule(tx, ruleId, next, policy);
      const action = 'enabled' in changes && Object.keys(changes).length === 1;
      return {
        set,
        action: action ? (next.enabled ? 'enable' : 'disable') : 'update',
        detail: { name: next.fromPath, changes },
      };
    },
  }).catch((error: unknown) => {
    // Two rules made identical at the same instant: the unique index decides.
    if (isUniqueViolation(error)) throw duplicate();
    throw error;
  });
  return findRule(db, ruleId);
};

/** PostgreSQL's unique_violation, as the driver throws it or wrapped by drizzle (its cause). */
const isUniqueViolation = (error: unknown): boolean => {
  if (typeof error !== 'object' || error === null) return false;
  if ((error as { code?: unknown }).code === '23505') return true;
  return isUniqueViolation((error as { cause?: unknown }).cause);
};

export const deleteRedirectRule = async (db: Db, actor: Actor, id: number, version: number) => {
  await deleteVersioned(db, actor, {
    table: redirectRule,
    id,
    version,
    notFoundMessage: redirectMessages.ruleMissing,
    targetType: 'redirect_rule',
    audited: { name: redirectRule.fromPath, toUrl: redirectRule.toUrl },
  });
  return { id };
};
