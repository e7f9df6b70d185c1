/**
 * The editors' one AI route (contract aiSuggestStream, docs/decisions/055): POST JSON, checked like an action
 * (same origin, signed in as site staff, the input by its contract schema, then the target's write permission),
 * refused as the JSON envelope when AI 助手 is off, the budget is spent or the person asks too often; otherwise
 * answered as text/event-stream. Each `text` event carries the sanitised answer so far; a fault after the start is
 * an `error` event that keeps what came. The editor leaving closes the call to the model.
 */
import { PassThrough } from 'node:stream';
import {
  AI_TARGET_PERMISSIONS,
  type AiStreamEvent,
  type AiTask,
  aiMessages,
  aiSuggestStream,
  BusinessCode,
  fail,
  messages,
} from '@yuexun/contract';
import type { FastifyInstance } from 'fastify';
import { authOf } from '../http/auth-plugin';
import { invalidInput } from '../http/checks';
import { accessDescription } from '../http/openapi';
import { defineRoute } from '../http/route';
import { AiFault, type ChatMessage, streamChat } from '../shared/platforms/openai-chat';
import { sanitizeRichText } from '../shared/rich-text';
import { buildMessages, plainTextOf } from './ai-prompts';
import { aiReady, readAiSettings } from './ai-settings.service';
import { type AiOutcome, finishAiRequest, startAiRequest } from './ai-usage.service';

/** The longest answer asked for per task (tokens); never more than the budget left. */
const MAX_TOKENS: Record<AiTask, number> = {
  titles: 200,
  seo: 400,
  summary: 400,
  alt: 120,
  polish: 1500,
  translate: 3000,
};
/** Pieces arrive faster than a panel can show them: the answer so far goes out at most this often. */
const SEND_EVERY_MS = 80;
/** Tokens counted when the API gives no usage: about one a character for Chinese, on both sides. */
const estimateTokens = (prompt: string, answer: string) => [...prompt].length + [...answer].length;

/** What the kept prompt says in place of a picture's bytes (the review log stays small and readable). */
const pictureStandIn = (uuid: string) => `[图片 ${uuid}]`;

/** The messages as kept for review and counted: a picture's bytes replaced by a line naming it. */
const keptMessages = (chat: ChatMessage[], fileUuid: string | undefined): ChatMessage[] =>
  chat.map((m) =>
    typeof m.content === 'string'
      ? m
      : {
          ...m,
          content: m.content.map((part) =>
            part.type === 'image_url' ? { type: 'text', text: pictureStandIn(fileUuid ?? '') } : part,
          ),
        },
  );

/** An answer as the panel may show it: sanitised as rich text, then plain text (the fields take text). */
export const cleanAnswer = (raw: string) => plainTextOf(sanitizeRichText(raw));

export const registerAiStream = (app: FastifyInstance, idleMs: number) =>
  defineRoute(app, {
    method: 'POST',
    url: aiSuggestStream.path,
    auth: aiSuggestStream,
    schema: {
      summary: 'AI 助手：为文章或产品编辑器流式生成建议（text/event-stream）',
      tags: ['store'],
      description: `${accessDescription(aiSuggestStream)} 另需该编辑对象的编辑权限（文章：编辑文章；产品：管理产品和标签）。成功时为 text/event-stream，每条 data 为 JSON：{"type":"text","text":…}（到目前为止的回答）、{"type":"done","text":…,"tokens":…} 或 {"type":"error","message":…,"text":…}；开始前的拒绝为 JSON 失败信封。`,
    },
    handler: async ({ request, reply }) => {
      const parsed = aiSuggestStream.input.safeParse(request.body ?? {});
      if (!parsed.success) return invalidInput(parsed.error.issues);
      const input = parsed.data;
      const needed = AI_TARGET_PERMISSIONS[input.target];
      const auth = authOf(request);
      if (!auth.permissions.includes(needed))
        return fail(BusinessCode.FORBIDDEN, messages.permissionMissing(needed));
      const settings = await readAiSettings(app.db);
      if (!aiReady(settings)) return fail(BusinessCode.NOT_CONFIGURED, aiMessages.notConfigured);
      const picture =
        input.task === 'alt' && input.fileUuid && settings.vision
          ? await app.aiHelp.pictureForModel(auth, input.fileUuid)
          : undefined;
      // A picture of ours the body names no file for (the editor writes a real alt): the model gets its stored name.
      const named =
        input.task === 'alt' && input.fileUuid && !input.fileName
          ? { ...input, fileName: await app.aiHelp.pictureName(auth, input.fileUuid) }
          : input;
      const chat = buildMessages(named, undefined, picture);
      if (!chat) return fail(BusinessCode.BAD_REQUEST, aiMessages.nothingToWork);
      const kept = keptMessages(chat, input.fileUuid);
      const started = await startAiRequest(app.db, settings, auth.accountId, {
        target: input.target,
        task: input.task,
        messages: kept,
      });

      const out = new PassThrough();
      const stop = new AbortController();
      reply.raw.on('close', () => stop.abort());
      const send = (event: AiStreamEvent) => out.write(`data: ${JSON.stringify(event)}\n\n`);
      const run = async (): Promise<AiOutcome> => {
        let raw = '';
        let tokens: number | null = null;
        let sentAt = 0;
        try {
          for await (const piece of streamChat({
            baseUrl: settings.baseUrl,
            apiKey: settings.apiKey,
            model: settings.model,
            messages: chat,
            maxTokens: Math.max(1, Math.min(MAX_TOKENS[input.task], started.remaining)),
            idleMs,
            signal: stop.signal,
          })) {
            if (piece.kind === 'usage') tokens = piece.totalTokens;
            else {
              raw += piece.text;
              if (Date.now() - sentAt >= SEND_EVERY_MS) {
                sentAt = Date.now();
                send({ type: 'text', text: cleanAnswer(raw) });
              }
            }
          }
          const text = cleanAnswer(raw);
          const used = tokens ?? estimateTokens(JSON.stringify(kept), raw);
          if (!text) {
            send({ type: 'error', message: aiMessages.empty, text: '' });
            return { status: 'failed', answer: raw, fault: aiMessages.empty, tokens: used };
          }
          send({ type: 'done', text, tokens: used });
          return { status: 'done', answer: raw, fault: '', tokens: used };
        } catch (error) {
          if (!(error instanceof AiFault)) request.log.error({ err: error }, 'AI suggestion failed');
          const message = error instanceof AiFault ? error.message : aiMessages.unreachable;
          const text = cleanAnswer(raw);
          send({ type: 'error', message, text });
          const used = raw ? (tokens ?? estimateTokens(JSON.stringify(kept), raw)) : (tokens ?? 0);
          return { status: raw ? 'cut' : 'failed', answer: raw, fault: message, tokens: used };
        } finally {
          out.end();
        }
      };
      run()
        .then((outcome) => finishAiRequest(app.db, started.id, auth.accountId, outcome))
        .catch((err: unknown) => request.log.error({ err }, 'AI suggestion not recorded'));
      return reply
        .type('text/event-stream; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('x-accel-buffering', 'no')
        .send(out);
    },
  });
