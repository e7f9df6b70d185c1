/**
 * Sessions and authorisation. `app.authorize(level, request, reply)` checks an action's declared
 * level once (registry, upload route) and leaves `request.auth` for the handler:
 * public: anyone; session: 401 未登录 without a valid session, 402 会话已过期 when it ran out;
 * tenant: also 406 未指定租户 without a selected tenant; admin: also 403 无权限 unless the member's role
 * holds the declared permission (docs/decisions/032-roles-and-permissions.md).
 * Scope `site` checks the permission against the caller's role in the vendor (the organisation that owns
 * the site) instead of the selected tenant, and acts as that membership: 403 for everyone else
 * (docs/decisions/021-site-staff-and-school-staff.md).
 */
import cookie from '@fastify/cookie';
import {
  type AccessRule,
  type AuthLevel,
  BusinessCode,
  type EmployeeAccess,
  type FailureEnvelope,
  fail,
  messages,
  type Permission,
} from '@yuexun/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  type ActiveSession,
  lookupSession,
  type SessionLookup,
  type SessionPolicy,
  siteMembershipOf,
} from '../shared/auth/session.service';
import {
  clearSessionCookie,
  hashSessionId,
  isWellFormedSessionId,
  presentedSessionId,
  SESSION_COOKIE,
} from '../shared/auth/session-id';

export interface AuthContext {
  accountId: number;
  tenantId: number | null;
  employeeId: number | null;
  access: EmployeeAccess | null;
  /** The permissions of the membership the request acts as (the vendor's for site actions). */
  permissions: readonly Permission[];
  sessionIdHash: string;
}

export type Authorize = (
  /** A level alone is checked against the selected tenant. */
  rule: AuthLevel | AccessRule,
  request: FastifyRequest,
  reply: FastifyReply,
  /** A session id read from a multipart field (uploads), which the body parser never sees. */
  explicitSid?: string,
) => Promise<FailureEnvelope | null>;

export const toAuthContext = (session: ActiveSession): AuthContext => ({
  accountId: session.accountId,
  tenantId: session.tenantId,
  employeeId: session.employeeId,
  access: session.access,
  permissions: session.permissions,
  sessionIdHash: session.idHash,
});

/** The registry has checked the level, so a non-public handler always finds request.auth set. */
export const authOf = (request: FastifyRequest): AuthContext => {
  if (!request.auth) throw new Error('handler ran without authorisation');
  return request.auth;
};

/** Looks up the session a request presents; unknown covers absent, malformed, tampered and logged-out ids. */
export const lookupRequestSession = async (
  app: FastifyInstance,
  request: FastifyRequest,
  explicitSid?: string,
): Promise<SessionLookup> => {
  const id = presentedSessionId(request, explicitSid);
  if (!id || !isWellFormedSessionId(id)) return { state: 'unknown' };
  return lookupSession(app.db, hashSessionId(id), app.sessionPolicy);
};

/** The one permission check: an `admin` action needs its declared permission in the member's role. */
const lacking = (
  level: AuthLevel,
  permission: Permission | undefined,
  held: readonly Permission[],
): FailureEnvelope | null => {
  if (level !== 'admin') return null;
  if (permission === undefined) return fail(BusinessCode.FORBIDDEN);
  return held.includes(permission)
    ? null
    : fail(BusinessCode.FORBIDDEN, messages.permissionMissing(permission));
};

export const authPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(cookie);
    const policy: SessionPolicy = {
      idleMs: app.config.sessionIdleMinutes * 60_000,
      maxMs: app.config.sessionMaxDays * 24 * 3600_000,
    };
    app.decorate('sessionPolicy', policy);
    app.decorateRequest('auth', null);

    const authorize: Authorize = async (rule, request, reply, explicitSid) => {
      const { auth: level, scope = 'tenant', permission } = typeof rule === 'string' ? { auth: rule } : rule;
      if (level === 'public') return null;
      const found = await lookupRequestSession(app, request, explicitSid);
      if (found.state !== 'active') {
        // A dead cookie is removed so the browser stops sending it (not when a header or field was the dead one).
        const cookie = request.cookies[SESSION_COOKIE];
        if (cookie && presentedSessionId(request, explicitSid) === cookie) clearSessionCookie(request, reply);
        return fail(found.state === 'expired' ? BusinessCode.SESSION_EXPIRED : BusinessCode.NOT_LOGGED_IN);
      }
      const { session } = found;
      request.auth = toAuthContext(session);
      if (scope === 'site') {
        // Site rights come from the vendor membership alone, whatever school is selected.
        const member = await siteMembershipOf(app.db, session.accountId);
        if (!member) return fail(BusinessCode.FORBIDDEN, messages.notSiteStaff);
        request.auth = { ...request.auth, ...member };
        return lacking(level, permission, member.permissions);
      }
      if (level === 'session') return null;
      if (session.tenantId === null) return fail(BusinessCode.TENANT_REQUIRED);
      return lacking(level, permission, session.permissions);
    };
    app.decorate('authorize', authorize);
  },
  { name: 'auth', dependencies: ['database'] },
);
