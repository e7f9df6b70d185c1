/**
 * Ad conversion feedback over the outbox (docs/decisions/053, 017): `app.adConversions.queue(tx, leadId, event)`
 * runs in the transaction of the lead's step (created, 有效, 成交) and queues one conversion per platform that is
 * on and that the lead's click came from (ad-conversions.service.ts). The handlers registered here deliver them:
 * Baidu oCPC through shared/platforms/baidu-ocpc.ts, the generic webhook as a signed JSON POST. A failure is
 * retried with the outbox's backoff and its Chinese reason kept on the conversion and in the delivery log; a
 * conversion already sent is never sent again (an outbox claim whose lease ran out after the send).
 */
import {
  AD_EVENT_LABELS,
  type AdEvent,
  adConversionKind,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMESTAMP_HEADER,
} from '@yuexun/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client';
import { type OutboxJob, PermanentError } from '../shared/outbox';
import { uploadBaiduConversions } from '../shared/platforms/baidu-ocpc';
import {
  baiduReady,
  type CheckWebhookUrl,
  newTypeOf,
  readAdConversionSettings,
  webhookReady,
} from './ad-conversion-settings.service';
import { findConversion, firstClick, queueConversions, recordOutcome } from './ad-conversions.service';

export interface AdConversionsApi {
  queue: (tx: Db, leadId: number, event: AdEvent) => Promise<void>;
  checkWebhookUrl: CheckWebhookUrl;
}

/** What the plugin borrows from the alert webhooks, handed in by app.ts (the import rule, decision 023). */
export interface AdConversionsOptions {
  checkWebhookUrl: (url: string, allowPrivate: boolean, field: string) => Promise<unknown>;
  webhookSignature: (timestampSeconds: string, body: string, secret: string) => string;
}

type Conversion = NonNullable<Awaited<ReturnType<typeof findConversion>>>;

export const adConversionsPlugin = fp<AdConversionsOptions>(
  async (app: FastifyInstance, options) => {
    const { config } = app;
    const checkWebhookUrl: CheckWebhookUrl = (url, field) =>
      options.checkWebhookUrl(url, config.alerts.allowPrivateHosts, field);
    app.decorate('adConversions', {
      queue: (tx, leadId, event) => queueConversions(tx, leadId, event, config.outbox.maxAttempts),
      checkWebhookUrl,
    } satisfies AdConversionsApi);

    /** Runs one delivery and records its outcome on the conversion; throws for the outbox to retry. */
    const deliver = async (job: OutboxJob, send: (c: Conversion) => Promise<string>) => {
      const id = job.payload.conversionId;
      if (typeof id !== 'number') throw new PermanentError('回传内容无效');
      const conversion = await findConversion(app.db, id);
      if (!conversion) throw new PermanentError('线索已不存在');
      if (conversion.status === 'sent') return;
      try {
        const answer = await send(conversion);
        await recordOutcome(app.db, id, 'sent', answer);
        job.log.info({ conversionId: id, answer }, 'ad conversion sent');
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        const final = error instanceof PermanentError || job.attempt >= job.maxAttempts;
        await recordOutcome(app.db, id, final ? 'failed' : 'pending', reason);
        throw error;
      }
    };

    const timing = (job: OutboxJob) => ({ timeoutMs: config.alerts.timeoutMs, signal: job.signal });

    app.outbox.registerHandler(adConversionKind('baidu'), (job) =>
      deliver(job, async (c) => {
        const settings = await readAdConversionSettings(app.db);
        if (!baiduReady(settings)) throw new PermanentError('百度 oCPC 回传已停用或 Token 已清空');
        const newType = newTypeOf(settings, c.event);
        return uploadBaiduConversions(
          config.adConversions.baiduUrl,
          settings.baiduToken,
          [{ logidUrl: c.logidUrl, newType }],
          timing(job),
        );
      }),
    );

    app.outbox.registerHandler(adConversionKind('webhook'), (job) =>
      deliver(job, async (c) => {
        const settings = await readAdConversionSettings(app.db);
        if (!webhookReady(settings)) throw new PermanentError('Webhook 回传已停用或地址、密钥已清空');
        await checkWebhookUrl(settings.webhookUrl, 'webhookUrl').catch((error: unknown) => {
          throw new PermanentError(error instanceof Error ? error.message : String(error));
        });
        const click = firstClick(c);
        const body = JSON.stringify({
          platform: click?.platform ?? '',
          clickId: click?.clickId ?? '',
          event: c.event,
          eventLabel: AD_EVENT_LABELS[c.event],
          leadId: c.leadId,
          // The conversion's own time: a retry an hour later still reports when the lead took the step.
          time: c.createdAt.toISOString(),
        });
        const timestamp = String(Math.floor(Date.now() / 1000));
        const { timeoutMs, signal } = timing(job);
        let res: Response;
        try {
          res = await fetch(settings.webhookUrl, {
            method: 'POST',
            headers: {
              'content-type': 'application/json; charset=utf-8',
              [WEBHOOK_TIMESTAMP_HEADER]: timestamp,
              [WEBHOOK_SIGNATURE_HEADER]: options.webhookSignature(timestamp, body, settings.webhookSecret),
            },
            body,
            redirect: 'manual',
            signal: AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]),
          });
        } catch (error) {
          const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : '';
          throw new Error(`无法连接接收地址${cause ? `：${cause.slice(0, 200)}` : '（超时或中断）'}`);
        }
        if (res.status < 200 || res.status >= 300) throw new Error(`接收方返回 HTTP ${res.status}`);
        return `接收方返回 HTTP ${res.status}`;
      }),
    );
  },
  { name: 'ad-conversions', dependencies: ['outbox', 'database'] },
);
