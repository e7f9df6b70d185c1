/**
 * 测试连接 of 登录方式: reads an issuer's discovery document and its signing keys as sign-in will, and says what
 * it found or, in Chinese, what is wrong, before anyone relies on the provider. Nothing is cached or stored.
 */
import { type SsoConnectionReport, ssoMessages } from '@yuexun/contract';
import { isAcceptableIssuer } from './oidc';

const TIMEOUT_MS = 10_000;

const getJson = async (url: string): Promise<Record<string, unknown>> => {
  const res = await fetch(url, {
    signal: AbortSignal.timeout(TIMEOUT_MS),
    headers: { accept: 'application/json' },
  });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  const body: unknown = await res.json().catch(() => {
    throw new Error(ssoMessages.connectionNotJson);
  });
  if (!body || typeof body !== 'object' || Array.isArray(body))
    throw new Error(ssoMessages.connectionNotJson);
  return body as Record<string, unknown>;
};

const textOf = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
const textsOf = (value: unknown) =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

const why = (error: unknown) => {
  const cause =
    error instanceof Error ? ((error.cause as { code?: string } | undefined)?.code ?? error.message) : '';
  return error instanceof Error && error.name === 'TimeoutError' ? ssoMessages.connectionTimeout : cause;
};

export const inspectIssuer = async (issuer: string): Promise<SsoConnectionReport> => {
  const started = Date.now();
  const report: SsoConnectionReport = {
    reachable: false,
    problem: null,
    issuer: null,
    authorizationEndpoint: null,
    tokenEndpoint: null,
    userinfoEndpoint: null,
    signingKeys: 0,
    scopesSupported: [],
    pkceS256: false,
    tookMs: 0,
  };
  const done = (problem: string | null) => ({ ...report, problem, tookMs: Date.now() - started });
  if (!isAcceptableIssuer(issuer)) return done(ssoMessages.issuerInvalid);
  const base = issuer.replace(/\/+$/, '');
  let doc: Record<string, unknown>;
  try {
    doc = await getJson(`${base}/.well-known/openid-configuration`);
  } catch (error) {
    return done(`${ssoMessages.connectionFailed}（${why(error)}）`);
  }
  report.reachable = true;
  report.issuer = textOf(doc.issuer);
  report.authorizationEndpoint = textOf(doc.authorization_endpoint);
  report.tokenEndpoint = textOf(doc.token_endpoint);
  report.userinfoEndpoint = textOf(doc.userinfo_endpoint);
  report.scopesSupported = textsOf(doc.scopes_supported).slice(0, 50);
  report.pkceS256 = textsOf(doc.code_challenge_methods_supported).includes('S256');
  if (report.issuer?.replace(/\/+$/, '') !== base) return done(ssoMessages.connectionIssuerMismatch);
  if (!report.authorizationEndpoint || !report.tokenEndpoint) return done(ssoMessages.connectionIncomplete);
  const jwksUri = textOf(doc.jwks_uri);
  if (!jwksUri) return done(ssoMessages.connectionNoKeys);
  try {
    report.signingKeys = (
      await getJson(jwksUri).then((jwks) => (Array.isArray(jwks.keys) ? jwks.keys : []))
    ).length;
  } catch (error) {
    return done(`${ssoMessages.connectionNoKeys}（${why(error)}）`);
  }
  if (report.signingKeys === 0) return done(ssoMessages.connectionNoKeys);
  if (!report.pkceS256) return done(ssoMessages.connectionNoPkce);
  return done(null);
};
