/**
 * What the server-rendered site needs from accounts, as decorators on the instance: the header's
 * current user and switch-unit menu, and the logout form's POST. Same rules as the actions.
 */
import type { CurrentAccountEmployee, SiteUser, TenantOption } from '@yuexun/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { lookupRequestSession, toAuthContext } from '../http/auth-plugin';
import { deleteSession } from '../shared/auth/session.service';
import {
  clearSessionCookie,
  hashSessionId,
  isWellFormedSessionId,
  presentedSessionId,
} from '../shared/auth/session-id';
import { countedSms, createSmsProvider } from '../shared/sms/sms-provider';
import { currentAccountEmployee, tenantOptionsOf } from './account.service';
import { registerScanLoginRoutes } from './scan-login';
import { registerOidcRoutes } from './sso';

export interface AccountsApi {
  /** The logged-in account in its current school; null when not logged in or the session expired. */
  currentUser(request: FastifyRequest): Promise<CurrentAccountEmployee | null>;
  /** The schools the logged-in account may switch to; empty when not logged in. */
  tenantOptions(request: FastifyRequest): Promise<TenantOption[]>;
  /** The header's user and switch-unit menu from one session lookup; null when not logged in. */
  siteUser(request: FastifyRequest): Promise<{ user: SiteUser; tenants: TenantOption[] } | null>;
  /** Ends the presented session (row deleted) and clears the cookie. */
  logout(request: FastifyRequest, reply: FastifyReply): Promise<void>;
}

export const accountsPlugin = fp(
  async (app: FastifyInstance) => {
    const activeAuth = async (request: FastifyRequest) => {
      const found = await lookupRequestSession(app, request);
      return found.state === 'active' ? toAuthContext(found.session) : null;
    };
    const api: AccountsApi = {
      currentUser: async (request) => {
        const auth = await activeAuth(request);
        return auth ? currentAccountEmployee(app.db, auth) : null;
      },
      tenantOptions: async (request) => {
        const auth = await activeAuth(request);
        return auth ? tenantOptionsOf(app.db, auth) : [];
      },
      siteUser: async (request) => {
        const auth = await activeAuth(request);
        if (!auth) return null;
        const [current, tenants] = await Promise.all([
          currentAccountEmployee(app.db, auth),
          tenantOptionsOf(app.db, auth),
        ]);
        return {
          user: { name: current.name, photoId: current.photoId, access: current.access },
          tenants,
        };
      },
      logout: async (request, reply) => {
        const id = presentedSessionId(request);
        if (id && isWellFormedSessionId(id)) await deleteSession(app.db, hashSessionId(id));
        clearSessionCookie(request, reply);
      },
    };
    app.decorate('accounts', api);
    registerOidcRoutes(app);
    registerScanLoginRoutes(app);
    const sms = createSmsProvider(app.config.sms, app.log);
    app.decorate('sms', countedSms(sms, app.config.sms.provider, app.metrics.sms));
  },
  { name: 'accounts', dependencies: ['auth', 'metrics'] },
);
