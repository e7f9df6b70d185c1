/**
 * AI 助手 (docs/decisions/055): the editors' streaming route, the address check of the settings, and the
 * retention job that deletes prompts and answers after AI_LIMITS.keepDays (a recurring outbox job, one instance
 * at a time, like the lead retention).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AuthContext } from '../http/auth-plugin';
import type { CheckBaseUrl } from './ai-settings.service';
import { registerAiStream } from './ai-stream';
import { deleteExpiredAiRequests } from './ai-usage.service';

export interface AiHelpApi {
  checkBaseUrl: CheckBaseUrl;
  /** A stored picture this person may read, as the data: URL a vision model takes (files/picture-for-model.ts). */
  pictureForModel: (auth: AuthContext, uuid: string) => Promise<string>;
  /** The stored name of a picture this person may read (files/picture-for-model.ts). */
  pictureName: (auth: AuthContext, uuid: string) => Promise<string | undefined>;
}

/**
 * What the plugin borrows from the alert webhooks and the files, handed in by app.ts (the import rule,
 * decision 023).
 */
export interface AiHelpOptions {
  checkWebhookUrl: (url: string, allowPrivate: boolean, field: string) => Promise<unknown>;
  pictureForModel: (app: FastifyInstance, auth: AuthContext, uuid: string) => Promise<string>;
  pictureNameFor: (app: FastifyInstance, auth: AuthContext, uuid: string) => Promise<string | undefined>;
}

export const AI_RETENTION_KIND = 'ai-retention';
const RETENTION_EVERY_MS = 60 * 60 * 1000;

export const aiHelpPlugin = fp<AiHelpOptions>(
  async (app: FastifyInstance, options) => {
    const { config } = app;
    app.decorate('aiHelp', {
      checkBaseUrl: (url, field) => options.checkWebhookUrl(url, config.alerts.allowPrivateHosts, field),
      pictureForModel: (auth, uuid) => options.pictureForModel(app, auth, uuid),
      pictureName: (auth, uuid) => options.pictureNameFor(app, auth, uuid),
    } satisfies AiHelpApi);
    registerAiStream(app, config.ai.idleMs);
    app.outbox.registerHandler(AI_RETENTION_KIND, async () => {
      const n = await deleteExpiredAiRequests(app.db);
      if (n > 0) app.log.info({ deleted: n }, 'AI prompts and answers past the review period deleted');
    });
    app.outbox.schedule(AI_RETENTION_KIND, AI_RETENTION_KIND, RETENTION_EVERY_MS);
  },
  { name: 'ai-help', dependencies: ['outbox', 'database', 'auth'] },
);
