/**
 * Lead alerts over the outbox (docs/decisions/017, 024, 027): `app.alerts.queueLeadAlerts(tx, leadId)` runs in
 * the lead's transaction and queues one `alert.send` message per enabled channel that takes the lead's kind
 * and region; `queueAssigned` and `queueReminder` do the same for a notice to the lead's owner (a new owner,
 * a follow-up due), the reminder due at the follow-up's date. The handlers registered here format the lead
 * and send it. A failed send throws (the outbox retries with backoff); a channel deleted or disabled
 * meanwhile, a lead gone, an address no longer allowed or a reminder a later follow-up replaced fail at once
 * (PermanentError).
 */
import {
  ALERT_ASSIGNED_KIND,
  ALERT_NOTICE_KIND,
  ALERT_OUTBOX_KIND,
  ALERT_REMINDER_KIND,
  alertChannelKindLabels,
  type RoutedLead,
  routesLead,
} from '@yuexun/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import type { Db } from '../db/client';
import { customerIntention, leadFollowUp } from '../db/schema';
import { BusinessError } from '../shared/errors';
import type { DeliveryOutcome } from '../shared/metrics/metrics';
import { enqueueMany, type OutboxJob, type OutboxMessage, outbox, PermanentError } from '../shared/outbox';
import {
  type ChannelRow,
  configOf,
  enabledChannels,
  findChannel,
  leadRouting,
} from './alert-channel.service';
import { type AlertMessage, type LinkBase, leadAlertMessage, leadNoticeMessage } from './alert-message';
import { sendAlert } from './alert-senders';

const ENABLED_CHANNELS_CACHE_KEY = 'alert-channels:enabled';

export interface AlertsApi {
  /**
   * The enabled channels through the read cache (staff edits empty it). Read before a new lead's
   * transaction: on the embedded database a read outside a transaction waits for it to end.
   */
  enabledChannels: () => Promise<ChannelRow[]>;
  /** Queues the alerts of a new lead to `channels` that take it; call inside the transaction that stores it. */
  queueLeadAlerts: (
    tx: Db,
    lead: RoutedLead & { id: number },
    channels: readonly ChannelRow[],
  ) => Promise<void>;
  /** Tells the lead's new owner over the lead's channels; call inside the transaction that assigns it. */
  queueAssigned: (tx: Db, leadId: number, ownerAccountId: number) => Promise<void>;
  /** Reminds the lead's owner of follow-up `followUpId` at `dueAt`, over the lead's channels. */
  queueReminder: (tx: Db, leadId: number, followUpId: number, dueAt: Date) => Promise<void>;
  /**
   * Tells every enabled channel something about the site itself (a failed backup), whatever kinds and regions
   * it takes; call inside the transaction that records it.
   */
  queueNotice: (tx: Db, notice: SiteNotice) => Promise<void>;
  /** Drops the lead's reminders that are still waiting. */
  cancelReminders: (tx: Db, leadId: number) => Promise<void>;
  linkBase: LinkBase;
}

export interface SiteNotice {
  title: string;
  lines: [string, string][];
  data: Record<string, unknown>;
}

const noticePayload = z.object({
  channelId: z.number().int().positive(),
  title: z.string(),
  lines: z.array(z.tuple([z.string(), z.string()])),
  data: z.record(z.string(), z.unknown()),
});

/** What an `alert.*` row carries; read back from the outbox's JSON, so checked rather than trusted. */
const alertPayload = z.object({
  channelId: z.number().int().positive(),
  leadId: z.number().int().positive(),
});
const assignedPayload = alertPayload.extend({ ownerAccountId: z.number().int().positive() });
const reminderPayload = alertPayload.extend({ followUpId: z.number().int().positive() });

export const alertsPlugin = fp<{ consolePath: string }>(
  async (app: FastifyInstance, options) => {
    const linkBase: LinkBase = {
      origin: app.config.publicOrigin,
      consolePath: `${app.config.basePath}${options.consolePath}`,
      basePath: app.config.basePath,
    };

    /**
     * One message per enabled channel that takes the lead (its kind and region), written in one insert.
     * `known`: a lead just stored, with the channels read before its transaction: no read in it.
     */
    const queuePerChannel = async (
      tx: Db,
      leadId: number,
      kind: string,
      payload: Record<string, unknown>,
      label: string,
      extra: {
        dueAt?: Date;
        dedupeKey?: (channelId: number) => string;
        known?: { lead: RoutedLead; channels: readonly ChannelRow[] };
      } = {},
    ) => {
      const lead = extra.known?.lead ?? (await leadRouting(tx, leadId));
      if (!lead) return;
      const messages: OutboxMessage[] = (extra.known?.channels ?? (await enabledChannels(tx)))
        .filter((channel) => routesLead(configOf(channel), lead))
        .map((channel) => ({
          kind,
          payload: { channelId: channel.id, leadId, ...payload },
          options: {
            label: `${label} → ${channel.name}（${alertChannelKindLabels[channel.kind]}）`,
            subject: { type: 'lead', id: leadId },
            maxAttempts: app.config.outbox.maxAttempts,
            ...(extra.dueAt ? { dueAt: extra.dueAt } : {}),
            ...(extra.dedupeKey ? { dedupeKey: extra.dedupeKey(channel.id) } : {}),
          },
        }));
      await enqueueMany(tx, messages);
    };

    const api: AlertsApi = {
      linkBase,
      enabledChannels: () => app.readCache.get(ENABLED_CHANNELS_CACHE_KEY, () => enabledChannels(app.db)),
      queueLeadAlerts: (tx, lead, channels) =>
        queuePerChannel(tx, lead.id, ALERT_OUTBOX_KIND, {}, `新线索 #${lead.id}`, {
          known: { lead, channels },
        }),
      queueAssigned: (tx, leadId, ownerAccountId) =>
        queuePerChannel(tx, leadId, ALERT_ASSIGNED_KIND, { ownerAccountId }, `分配线索 #${leadId}`),
      queueReminder: (tx, leadId, followUpId, dueAt) =>
        queuePerChannel(tx, leadId, ALERT_REMINDER_KIND, { followUpId }, `跟进提醒 #${leadId}`, {
          dueAt,
          dedupeKey: (channelId) => `reminder:${followUpId}:${channelId}`,
        }),
      queueNotice: async (tx, notice) =>
        void (await enqueueMany(
          tx,
          (
            await enabledChannels(tx)
          ).map((channel) => ({
            kind: ALERT_NOTICE_KIND,
            payload: { channelId: channel.id, ...notice },
            options: {
              label: `${notice.title} → ${channel.name}（${alertChannelKindLabels[channel.kind]}）`,
              maxAttempts: app.config.outbox.maxAttempts,
            },
          })),
        )),
      cancelReminders: async (tx, leadId) => {
        await tx
          .delete(outbox)
          .where(
            and(
              eq(outbox.kind, ALERT_REMINDER_KIND),
              eq(outbox.subjectType, 'lead'),
              eq(outbox.subjectId, String(leadId)),
              inArray(outbox.status, ['pending', 'retrying']),
            ),
          );
      },
    };
    app.decorate('alerts', api);

    /** Sends one message over the channel the row names, as it is configured now. */
    const deliver = async (job: OutboxJob, channelId: number, message: AlertMessage | null) => {
      const channel = await findChannel(app.db, channelId);
      if (!channel) throw new PermanentError('通知渠道已删除');
      if (!channel.enabled) throw new PermanentError('通知渠道已停用');
      if (!message) throw new PermanentError('线索已不存在');
      // Each attempt is counted with its outcome; an e-mail channel's attempt is also a mail sent or not.
      const count = (outcome: DeliveryOutcome) => {
        app.metrics.alertDeliveries.inc({ channel_type: channel.kind, outcome });
        if (channel.kind === 'email') app.metrics.mail.inc({ purpose: 'alert', outcome });
      };
      try {
        const answer = await sendAlert(channel.kind, configOf(channel), message, {
          timeoutMs: app.config.alerts.timeoutMs,
          allowPrivate: app.config.alerts.allowPrivateHosts,
          signal: job.signal,
        });
        count('sent');
        job.log.info({ channelId, kind: job.kind, answer }, 'lead alert sent');
      } catch (error) {
        count('failed');
        if (error instanceof BusinessError) throw new PermanentError(error.message);
        throw error;
      }
    };

    const parse = <T extends z.ZodType>(schema: T, job: OutboxJob): z.infer<T> => {
      const payload = schema.safeParse(job.payload);
      if (!payload.success) throw new PermanentError('通知内容无效');
      return payload.data;
    };

    app.outbox.registerHandler(ALERT_OUTBOX_KIND, async (job) => {
      const { channelId, leadId } = parse(alertPayload, job);
      await deliver(job, channelId, await leadAlertMessage(app.db, leadId, linkBase));
    });

    app.outbox.registerHandler(ALERT_NOTICE_KIND, async (job) => {
      const { channelId, title, lines, data } = parse(noticePayload, job);
      await deliver(job, channelId, { title, lines, link: null, data });
    });

    app.outbox.registerHandler(ALERT_ASSIGNED_KIND, async (job) => {
      const { channelId, leadId, ownerAccountId } = parse(assignedPayload, job);
      const message = await leadNoticeMessage(app.db, leadId, { type: 'assigned', ownerAccountId }, linkBase);
      await deliver(job, channelId, message);
    });

    app.outbox.registerHandler(ALERT_REMINDER_KIND, async (job) => {
      const { channelId, leadId, followUpId } = parse(reminderPayload, job);
      // Still the lead's next follow-up? A later one replaces it (and drops this row); so does closing the lead.
      const [current] = await app.db
        .select({
          nextAt: leadFollowUp.nextAt,
          note: leadFollowUp.note,
          due: customerIntention.nextFollowUpAt,
        })
        .from(leadFollowUp)
        .innerJoin(customerIntention, eq(customerIntention.id, leadFollowUp.leadId))
        .where(and(eq(leadFollowUp.id, followUpId), eq(leadFollowUp.leadId, leadId)));
      if (!current?.nextAt || current.due?.getTime() !== current.nextAt.getTime())
        throw new PermanentError('提醒已失效：之后有新的跟进计划，或线索已结束');
      const notice = { type: 'reminder' as const, followUpId, nextAt: current.nextAt, note: current.note };
      await deliver(job, channelId, await leadNoticeMessage(app.db, leadId, notice, linkBase));
    });
  },
  { name: 'alerts', dependencies: ['outbox', 'database', 'metrics'] },
);
