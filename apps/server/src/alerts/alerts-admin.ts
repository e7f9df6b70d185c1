/** 通知渠道 and the delivery log (site admins): channel CRUD, 发送测试消息, the alert outbox and 重发. */
import {
  ALERT_OUTBOX_PREFIX,
  alertMessages,
  BusinessCode,
  createAlertChannelAdmin,
  deleteAlertChannelAdmin,
  inquireAlertChannelListAdmin,
  inquireAlertDeliveryListAdmin,
  offsetOf,
  ok,
  resendAlertDeliveryAdmin,
  testAlertChannelAdmin,
  toPaging,
  updateAlertChannelAdmin,
} from '@yuexun/contract';
import { implement } from '../http/registry';
import { BusinessError } from '../shared/errors';
import { listOutbox, resend } from '../shared/outbox';
import {
  configOf,
  createChannel,
  deleteChannel,
  findChannel,
  listChannels,
  updateChannel,
} from './alert-channel.service';
import { testAlertMessage } from './alert-message';
import { sendAlert } from './alert-senders';

export const alertActions = [
  implement(inquireAlertChannelListAdmin, async ({ app }) => ok(await listChannels(app.db))),
  implement(createAlertChannelAdmin, async ({ input, app, actor }) => {
    const { siteId: _siteId, ...values } = input;
    return ok([await createChannel(app.db, actor, values, app.config.alerts.allowPrivateHosts)]);
  }),
  implement(updateAlertChannelAdmin, async ({ input, app, actor }) => {
    const { siteId: _siteId, ...values } = input;
    return ok([await updateChannel(app.db, actor, values, app.config.alerts.allowPrivateHosts)]);
  }),
  implement(deleteAlertChannelAdmin, async ({ input, app, actor }) =>
    ok([await deleteChannel(app.db, actor, input.channelId)]),
  ),
  implement(testAlertChannelAdmin, async ({ input, app }) => {
    const channel = await findChannel(app.db, input.channelId);
    if (!channel)
      throw new BusinessError(BusinessCode.NOT_FOUND, alertMessages.channelMissing, [
        { field: 'channelId', message: alertMessages.channelMissing },
      ]);
    try {
      const answer = await sendAlert(channel.kind, configOf(channel), testAlertMessage(channel.name), {
        timeoutMs: app.config.alerts.timeoutMs,
        allowPrivate: app.config.alerts.allowPrivateHosts,
      });
      return { ...ok([{ answer }]), message: alertMessages.testSent(answer) };
    } catch (error) {
      if (error instanceof BusinessError) throw error;
      const answer = error instanceof Error ? error.message : String(error);
      throw new BusinessError(BusinessCode.BAD_REQUEST, alertMessages.testFailed(answer));
    }
  }),
  implement(inquireAlertDeliveryListAdmin, async ({ input, app }) => {
    const { rows, total } = await listOutbox(app.db, {
      kindPrefix: ALERT_OUTBOX_PREFIX,
      status: input.status,
      offset: offsetOf(input),
      limit: input.pageSize,
    });
    const items = rows.map((r) => ({
      id: r.id,
      label: r.label,
      status: r.status,
      attempts: r.attempts,
      maxAttempts: r.maxAttempts,
      lastError: r.lastError,
      subjectType: r.subjectType,
      subjectId: r.subjectId,
      createdAt: r.createdAt.toISOString(),
      dueAt: r.dueAt.toISOString(),
      sentAt: r.sentAt?.toISOString() ?? null,
    }));
    return ok(items, toPaging(input, total));
  }),
  implement(resendAlertDeliveryAdmin, async ({ input, app }) => {
    if (!(await resend(app.db, input.deliveryId, ALERT_OUTBOX_PREFIX)))
      throw new BusinessError(BusinessCode.NOT_FOUND, alertMessages.deliveryMissing, [
        { field: 'deliveryId', message: alertMessages.deliveryMissing },
      ]);
    return ok([{ id: input.deliveryId }]);
  }),
];
