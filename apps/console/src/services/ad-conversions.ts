/** 广告转化回传 calls (contract: packages/contract/src/ad-conversions.ts). */
import {
  inquireAdConversionCountsAdmin,
  inquireAdConversionSettingsAdmin,
  updateAdConversionSettingsAdmin,
} from '@yuexun/contract';
import type { ActionArgs } from '@yuexun/request';
import { call, callOne, JSON_BODY } from './client';

export const loadAdConversionSettings = async () => callOne(inquireAdConversionSettingsAdmin);
export const saveAdConversionSettings = async (input: ActionArgs<typeof updateAdConversionSettingsAdmin>) =>
  callOne(updateAdConversionSettingsAdmin, input, JSON_BODY);
export const listAdConversionCounts = async () => (await call(inquireAdConversionCountsAdmin, {})).datas;
