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
import { type Actor, actorOf } from '../shared/audit';
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
  /**
   * Who is acting, for the audit log and the services' rules: the signed-in caller (account, selected tenant,
   * hashed address). Worked out when first read; an action without a session has none (reading it throws).
   */
  readonly actor: Actor;
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
          let actor: Actor | undefined;
          const answer = await impl.handler({
            input: parsed.data,
            request,
            reply,
            app,
            get actor() {
              actor ??= actorOf(app, request);
              return actor;
            },
          });
          // What the action declares visitors see changed shows at once (other instances: NOTIFY); a lead,
          // a colleague or a saved view leaves every rendered page as it was.
          if (def.affectsSite && answer.success) app.publicCaches.invalidate();
          else if (def.affectsLeadIntake && answer.success) app.publicCaches.invalidateReads();
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
