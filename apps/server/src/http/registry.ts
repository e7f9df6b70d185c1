/**
 * The action registry: every declared action becomes `POST {base}/api/{version}/{name}.json` with
 * input validated by its contract schema, its auth level checked, and its answer wrapped in the envelope.
 * Handlers only state intent; rules live in the services.
 */
import {
  type ActionDef,
  type ActionItem,
  type ActionParsedInput,
  actionPath,
  BusinessCode,
  controlCharacterPath,
  type Envelope,
  fail,
  messages,
} from '@yuexun/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { answeringRefusals, invalidInput } from './checks';
import { sendCompressible } from './content-coding';
import { actionDocs } from './openapi';
import { checkOrigin } from './origin';
import { keptJson } from './serialised';

const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

export interface ActionContext<A extends ActionDef> {
  input: ActionParsedInput<A>;
  request: FastifyRequest;
  reply: FastifyReply;
  app: FastifyInstance;
}

export interface ActionImpl<A extends ActionDef = ActionDef> {
  def: A;
  handler: (ctx: ActionContext<A>) => Promise<Envelope<ActionItem<A>>>;
}

export const implement = <A extends ActionDef>(def: A, handler: ActionImpl<A>['handler']): ActionImpl<A> => ({
  def,
  handler,
});

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Only staff change what visitors see. A public or session action (a visitor's lead, a sign-in, one's own
 * profile) writes the caller's own rows: emptying the page cache for it would make every lead in a burst
 * re-render the site and re-run the sitemap comparison behind it.
 */
const changesWhatVisitorsSee = (def: ActionDef) =>
  def.mutates === true && (def.auth === 'tenant' || def.auth === 'admin');

export const registerActions = (app: FastifyInstance, impls: readonly ActionImpl[]) => {
  for (const impl of impls) {
    const { def } = impl;
    app.post(actionPath(def), {
      schema: actionDocs(def),
      config: { jsonApi: true },
      handler: async (request, reply) => {
        const body = request.body === undefined || request.body === null ? {} : request.body;
        if (!isPlainObject(body)) return fail(BusinessCode.BAD_REQUEST, '请求体必须是表单或 JSON 对象');
        if (def.mutates) {
          const refused = checkOrigin(request, app.config);
          if (refused) return refused;
        }
        const denied = await app.authorize(def, request, reply);
        if (denied) return denied;
        const parsed = def.input.safeParse(body);
        if (!parsed.success) return invalidInput(parsed.error.issues);
        // Builders check their text; this catches any string field that has no builder of its own.
        const dirty = controlCharacterPath(parsed.data);
        if (dirty !== null) {
          return invalidInput([
            { code: 'custom', path: dirty.split('.'), message: messages.controlCharacters(dirty), input: '' },
          ]);
        }
        const answer = await answeringRefusals(async () => {
          const answer = await impl.handler({ input: parsed.data, request, reply, app });
          // Whatever staff changed, public reads and pages show it at once (other instances: NOTIFY).
          if (changesWhatVisitorsSee(def) && answer.success) app.publicCaches.invalidate();
          return answer;
        });
        const kept = keptJson(answer);
        if (!kept) return answer;
        reply.type(JSON_CONTENT_TYPE).header('vary', 'accept-encoding').header('etag', kept.etag);
        return sendCompressible(request, reply, kept, kept.json);
      },
    });
  }
};
