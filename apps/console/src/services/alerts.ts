/** 通知渠道 calls (store base, vendor admin): channels, 发送测试消息, the delivery log and 重发. */
import {
  type AlertChannel,
  createAlertChannelAdmin,
  deleteAlertChannelAdmin,
  inquireAlertChannelListAdmin,
  inquireAlertDeliveryListAdmin,
  resendAlertDeliveryAdmin,
  testAlertChannelAdmin,
  updateAlertChannelAdmin,
} from '@yuexun/contract';
import { call, callList, callOne } from './client';

export type ChannelInput = Parameters<typeof call<typeof createAlertChannelAdmin>>[1];
export type ChannelChange = Omit<
  NonNullable<Parameters<typeof call<typeof updateAlertChannelAdmin>>[1]>,
  'channelId' | 'version'
>;

export const listChannels = async () => (await call(inquireAlertChannelListAdmin, {})).datas;

export const createChannel = async (input: NonNullable<ChannelInput>) =>
  callOne(createAlertChannelAdmin, input);

export const updateChannel = async (channel: AlertChannel, change: ChannelChange) =>
  callOne(updateAlertChannelAdmin, { ...change, channelId: channel.id, version: channel.version });

export const deleteChannel = (channel: AlertChannel) =>
  call(deleteAlertChannelAdmin, { channelId: channel.id });

/** The platform's answer (success message); a failure throws with the answer as its message, shown by the caller. */
export const testChannel = async (channel: AlertChannel) => {
  const answer = await call(testAlertChannelAdmin, { channelId: channel.id }, { quiet: true });
  return answer.message ?? answer.datas[0]?.answer ?? '';
};

export type DeliveryQuery = Parameters<typeof callList<typeof inquireAlertDeliveryListAdmin>>[1];

export const listDeliveries = (query: DeliveryQuery) => callList(inquireAlertDeliveryListAdmin, query);

export const resendDelivery = (id: number) => call(resendAlertDeliveryAdmin, { deliveryId: id });
