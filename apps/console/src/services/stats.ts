/** 数据统计 calls (store base, vendor admin): overview, tables, spider log, their CSV links, and the search-engine push log. */
import {
  inquireFormConversionAdmin,
  inquireSearchPushListAdmin,
  inquireSearchPushStatusAdmin,
  inquireSpiderLogAdmin,
  inquireStatsOverviewAdmin,
  inquireStatsTableAdmin,
  resendSearchPushAdmin,
  type StatsRange,
  type StatsTable,
  statsCsvExport,
} from '@yuexun/contract';
import { call, callList, callOne } from './client';

export const loadOverview = async (range: StatsRange) => callOne(inquireStatsOverviewAdmin, { range });

/** 表单转化: views, submissions and rate per form (decision 057). */
export const loadFormConversion = async (range: StatsRange) =>
  (await call(inquireFormConversionAdmin, { range })).datas;

export const listStatsTable = (table: StatsTable, range: StatsRange, pageIndex = 1, pageSize = 10) =>
  callList(inquireStatsTableAdmin, { table, range, pageIndex, pageSize });

export type SpiderQuery = Parameters<typeof callList<typeof inquireSpiderLogAdmin>>[1];

export const listSpiderLog = (query: SpiderQuery) => callList(inquireSpiderLogAdmin, query);

/** A plain link: the browser downloads the file with the session cookie. */
export const statsCsvUrl = (
  table: StatsTable | 'spiders',
  range: StatsRange,
  /** The spider log's filters as the list has them: the file holds the rows the list shows. */
  filters: { spider?: string | undefined; path?: string | undefined; verified?: string | undefined } = {},
) => {
  const query = new URLSearchParams({ table, range });
  for (const [name, value] of Object.entries(filters)) if (value) query.set(name, value);
  return `${statsCsvExport.path}?${query}`;
};

export type PushQuery = Parameters<typeof callList<typeof inquireSearchPushListAdmin>>[1];

export const listPushes = (query: PushQuery) => callList(inquireSearchPushListAdmin, query);

export const loadPushStatus = async () => callOne(inquireSearchPushStatusAdmin, {});

export const resendPush = (id: number) => call(resendSearchPushAdmin, { pushId: id });
