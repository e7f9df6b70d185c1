/**
 * Registration of the routes that are not actions (file upload/view/download, CSV exports, the statistics
 * beacon, the site's pages and form posts), with the actions' checks in the actions' order: same-origin for a
 * state-changing method, then the auth rule, then the query by its contract schema, and a BusinessError
 * answered as its envelope. Each route keeps its own answer shape where it differs (a page, a file, a 204).
 */
import type { AccessRule, AuthLevel, FailureEnvelope } from '@yuexun/contract';
import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  HTTPMethods,
} from 'fastify';
import type { z } from 'zod';
import { answeringRefusals, invalidInput } from './checks';
import { checkOrigin } from './origin';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface RouteContext<Q> {
  request: FastifyRequest;
  reply: FastifyReply;
  app: FastifyInstance;
  /** The query as parsed by `query` (undefined without one). */
  query: Q;
}

export interface RouteSpec<S extends z.ZodType | undefined> {
  method: HTTPMethods | HTTPMethods[];
  url: string;
  schema?: FastifySchema;
  config?: FastifyContextConfig;
  bodyLimit?: number;
  /**
   * Checked before the handler like an action's level (default public). A route whose session can only be
   * read inside its body (the multipart upload's `sid` field) says public and calls app.authorize itself.
   */
  auth?: AuthLevel | AccessRule;
  /** The query's contract schema; a wrong query answers the actions' 400 envelope. */
  query?: S;
  /** How this route answers a cross-site request of a state-changing method (default: the actions' envelope). */
  crossSite?: (reply: FastifyReply, refusal: FailureEnvelope) => unknown;
  handler: (ctx: RouteContext<S extends z.ZodType ? z.output<S> : undefined>) => Promise<unknown>;
}

export const defineRoute = <S extends z.ZodType | undefined = undefined>(
  app: FastifyInstance,
  spec: RouteSpec<S>,
) => {
  const methods = Array.isArray(spec.method) ? spec.method : [spec.method];
  const checksOrigin = methods.some((m) => STATE_CHANGING.has(m));
  app.route({
    method: spec.method,
    url: spec.url,
    schema: spec.schema,
    config: spec.config,
    bodyLimit: spec.bodyLimit,
    handler: async (request, reply) => {
      if (checksOrigin && STATE_CHANGING.has(request.method)) {
        const refused = checkOrigin(request, app.config);
        if (refused) return spec.crossSite ? spec.crossSite(reply, refused) : refused;
      }
      if (spec.auth && spec.auth !== 'public') {
        const denied = await app.authorize(spec.auth, request, reply);
        if (denied) return denied;
      }
      let query: unknown;
      if (spec.query) {
        const parsed = spec.query.safeParse(request.query ?? {});
        if (!parsed.success) return invalidInput(parsed.error.issues);
        query = parsed.data;
      }
      return answeringRefusals(() =>
        spec.handler({ request, reply, app, query: query as Parameters<typeof spec.handler>[0]['query'] }),
      );
    },
  });
};
