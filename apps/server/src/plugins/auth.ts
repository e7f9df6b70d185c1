/**
 * Authorisation of actions by their declared level. Until accounts and sessions exist, every
 * non-public action answers 401 未登录: there is no way to be logged in yet.
 */
import { type AuthLevel, BusinessCode, type FailureEnvelope, fail } from '@yuexun/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

export type Authorize = (
  level: AuthLevel,
  request: FastifyRequest,
  reply: FastifyReply,
) => Promise<FailureEnvelope | null>;

export const authPlugin = fp(
  async (app: FastifyInstance) => {
    const authorize: Authorize = async (level) =>
      level === 'public' ? null : fail(BusinessCode.NOT_LOGGED_IN);
    app.decorate('authorize', authorize);
  },
  { name: 'auth' },
);
