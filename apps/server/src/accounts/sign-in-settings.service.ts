/**
 * 登录方式 (docs/decisions/052): the one record of the OIDC provider and the sign-in policy, its view without
 * the client secret, its checked update, and the policy's question asked by every password and SMS sign-in:
 * may this account still use them when the organisation requires SSO?
 */
import { BusinessCode, messages, type SignInSettingsView, ssoMessages } from '@yuexun/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { account, employee, role, signInSettings, tenant } from '../db/schema';
import { type Actor, recordAudit } from '../shared/audit';
import { BusinessError } from '../shared/errors';
import { isAcceptableIssuer } from '../shared/platforms/oidc';
import { readyScanPlatforms } from './scan-platform.service';

const SETTINGS_ID = 1;
export type SignInSettingsRow = typeof signInSettings.$inferSelect;

export const readSignInSettings = async (db: Db): Promise<SignInSettingsRow> => {
  const [row] = await db.select().from(signInSettings).where(eq(signInSettings.id, SETTINGS_ID));
  if (row) return row;
  await db.insert(signInSettings).values({ id: SETTINGS_ID }).onConflictDoNothing();
  const [created] = await db.select().from(signInSettings).where(eq(signInSettings.id, SETTINGS_ID));
  if (!created) throw new Error('sign-in settings missing after insert');
  return created;
};

/** Whether 企业账号登录 is offered: switched on and complete. */
export const oidcReady = (s: SignInSettingsRow) =>
  s.oidcEnabled && s.issuer !== '' && s.clientId !== '' && s.clientSecret !== '';

/** Whether staff have a way to sign in other than a password: OIDC or a scan login, switched on and complete. */
export const ssoOffered = async (db: Db, s: SignInSettingsRow) =>
  oidcReady(s) || (await readyScanPlatforms(db)).length > 0;

/** The site's administrators: active members of the vendor with the built-in 管理员 role. */
const siteAdmins = (db: Db) =>
  db
    .selectDistinct({ id: account.id, name: account.name, username: account.username })
    .from(employee)
    .innerJoin(tenant, eq(tenant.id, employee.tenantId))
    .innerJoin(role, eq(role.id, employee.roleId))
    .innerJoin(account, eq(account.id, employee.accountId))
    .where(
      and(
        eq(tenant.kind, 'vendor'),
        eq(role.builtinKey, 'admin'),
        eq(employee.status, 'active'),
        eq(employee.registerStatus, 'confirmed'),
      ),
    )
    .orderBy(asc(account.id));

export const signInSettingsViewOf = async (db: Db, callbackUrl: string): Promise<SignInSettingsView> => {
  const s = await readSignInSettings(db);
  const tenants = await db.select({ id: tenant.id, name: tenant.name }).from(tenant).orderBy(asc(tenant.id));
  const roles = await db
    .select({ id: role.id, name: role.name, tenantId: role.tenantId })
    .from(role)
    .orderBy(asc(role.id));
  return {
    oidc: {
      enabled: s.oidcEnabled,
      issuer: s.issuer,
      clientId: s.clientId,
      secretSet: s.clientSecret !== '',
      scopes: s.scopes,
      usernameClaim: s.usernameClaim,
      groupsClaim: s.groupsClaim,
      jit: s.jit,
      jitTenantId: s.jitTenantId,
      jitRoleId: s.jitRoleId,
      roleRules: s.roleRules,
      callbackUrl,
    },
    ssoRequired: s.ssoRequired,
    breakGlass: s.breakGlass,
    version: s.version,
    tenants: tenants.map((t) => ({
      ...t,
      roles: roles.filter((r) => r.tenantId === t.id).map(({ id, name }) => ({ id, name })),
    })),
    admins: await siteAdmins(db),
  };
};

export interface SignInSettingsInput {
  enabled: boolean;
  issuer?: string | undefined;
  clientId?: string | undefined;
  clientSecret?: string | undefined;
  scopes?: string | undefined;
  usernameClaim?: string | undefined;
  groupsClaim?: string | undefined;
  jit: boolean;
  jitTenantId?: number | undefined;
  jitRoleId?: number | undefined;
  roleRules?: { group: string; roleId: number }[] | undefined;
  ssoRequired: boolean;
  breakGlass?: number[] | undefined;
  version: number;
}

const refuse = (message: string, field?: string): never => {
  throw new BusinessError(BusinessCode.BAD_REQUEST, message, field ? [{ field, message }] : undefined);
};

/** Checks the whole record as it would be after the save: a half-configured provider is never switched on. */
const checkRecord = async (db: Db, next: Omit<SignInSettingsRow, 'id' | 'version' | 'updatedAt'>) => {
  if (next.issuer !== '' && !isAcceptableIssuer(next.issuer)) refuse(ssoMessages.issuerInvalid, 'issuer');
  if (next.oidcEnabled && (next.issuer === '' || next.clientId === '' || next.clientSecret === ''))
    refuse(ssoMessages.incomplete);
  if (next.jit && next.jitTenantId === null) refuse(ssoMessages.jitTenantMissing, 'jitTenantId');
  const roleIds = [...next.roleRules.map((r) => r.roleId), ...(next.jitRoleId ? [next.jitRoleId] : [])];
  if (roleIds.length > 0) {
    const found = await db
      .select({ id: role.id, tenantId: role.tenantId })
      .from(role)
      .where(inArray(role.id, roleIds));
    const ok = roleIds.every((id) => found.some((r) => r.id === id && r.tenantId === next.jitTenantId));
    if (!ok) refuse(ssoMessages.roleNotInTenant, 'roleRules');
  }
  if (next.jitTenantId !== null) {
    const [t] = await db.select({ id: tenant.id }).from(tenant).where(eq(tenant.id, next.jitTenantId));
    if (!t) refuse(ssoMessages.jitTenantMissing, 'jitTenantId');
  }
  if (next.ssoRequired) {
    if (!next.oidcEnabled && (await readyScanPlatforms(db)).length === 0)
      refuse(ssoMessages.requiresOidc, 'ssoRequired');
    if (next.breakGlass.length === 0) refuse(ssoMessages.requiresBreakGlass, 'breakGlass');
  }
  if (next.breakGlass.length > 0) {
    const admins = new Set((await siteAdmins(db)).map((a) => a.id));
    if (!next.breakGlass.every((id) => admins.has(id))) refuse(ssoMessages.breakGlassNotAdmin, 'breakGlass');
  }
};

export const updateSignInSettings = async (db: Db, actor: Actor, input: SignInSettingsInput) => {
  await readSignInSettings(db);
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(signInSettings)
      .where(eq(signInSettings.id, SETTINGS_ID))
      .for('update');
    if (!before || before.version !== input.version)
      throw new BusinessError(BusinessCode.CONFLICT, messages.staleVersion);
    const next = {
      oidcEnabled: input.enabled,
      issuer: (input.issuer ?? '').replace(/\/+$/, ''),
      clientId: input.clientId ?? '',
      // Blank keeps the stored secret: the form never receives it to send back.
      clientSecret: input.clientSecret ?? before.clientSecret,
      scopes: input.scopes ?? before.scopes,
      usernameClaim: input.usernameClaim ?? before.usernameClaim,
      groupsClaim: input.groupsClaim ?? before.groupsClaim,
      jit: input.jit,
      jitTenantId: input.jitTenantId ?? null,
      jitRoleId: input.jitRoleId ?? null,
      roleRules: input.roleRules ?? [],
      ssoRequired: input.ssoRequired,
      breakGlass: [...new Set(input.breakGlass ?? [])],
    };
    await checkRecord(tx, next);
    await tx
      .update(signInSettings)
      .set({ ...next, version: before.version + 1, updatedAt: new Date() })
      .where(eq(signInSettings.id, SETTINGS_ID));
    const { clientSecret: _secret, ...shown } = next;
    await recordAudit(tx, actor, {
      action: 'update',
      targetType: 'sign_in_settings',
      targetId: SETTINGS_ID,
      detail: { after: { ...shown, secretChanged: input.clientSecret !== undefined } },
    });
  });
};

/**
 * The policy (仅允许企业账号登录): a password or SMS sign-in of an account that is not a break-glass administrator
 * is refused while SSO is required. Asked after the credentials were checked, so the answer tells nothing
 * about an account to someone who does not know its password.
 */
export const refuseUnlessPasswordAllowed = async (db: Db, accountId: number) => {
  const s = await readSignInSettings(db);
  if (s.ssoRequired && !s.breakGlass.includes(accountId) && (await ssoOffered(db, s)))
    throw new BusinessError(BusinessCode.FORBIDDEN, ssoMessages.ssoRequired);
};
