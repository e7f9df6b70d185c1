/**
 * Scan login through 企业微信, 钉钉 and 飞书 (docs/decisions/060), on the machinery of OIDC (decision 052): the round
 * trip's `state` is a random value kept hashed in `oidc_login_state` with the provider, tied to the browser by
 * a cookie and taken once (`takeState`), so a replayed, foreign or expired state is refused before the
 * platform is asked. The platform's code then names a member of the configured organisation (or nobody:
 * `other-org`), and the identity signs in to the account linked to it, links to the signed-in account, or
 * gets a just-in-time account by the same rules as OIDC (`accountFor`).
 */
import { randomBytes } from 'node:crypto';
import { OIDC_STATE_TTL_SECONDS, type ScanPlatform } from '@yuexun/contract';
import { lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { oidcLoginState } from '../db/schema';
import { PlatformError } from '../shared/platforms/platform-call';
import type { PlatformUrls } from '../shared/platforms/platform-env';
import { platformClients, type ScanPlatformRow, scanReady } from '../shared/platforms/scan-apps';
import { accountFor, type OidcOutcome, sha256, takeState } from './oidc.service';
import type { Identity } from './oidc-identity.service';
import { type OidcPurpose, SsoRefused } from './oidc-refusal';
import { readScanPlatform } from './scan-platform.service';
import { readSignInSettings } from './sign-in-settings.service';

/** Kept in the state row's nonce column: the code comes from the platform's in-app sign-in, not its web login. */
const IN_APP = 'in-app';

const readyPlatform = async (db: Db, platform: ScanPlatform) => {
  const row = await readScanPlatform(db, platform);
  if (!scanReady(row)) throw new SsoRefused('not-configured');
  return row;
};

export interface ScanStart {
  /** Where to send the browser (empty for DingTalk in-app: the page asks DingTalk for a code itself). */
  url: string;
  state: string;
  browser: string;
  corpId: string;
}

export const beginScan = async (
  db: Db,
  urls: PlatformUrls,
  platform: ScanPlatform,
  opts: { purpose: OidcPurpose; accountId: number | null; redirectUri: string; inApp: boolean },
): Promise<ScanStart> => {
  const row = await readyPlatform(db, platform);
  const state = randomBytes(24).toString('base64url');
  const browser = randomBytes(32).toString('base64url');
  const inApp = opts.inApp && platform !== 'feishu';
  await db.delete(oidcLoginState).where(lt(oidcLoginState.expiresAt, new Date()));
  await db.insert(oidcLoginState).values({
    stateHash: sha256(state),
    browserHash: sha256(browser),
    provider: platform,
    purpose: opts.purpose,
    accountId: opts.accountId,
    codeVerifier: '',
    nonce: inApp ? IN_APP : '',
    expiresAt: new Date(Date.now() + OIDC_STATE_TTL_SECONDS * 1000),
  });
  const clients = platformClients(db, urls, row);
  const url =
    platform === 'wecom'
      ? inApp
        ? clients.wecom().oauthUrl(opts.redirectUri, state)
        : clients.wecom().qrConnectUrl(opts.redirectUri, state)
      : platform === 'dingtalk'
        ? inApp
          ? ''
          : clients.dingtalk().loginUrl(opts.redirectUri, state)
        : clients.feishu().authorizeUrl(opts.redirectUri, state);
  return { url, state, browser, corpId: row.corpId };
};

const labelled = (name: string, id: string) => (name ? `${name}（${id}）` : id).slice(0, 200);

/** A WeCom or DingTalk member (both name members by user id within the corp) as a sign-in identity. */
const memberIdentity = (
  provider: 'wecom' | 'dingtalk',
  corpId: string,
  member: { userId: string; name: string; departments: string[] },
): Identity => ({
  provider,
  issuer: corpId,
  subject: member.userId,
  label: labelled(member.name, member.userId),
  name: member.name || null,
  username: member.userId,
  groups: member.departments,
});

/** Who the platform says the code belongs to; null when not a member of the configured organisation. */
const identityOf = async (
  db: Db,
  urls: PlatformUrls,
  row: ScanPlatformRow,
  code: string,
  inApp: boolean,
): Promise<Identity | null> => {
  const clients = platformClients(db, urls, row);
  if (row.platform === 'wecom') {
    const member = await clients.wecom().memberByCode(code);
    return member && memberIdentity('wecom', row.corpId, member);
  }
  if (row.platform === 'dingtalk') {
    const dingtalk = clients.dingtalk();
    const member = inApp ? await dingtalk.memberByInAppCode(code) : await dingtalk.memberByAuthCode(code);
    return member && memberIdentity('dingtalk', row.corpId, member);
  }
  const person = await clients.feishu().personByCode(code);
  if (!person) return null;
  const subject = person.unionId || person.openId;
  return {
    provider: 'feishu',
    issuer: person.tenantKey,
    subject,
    label: labelled(person.name, subject),
    name: person.name || null,
    groups: [],
  };
};

/** The callback: state first, then the platform's code, then the account. */
export const finishScan = async (
  db: Db,
  urls: PlatformUrls,
  platform: ScanPlatform,
  callback: { state: string | null; code: string | null },
  browser: string | undefined,
  ipHash: string,
): Promise<OidcOutcome> => {
  const row = await readyPlatform(db, platform);
  if (!callback.state) throw new SsoRefused('state');
  const taken = await takeState(db, callback.state, browser, platform);
  const purpose = taken.purpose === 'link' ? 'link' : 'login';
  try {
    if (!callback.code) throw new SsoRefused('provider');
    let identity: Identity | null;
    try {
      identity = await identityOf(db, urls, row, callback.code, taken.nonce === IN_APP);
    } catch (error) {
      if (error instanceof PlatformError) throw new SsoRefused('provider', error);
      throw error;
    }
    if (!identity) throw new SsoRefused('other-org');
    const settings = await readSignInSettings(db);
    try {
      return await accountFor(db, settings, taken, identity, ipHash);
    } catch (error) {
      if (error instanceof SsoRefused) throw error.about(purpose, { identity: identity.label });
      throw error;
    }
  } catch (error) {
    if (error instanceof SsoRefused) throw error.about(purpose, { accountId: taken.accountId });
    throw error;
  }
};
