/**
 * The accounts an identity from the OIDC provider maps to (oidc.service.ts): the account it is linked to, a
 * link to the signed-in account, a just-in-time account with the role of the first matching group rule, and
 * the signed-in account's own bindings in 账号绑定.
 */
import { IDENTITY_PROVIDERS, type IdentityBinding, type IdentityProvider } from '@yuexun/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { account, employee, externalIdentity } from '../db/schema';
import { recordAudit } from '../shared/audit';
import { roleForAccess, roleOfTenant } from '../shared/auth/roles';
import type { BusinessError } from '../shared/errors';
import { SsoRefused } from './oidc-refusal';
import { readyScanPlatforms } from './scan-platform.service';
import { oidcReady, readSignInSettings, type SignInSettingsRow } from './sign-in-settings.service';

const stringClaim = (claims: Record<string, unknown>, name: string) => {
  const value = claims[name];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
};

const groupsOf = (claims: Record<string, unknown>, name: string): string[] => {
  const value = claims[name];
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
  return typeof value === 'string' ? [value] : [];
};

/**
 * Who the provider says signed in: its subject, and a name to show in 账号绑定. For a scan-login platform the
 * issuer is the organisation (corp id, tenant key) and the groups are the person's departments.
 */
export interface Identity {
  provider: IdentityProvider;
  issuer: string;
  subject: string;
  label: string;
  /** A display name for a new account. */
  name: string | null;
  /** The username a new account asks for, when not the label (a platform's member id). */
  username?: string;
  /** What the group → role rules of just-in-time accounts match. */
  groups: string[];
}

export const identityOf = (s: SignInSettingsRow, claims: Record<string, unknown>): Identity => {
  const subject = stringClaim(claims, 'sub');
  if (!subject) throw new SsoRefused('token');
  const label =
    stringClaim(claims, s.usernameClaim) ??
    stringClaim(claims, 'email') ??
    stringClaim(claims, 'name') ??
    subject;
  return {
    provider: 'oidc',
    issuer: s.issuer,
    subject,
    label: label.slice(0, 200),
    name: stringClaim(claims, 'name'),
    groups: groupsOf(claims, s.groupsClaim),
  };
};

export const linkedAccount = async (db: Db, identity: Identity) => {
  const [row] = await db
    .select({ id: externalIdentity.id, accountId: externalIdentity.accountId })
    .from(externalIdentity)
    .where(
      and(
        eq(externalIdentity.provider, identity.provider),
        eq(externalIdentity.issuer, identity.issuer),
        eq(externalIdentity.subject, identity.subject),
      ),
    );
  return row ?? null;
};

/** A username nobody has: the provider's name, else with -2, -3 … (never an existing account's). */
const freeUsername = async (db: Db, wanted: string) => {
  const base = wanted.replace(/[^\p{L}\p{N}._@-]/gu, '').slice(0, 40) || 'sso';
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    const [taken] = await db
      .select({ id: account.id })
      .from(account)
      .where(eq(sql`lower(${account.username})`, candidate.toLowerCase()));
    if (!taken) return candidate;
  }
};

/** Just-in-time: a new account in the configured organisation, with the role of the first matching group rule. */
export const createJitAccount = async (db: Db, s: SignInSettingsRow, identity: Identity, ipHash: string) => {
  const tenantId = s.jitTenantId;
  if (!tenantId) throw new SsoRefused('not-linked');
  const groups = identity.groups;
  const ruleRole = s.roleRules.find((r) => groups.includes(r.group))?.roleId ?? s.jitRoleId;
  const chosen = ruleRole
    ? await roleOfTenant(db, tenantId, ruleRole)
    : await roleForAccess(db, tenantId, 'user');
  const name = (identity.name ?? identity.label).slice(0, 50);
  return db.transaction(async (tx) => {
    const username = await freeUsername(tx, identity.username ?? identity.label);
    const [created] = await tx.insert(account).values({ username, name }).returning({ id: account.id });
    if (!created) throw new Error('account insert returned nothing');
    await tx.insert(employee).values({
      tenantId,
      accountId: created.id,
      name,
      // The organisation's phone column is required and unique; an SSO account may have no phone yet.
      phone: `sso-${created.id}`,
      access: chosen.access,
      roleId: chosen.roleId,
      status: 'active',
      registerStatus: 'confirmed',
      decidedAt: new Date(),
    });
    await tx.insert(externalIdentity).values({
      accountId: created.id,
      provider: identity.provider,
      issuer: identity.issuer,
      subject: identity.subject,
      label: identity.label,
      lastUsedAt: new Date(),
    });
    await recordAudit(
      tx,
      { accountId: created.id, tenantId, ipHash },
      {
        action: 'create',
        targetType: 'account',
        targetId: created.id,
        detail: { name, via: identity.provider, role: chosen.name, groups },
      },
    );
    return { id: created.id, name };
  });
};

export const linkIdentity = async (db: Db, accountId: number, identity: Identity, ipHash: string) => {
  const existing = await linkedAccount(db, identity);
  if (existing && existing.accountId !== accountId) throw new SsoRefused('linked-elsewhere');
  if (existing) return;
  const [created] = await db
    .insert(externalIdentity)
    .values({
      accountId,
      provider: identity.provider,
      issuer: identity.issuer,
      subject: identity.subject,
      label: identity.label,
    })
    .onConflictDoNothing()
    .returning({ id: externalIdentity.id });
  if (!created) throw new SsoRefused('linked-elsewhere');
  await recordAudit(
    db,
    { accountId, tenantId: null, ipHash },
    { action: 'create', targetType: 'identity', targetId: created.id, detail: { label: identity.label } },
  );
};
export const identityBindingsOf = async (db: Db, accountId: number) => {
  const rows = await db
    .select()
    .from(externalIdentity)
    .where(eq(externalIdentity.accountId, accountId))
    .orderBy(asc(externalIdentity.id));
  const bindings: IdentityBinding[] = rows.map((r) => ({
    id: r.id,
    provider: IDENTITY_PROVIDERS.find((p) => p === r.provider) ?? 'oidc',
    label: r.label,
    createdAt: r.createdAt.toISOString(),
    lastUsedAt: r.lastUsedAt ? r.lastUsedAt.toISOString() : null,
  }));
  return {
    bindings,
    oidcEnabled: oidcReady(await readSignInSettings(db)),
    scanPlatforms: await readyScanPlatforms(db),
  };
};

export const unbindIdentity = async (
  db: Db,
  actor: { accountId: number; tenantId: number | null; ipHash: string },
  bindingId: number,
  notFound: () => BusinessError,
) => {
  const [removed] = await db
    .delete(externalIdentity)
    .where(and(eq(externalIdentity.id, bindingId), eq(externalIdentity.accountId, actor.accountId)))
    .returning({ id: externalIdentity.id, label: externalIdentity.label });
  if (!removed) throw notFound();
  await recordAudit(db, actor, {
    action: 'delete',
    targetType: 'identity',
    targetId: removed.id,
    detail: { label: removed.label },
  });
};
