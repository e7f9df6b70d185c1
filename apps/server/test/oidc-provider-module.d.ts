/** The part of `oidc-provider` 8 (it ships no types; @types covers 9, which needs Node 22) the stand-in uses. */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  interface GrantLike {
    addOIDCScope(scope: string): void;
    addOIDCClaims(claims: string[]): void;
    save(): Promise<string>;
  }
  interface ProviderContext {
    oidc: {
      session?: { accountId?: string };
      client?: { clientId: string };
      provider: { Grant: new (init: { clientId: string; accountId: string }) => GrantLike };
    };
  }
  export default class Provider {
    constructor(
      issuer: string,
      configuration: Record<string, unknown> & {
        findAccount?: (
          ctx: ProviderContext,
          id: string,
        ) => Promise<{ accountId: string; claims: () => Promise<Record<string, unknown>> }>;
        loadExistingGrant?: (ctx: ProviderContext) => Promise<GrantLike | undefined>;
      },
    );
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
  }
}
