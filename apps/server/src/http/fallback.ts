/**
 * Answers for API-shaped paths that match no declared action: an unknown action under a known
 * base is the original's business code 405 (接口未配置); a method other than POST is HTTP 405;
 * an unknown base is HTTP 404.
 */
import { API_BASES, type ApiBase, BusinessCode, businessMessage, fail, messages } from '@yuexun/contract';
import type { FastifyInstance } from 'fastify';

const isKnownBase = (base: string): base is ApiBase => (API_BASES as readonly string[]).includes(base);

export const registerApiFallback = (app: FastifyInstance) => {
  app.route({
    method: ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'],
    url: '/:base/api/*',
    schema: { hide: true },
    config: { jsonApi: true },
    handler: async (request, reply) => {
      const { base } = request.params as { base: string };
      if (!isKnownBase(base))
        return reply.status(404).send(fail(BusinessCode.NOT_FOUND, messages.pathNotFound));
      if (request.method !== 'POST') {
        return reply
          .status(405)
          .header('allow', 'POST')
          .send(fail(BusinessCode.NOT_CONFIGURED, messages.methodNotAllowed));
      }
      return fail(BusinessCode.NOT_CONFIGURED, businessMessage(BusinessCode.NOT_CONFIGURED));
    },
  });
};
