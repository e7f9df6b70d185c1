/**
 * The one client of an OIDC identity provider (docs/decisions/052), over `openid-client`: discovery (cached per
 * issuer, client and secret), the authorization address with PKCE (S256), state and nonce, and the code
 * exchange, whose ID token openid-client checks (signature against the provider's keys, issuer, audience,
 * expiry, nonce) before any claim is read. Plain http is allowed for a loopback issuer only (tests, a
 * provider on the same machine).
 */
import * as client from 'openid-client';

export interface OidcClientSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/** Every call to the provider gives up after this long. */
const TIMEOUT_MS = 10_000;
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

export const isAcceptableIssuer = (issuer: string) => {
  try {
    const url = new URL(issuer);
    return url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK.has(url.hostname));
  } catch {
    return false;
  }
};

const cache = new Map<string, Promise<client.Configuration>>();

const configurationOf = (settings: OidcClientSettings) => {
  const key = JSON.stringify([settings.issuer, settings.clientId, settings.clientSecret]);
  let found = cache.get(key);
  if (!found) {
    const insecure = new URL(settings.issuer).protocol === 'http:';
    found = client
      .discovery(new URL(settings.issuer), settings.clientId, settings.clientSecret, undefined, {
        timeout: TIMEOUT_MS / 1000,
        execute: insecure ? [client.allowInsecureRequests] : [],
      })
      .then((config) => {
        config.timeout = TIMEOUT_MS / 1000;
        // The ID token's signature is checked against the provider's keys even though it came straight from
        // the token endpoint (OIDC Core allows trusting TLS there; a tampered or forged token is refused here).
        client.enableNonRepudiationChecks(config);
        return config;
      });
    // A failed discovery is tried again next time, not remembered.
    found.catch(() => cache.delete(key));
    cache.set(key, found);
  }
  return found;
};

export interface AuthorizationRequest {
  url: string;
  state: string;
  nonce: string;
  codeVerifier: string;
}

export const authorizationRequest = async (
  settings: OidcClientSettings,
  redirectUri: string,
  scope: string,
): Promise<AuthorizationRequest> => {
  const config = await configurationOf(settings);
  const codeVerifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const nonce = client.randomNonce();
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope,
    state,
    nonce,
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
  });
  return { url: url.href, state, nonce, codeVerifier };
};

export type ExchangeFailure = 'provider' | 'token';

export class OidcExchangeError extends Error {
  constructor(
    readonly reason: ExchangeFailure,
    cause: unknown,
  ) {
    super(`oidc exchange failed: ${reason}`, { cause });
  }
}

/**
 * The callback's code for the tokens; the checked ID token's claims, with the user-info endpoint's answer
 * added when the provider has one (several providers give groups there only). A refusal of the provider
 * (a used or unknown code, a wrong PKCE verifier) is `provider`; an ID token that fails a check is `token`.
 */
export const exchangeCode = async (
  settings: OidcClientSettings,
  callbackUrl: URL,
  expected: { state: string; nonce: string; codeVerifier: string },
): Promise<Record<string, unknown>> => {
  const config = await configurationOf(settings).catch((error) => {
    throw new OidcExchangeError('provider', error);
  });
  let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
  try {
    tokens = await client.authorizationCodeGrant(config, callbackUrl, {
      pkceCodeVerifier: expected.codeVerifier,
      expectedState: expected.state,
      expectedNonce: expected.nonce,
      idTokenExpected: true,
    });
  } catch (error) {
    const refusedByProvider =
      error instanceof client.ResponseBodyError ||
      error instanceof client.AuthorizationResponseError ||
      (error instanceof Error && /fetch failed|timed? ?out|ECONNREFUSED/i.test(error.message));
    throw new OidcExchangeError(refusedByProvider ? 'provider' : 'token', error);
  }
  const idClaims = tokens.claims();
  if (!idClaims) throw new OidcExchangeError('token', new Error('no id token'));
  const claims: Record<string, unknown> = { ...idClaims };
  if (config.serverMetadata().userinfo_endpoint) {
    try {
      const info = await client.fetchUserInfo(config, tokens.access_token, idClaims.sub);
      for (const [key, value] of Object.entries(info)) if (!(key in claims)) claims[key] = value;
    } catch (error) {
      throw new OidcExchangeError('provider', error);
    }
  }
  return claims;
};
