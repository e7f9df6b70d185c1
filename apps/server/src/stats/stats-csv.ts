/**
 * Dashboard tables and the spider log as CSV for Excel, with the same rules as the leads export:
 * UTF-8 with BOM, CRLF, RFC 4180 quoting, formula-looking cells defused (a referrer or a search word is
 * a visitor's text).
 */
import {
  type SpiderLogEntry,
  type StatsRange,
  type StatsRow,
  type StatsTable,
  spiderLabels,
  spiderLogColumns,
  spiderVerificationLabels,
  statsMetricLabels,
  statsTableColumns,
  statsTableLabels,
} from '@yuexun/contract';
import { stringify } from 'csv-stringify/sync';
import { dayOf } from './classify';

const toCsv = (rows: string[][]) =>
  stringify(rows, { bom: true, record_delimiter: '\r\n', escape_formulas: true, quoted_match: /[",\r\n]/ });

export const statsTableCsv = (table: StatsTable, rows: StatsRow[]) => {
  const { key, metrics } = statsTableColumns[table];
  return toCsv([
    [key, ...metrics.map((m) => statsMetricLabels[m])],
    ...rows.map((row) => [row.key, ...metrics.map((m) => String(row[m]))]),
  ]);
};

const beijingTime = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Asia/Shanghai',
  dateStyle: 'short',
  timeStyle: 'medium',
});

export const spiderLogCsv = (entries: SpiderLogEntry[]) =>
  toCsv([
    spiderLogColumns.map(([, label]) => label),
    ...entries.map((e) =>
      spiderLogColumns.map(([key]) => {
        if (key === 'spider') return spiderLabels[e.spider];
        if (key === 'verified') return spiderVerificationLabels[e.verified];
        if (key === 'lastAt') return beijingTime.format(new Date(e.lastAt));
        return String(e[key]);
      }),
    ),
  ]);

const RANGE_NAMES: Record<StatsRange, string> = { today: '今天', '7d': '近7天', '30d': '近30天' };

/** e.g. 受访页面-近7天-20261124.csv */
export const statsCsvFileName = (table: StatsTable | 'spiders', range: StatsRange, now: Date) =>
  `${table === 'spiders' ? '爬虫日志' : statsTableLabels[table].replace(/（.*）/, '')}-${RANGE_NAMES[range]}-${dayOf(now).replace(/-/g, '')}.csv`;
