/**
 * What the server-rendered site needs from accounts, as decorators on the instance: the header's
 * current user and switch-unit menu, and the logout form's POST. Same rules as the actions.
 */
import type { CurrentAccountEmployee, TenantOption } from '@yuexun/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { currentAccountEmployee, tenantOptionsOf } from '../actions/account/account.service';
import { deleteSession } from '../auth/session.service';
import {
  clearSessionCookie,
  hashSessionId,
  isWellFormedSessionId,
  presentedSessionId,
} from '../auth/session-id';
import { createSmsProvider } from '../sms/sms-provider';
import { lookupRequestSession, toAuthContext } from './auth';

export interface AccountsApi {
  /** The logged-in account in its current school; null when not logged in or the session expired. */
  currentUser(request: FastifyRequest): Promise<CurrentAccountEmployee | null>;
  /** The schools the logged-in account may switch to; empty when not logged in. */
  tenantOptions(request: FastifyRequest): Promise<TenantOption[]>;
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
      logout: async (request, reply) => {
        const id = presentedSessionId(request);
        if (id && isWellFormedSessionId(id)) await deleteSession(app.db, hashSessionId(id));
        clearSessionCookie(request, reply);
      },
    };
    app.decorate('accounts', api);
    app.decorate('sms', createSmsProvider(app.config, app.log));
  },
  { name: 'accounts', dependencies: ['auth'] },
);
