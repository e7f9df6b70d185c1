/**
 * Sign-in and linking through the OIDC provider (docs/decisions/052). `beginOidc` keeps one round trip's state,
 * nonce and PKCE verifier under the hash of its state, tied to the browser by a cookie; `finishOidc` takes that
 * row once (a replayed state finds it used), lets the provider's client exchange the code and check the ID
 * token, then finds the account linked to the identity, links it to the signed-in account, or creates the
 * account just in time (oidc-identity.service.ts). Sign-in never takes over an unlinked account with the same
 * name, e-mail or phone.
 */
import { createHash, randomBytes } from 'node:crypto';
import { OIDC_STATE_TTL_SECONDS } from '@yuexun/contract';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { account, externalIdentity, oidcLoginState } from '../db/schema';
import { authorizationRequest, exchangeCode, OidcExchangeError } from '../shared/platforms/oidc';
import {
  createJitAccount,
  type Identity,
  identityOf,
  linkedAccount,
  linkIdentity,
} from './oidc-identity.service';
import { type OidcPurpose, SsoRefused } from './oidc-refusal';
import { oidcReady, readSignInSettings, type SignInSettingsRow } from './sign-in-settings.service';

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

const clientOf = (s: SignInSettingsRow) => ({
  issuer: s.issuer,
  clientId: s.clientId,
  clientSecret: s.clientSecret,
});

export const readyOidcSettings = async (db: Db) => {
  const s = await readSignInSettings(db);
  if (!oidcReady(s)) throw new SsoRefused('not-configured');
  return s;
};

/** The provider's address to send the browser to, and the browser's cookie value that the callback needs. */
export const beginOidc = async (
  db: Db,
  purpose: OidcPurpose,
  accountId: number | null,
  redirectUri: string,
) => {
  const s = await readyOidcSettings(db);
  const request = await authorizationRequest(clientOf(s), redirectUri, s.scopes).catch((error) => {
    throw new SsoRefused('provider', error);
  });
  const browser = randomBytes(32).toString('base64url');
  // Round trips never finished are dropped as new ones start.
  await db.delete(oidcLoginState).where(lt(oidcLoginState.expiresAt, new Date()));
  await db.insert(oidcLoginState).values({
    stateHash: sha256(request.state),
    browserHash: sha256(browser),
    purpose,
    accountId,
    codeVerifier: request.codeVerifier,
    nonce: request.nonce,
    expiresAt: new Date(Date.now() + OIDC_STATE_TTL_SECONDS * 1000),
  });
  return { url: request.url, browser };
};

/**
 * Takes the round trip's row once: a state seen before, expired, from another browser or begun for another
 * provider is refused. Scan login (scan-login.service.ts) keeps its round trips in the same table.
 */
export const takeState = async (db: Db, state: string, browser: string | undefined, provider = 'oidc') => {
  const [row] = await db
    .update(oidcLoginState)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(oidcLoginState.stateHash, sha256(state)),
        isNull(oidcLoginState.usedAt),
        gt(oidcLoginState.expiresAt, new Date()),
      ),
    )
    .returning();
  if (!row || !browser || row.browserHash !== sha256(browser) || row.provider !== provider)
    throw new SsoRefused('state');
  return row;
};
export type OidcOutcome =
  | { purpose: 'login'; account: { id: number; name: string }; identity: string }
  | { purpose: 'link'; accountId: number };

/** The callback: state, then the provider's exchange and checks, then the account. */
export const finishOidc = async (
  db: Db,
  callbackUrl: URL,
  browser: string | undefined,
  ipHash: string,
): Promise<OidcOutcome> => {
  const s = await readyOidcSettings(db);
  const state = callbackUrl.searchParams.get('state');
  if (!state) throw new SsoRefused('state');
  const row = await takeState(db, state, browser);
  try {
    return await completeOidc(db, s, row, callbackUrl, ipHash);
  } catch (error) {
    const purpose = row.purpose === 'link' ? 'link' : 'login';
    if (error instanceof SsoRefused) throw error.about(purpose, { accountId: row.accountId });
    throw error;
  }
};

const completeOidc = async (
  db: Db,
  s: SignInSettingsRow,
  row: typeof oidcLoginState.$inferSelect,
  callbackUrl: URL,
  ipHash: string,
): Promise<OidcOutcome> => {
  const state = callbackUrl.searchParams.get('state') ?? '';
  if (callbackUrl.searchParams.has('error')) throw new SsoRefused('provider');
  let claims: Record<string, unknown>;
  try {
    claims = await exchangeCode(clientOf(s), callbackUrl, {
      state,
      nonce: row.nonce,
      codeVerifier: row.codeVerifier,
    });
  } catch (error) {
    throw new SsoRefused(error instanceof OidcExchangeError ? error.reason : 'provider', error);
  }
  const identity = identityOf(s, claims);
  try {
    return await accountFor(db, s, row, identity, ipHash);
  } catch (error) {
    if (error instanceof SsoRefused) throw error.about('login', { identity: identity.label });
    throw error;
  }
};

/** The account the provider's identity signs in to, links to, or creates. */
export const accountFor = async (
  db: Db,
  s: SignInSettingsRow,
  row: { purpose: string; accountId: number | null },
  identity: Identity,
  ipHash: string,
): Promise<OidcOutcome> => {
  if (row.purpose === 'link') {
    if (!row.accountId) throw new SsoRefused('no-session');
    await linkIdentity(db, row.accountId, identity, ipHash);
    return { purpose: 'link', accountId: row.accountId };
  }
  const linked = await linkedAccount(db, identity);
  if (linked) {
    await db
      .update(externalIdentity)
      .set({ lastUsedAt: new Date() })
      .where(eq(externalIdentity.id, linked.id));
    const [found] = await db
      .select({ id: account.id, name: account.name })
      .from(account)
      .where(eq(account.id, linked.accountId));
    if (!found) throw new SsoRefused('not-linked');
    return { purpose: 'login', account: found, identity: identity.label };
  }
  if (!s.jit) throw new SsoRefused('not-linked');
  const created = await createJitAccount(db, s, identity, ipHash);
  return { purpose: 'login', account: created, identity: identity.label };
};
