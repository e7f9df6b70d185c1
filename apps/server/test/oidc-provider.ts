/**
 * A real OIDC identity provider for tests (`oidc-provider`, the certified implementation) on 127.0.0.1: one
 * confidential client, PKCE (S256) required, the development login page (any login, any password; the login
 * is the subject), and the groups of each user as a claim. Consent is granted for the client up front, so the
 * round trip is: the provider's login page, then back to the callback. `tamperNextIdToken()` alters the
 * signature of the next ID token the token endpoint answers (what a man in the middle would do).
 */
import { generateKeyPairSync } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export interface OidcStandIn {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Groups (the `groups` claim) and name of a login; unknown logins have none and their login as name. */
  users: Map<string, { name?: string; groups?: string[] }>;
  tamperNextIdToken(): void;
  close(): Promise<void>;
}

const signingKey = () => {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { ...privateKey.export({ format: 'jwk' }), kid: 'test-key', use: 'sig', alg: 'RS256' };
};

/** Flips one character of the ID token's signature in the token endpoint's JSON answer. */
const tampering = (res: ServerResponse) => {
  const end = res.end.bind(res);
  const setHeader = res.setHeader.bind(res);
  res.setHeader = (name, value) => (name.toLowerCase() === 'content-length' ? res : setHeader(name, value));
  res.end = ((chunk: unknown, ...rest: unknown[]) => {
    if (chunk && (typeof chunk === 'string' || Buffer.isBuffer(chunk))) {
      const body = JSON.parse(String(chunk)) as { id_token?: string };
      if (body.id_token) {
        const last = body.id_token.at(-2) === 'A' ? 'B' : 'A';
        body.id_token = `${body.id_token.slice(0, -2)}${last}${body.id_token.slice(-1)}`;
      }
      return (end as (c: string, ...r: unknown[]) => ServerResponse)(JSON.stringify(body), ...rest);
    }
    return (end as (...r: unknown[]) => ServerResponse)(chunk, ...rest);
  }) as ServerResponse['end'];
};

export const startOidcProvider = async (redirectUris: string[]): Promise<OidcStandIn> => {
  const users: OidcStandIn['users'] = new Map();
  let tamperNext = false;
  let handler: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.end();
  const server = createServer((req, res) => {
    if (tamperNext && req.method === 'POST' && req.url?.startsWith('/token')) {
      tamperNext = false;
      tampering(res);
    }
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = 'yuexun-test';
  const clientSecret = 'test-client-secret-0123456789abcdef';
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: redirectUris,
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [signingKey()] },
    cookies: { keys: ['oidc-stand-in-cookie-key'] },
    pkce: { required: () => true, methods: ['S256'] },
    claims: {
      openid: ['sub'],
      profile: ['name', 'preferred_username'],
      email: ['email'],
      groups: ['groups'],
    },
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: true } },
    findAccount: async (_ctx, id) => ({
      accountId: id,
      claims: async () => ({
        sub: id,
        preferred_username: id,
        name: users.get(id)?.name ?? id,
        email: `${id}@example.com`,
        groups: users.get(id)?.groups ?? [],
      }),
    }),
    // Consent given up front: the test's user story is the login page, then back to the product.
    loadExistingGrant: async (ctx) => {
      const accountId = ctx.oidc.session?.accountId;
      if (!accountId || !ctx.oidc.client) return undefined;
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client.clientId, accountId });
      grant.addOIDCScope('openid profile email groups');
      grant.addOIDCClaims(['name', 'preferred_username', 'email', 'groups']);
      await grant.save();
      return grant;
    },
  });
  handler = provider.callback();
  return {
    issuer,
    clientId,
    clientSecret,
    users,
    tamperNextIdToken: () => {
      tamperNext = true;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};
