/**
 * The one kind of route for callbacks from outside platforms (decision 062): the raw body is kept as it came and
 * handed to the platform's `verify` (signature checked before anything is parsed, then decrypted); a timestamp
 * outside the window is a replay; the idempotency key of an accepted callback is stored with it (unique per
 * platform), so the same callback twice is refused; the change it causes runs in the transaction that stores
 * it. Every callback, accepted or refused, leaves a line in inbound_callback (its raw body, the reason) and in
 * the log. A refusal changes nothing else.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { inboundCallback } from '../db/schema';

export type CallbackRefusal = { refused: string };

/** What `verify` made of a callback it trusts. */
export interface VerifiedCallback {
  /** Unique per platform: the same key again is a replay. */
  key: string;
  /** The platform's timestamp (seconds). */
  timestamp: number;
  event: string;
  /** The change, in the transaction that stores the callback; a string refuses it (nothing is stored). */
  apply: (tx: Db) => Promise<string | null>;
}

export interface CallbackRouteSpec {
  platform: string;
  url: string;
  windowSeconds: number;
  bodyLimit?: number;
  /** The GET a platform sends to check the address (WeCom's echostr): the text to answer, or a refusal. */
  check?: (query: Record<string, string>) => Promise<{ answer: string; timestamp: number } | CallbackRefusal>;
  verify: (raw: string, query: Record<string, string>) => Promise<VerifiedCallback | CallbackRefusal>;
  /** The answer the platform expects for an accepted callback. */
  accepted: string;
}

const queryOf = (request: FastifyRequest): Record<string, string> => {
  const query = request.query;
  const out: Record<string, string> = {};
  if (query && typeof query === 'object')
    for (const [k, v] of Object.entries(query)) if (typeof v === 'string') out[k] = v;
  return out;
};

const isRefusal = (v: object): v is CallbackRefusal => 'refused' in v;

export const registerCallbackRoute = (app: FastifyInstance, spec: CallbackRouteSpec) => {
  const { platform } = spec;
  const inWindow = (timestamp: number) =>
    Number.isFinite(timestamp) && Math.abs(Date.now() / 1000 - timestamp) <= spec.windowSeconds;

  const refuse = async (reply: FastifyReply, raw: string, reason: string, event = '') => {
    await app.db.insert(inboundCallback).values({ platform, rawBody: raw, accepted: false, reason, event });
    reply.log.warn({ platform, reason, event }, 'inbound callback refused');
    return reply.code(403).header('content-type', 'text/plain; charset=utf-8').send(reason);
  };

  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));
    const url = `${app.config.basePath}${spec.url.slice(1)}`;
    scope.route({
      method: 'GET',
      url,
      schema: { hide: true },
      handler: async (request, reply) => {
        const query = queryOf(request);
        const raw = request.raw.url ?? '';
        if (!spec.check) return reply.code(405).send();
        const checked = await spec.check(query);
        if (isRefusal(checked)) return refuse(reply, raw, checked.refused, 'check');
        if (!inWindow(checked.timestamp))
          return refuse(reply, raw, '时间戳超出允许范围（疑似重放）', 'check');
        await app.db
          .insert(inboundCallback)
          .values({ platform, rawBody: raw, accepted: true, event: 'check' });
        request.log.info({ platform }, 'inbound callback address checked');
        return reply.header('content-type', 'text/plain; charset=utf-8').send(checked.answer);
      },
    });
    scope.route({
      method: 'POST',
      url,
      bodyLimit: spec.bodyLimit ?? 64 * 1024,
      schema: { hide: true },
      handler: async (request, reply) => {
        const raw = typeof request.body === 'string' ? request.body : '';
        const verified = await spec.verify(raw, queryOf(request));
        if (isRefusal(verified)) return refuse(reply, raw, verified.refused);
        if (!inWindow(verified.timestamp))
          return refuse(reply, raw, '时间戳超出允许范围（疑似重放）', verified.event);
        const outcome = await app.db
          .transaction(async (tx) => {
            const stored = await tx
              .insert(inboundCallback)
              .values({
                platform,
                idempotencyKey: verified.key,
                rawBody: raw,
                accepted: true,
                event: verified.event,
              })
              .onConflictDoNothing()
              .returning({ id: inboundCallback.id });
            if (stored.length === 0) return { refused: '重复的回调（已处理过，疑似重放）' };
            const refused = await verified.apply(tx);
            // Rolls the stored line back with the change: the refusal is logged below instead.
            if (refused !== null) throw new RefusedInTransaction(refused);
            return null;
          })
          .catch((error: unknown) => {
            if (error instanceof RefusedInTransaction) return { refused: error.message };
            throw error;
          });
        if (outcome) return refuse(reply, raw, outcome.refused, verified.event);
        request.log.info({ platform, event: verified.event }, 'inbound callback accepted');
        return reply.header('content-type', 'text/plain; charset=utf-8').send(spec.accepted);
      },
    });
  });
};

class RefusedInTransaction extends Error {}
