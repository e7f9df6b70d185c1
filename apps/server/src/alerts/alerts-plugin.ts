/**
 * Lead alerts over the outbox (docs/decisions/017, 024): `app.alerts.queueLeadAlerts(tx, leadId)` runs in the
 * lead's transaction and queues one `alert.send` message per enabled channel; the handler registered here
 * formats the lead and sends it. A failed send throws (the outbox retries with backoff); a channel deleted or
 * disabled meanwhile, a lead gone, or an address no longer allowed fail at once (PermanentError).
 */
import { ALERT_OUTBOX_KIND, alertChannelKindLabels } from '@yuexun/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import type { Db } from '../db/client';
import { BusinessError } from '../shared/errors';
import { enqueue, PermanentError } from '../shared/outbox';
import { configOf, enabledChannels, findChannel, leadRegion, routesRegion } from './alert-channel.service';
import { type LinkBase, leadAlertMessage } from './alert-message';
import { sendAlert } from './alert-senders';

export interface AlertsApi {
  /** Queues the alerts of a new lead; call inside the transaction that stores it. */
  queueLeadAlerts: (tx: Db, leadId: number) => Promise<void>;
  linkBase: LinkBase;
}

/** What an `alert.send` row carries; read back from the outbox's JSON, so checked rather than trusted. */
const alertPayload = z.object({
  channelId: z.number().int().positive(),
  leadId: z.number().int().positive(),
});
type AlertPayload = z.infer<typeof alertPayload>;

export const alertsPlugin = fp<{ consolePath: string }>(
  async (app: FastifyInstance, options) => {
    const linkBase: LinkBase = {
      origin: app.config.publicOrigin,
      consolePath: `${app.config.basePath}${options.consolePath}`,
    };
    const queueLeadAlerts = async (tx: Db, leadId: number) => {
      const region = await leadRegion(tx, leadId);
      for (const channel of await enabledChannels(tx)) {
        if (!routesRegion(configOf(channel), region)) continue;
        await enqueue(tx, ALERT_OUTBOX_KIND, { channelId: channel.id, leadId } satisfies AlertPayload, {
          label: `新线索 #${leadId} → ${channel.name}（${alertChannelKindLabels[channel.kind]}）`,
          subject: { type: 'lead', id: leadId },
          maxAttempts: app.config.outbox.maxAttempts,
        });
      }
    };
    app.decorate('alerts', { queueLeadAlerts, linkBase } satisfies AlertsApi);

    app.outbox.registerHandler(ALERT_OUTBOX_KIND, async (job) => {
      const payload = alertPayload.safeParse(job.payload);
      if (!payload.success) throw new PermanentError('通知内容无效');
      const { channelId, leadId } = payload.data;
      const channel = await findChannel(app.db, channelId);
      if (!channel) throw new PermanentError('通知渠道已删除');
      if (!channel.enabled) throw new PermanentError('通知渠道已停用');
      const message = await leadAlertMessage(app.db, leadId, linkBase);
      if (!message) throw new PermanentError('线索已不存在');
      try {
        const answer = await sendAlert(channel.kind, configOf(channel), message, {
          timeoutMs: app.config.alerts.timeoutMs,
          allowPrivate: app.config.alerts.allowPrivateHosts,
          signal: job.signal,
        });
        job.log.info({ channelId, leadId, answer }, 'lead alert sent');
      } catch (error) {
        if (error instanceof BusinessError) throw new PermanentError(error.message);
        throw error;
      }
    });
  },
  { name: 'alerts', dependencies: ['outbox', 'database'] },
);
