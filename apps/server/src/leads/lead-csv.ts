/**
 * The leads table as CSV for Excel: UTF-8 with a byte order mark (without it Excel on Windows
 * reads the Chinese as GBK mojibake), CRLF line ends, RFC 4180 quoting, and cells starting with
 * = + - @ prefixed with ' so a hostile "school name" never runs as a formula.
 */
import {
  type AdminLead,
  leadCsvColumns,
  leadKindLabels,
  leadStatusLabels,
  schoolTypeLabels,
  sourceLabel,
  teamSizeLabels,
} from '@yuexun/contract';
import { stringify } from 'csv-stringify/sync';

const shanghaiTime = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Asia/Shanghai',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
});

const cell = (lead: AdminLead, key: (typeof leadCsvColumns)[number][0]): string => {
  switch (key) {
    case 'createdAt':
      return shanghaiTime.format(new Date(lead.createdAt));
    case 'nextFollowUpAt':
      return lead.nextFollowUpAt ? shanghaiTime.format(new Date(lead.nextFollowUpAt)) : '';
    case 'status':
      return leadStatusLabels[lead.status];
    case 'kind':
      return leadKindLabels[lead.kind];
    case 'schoolType':
      return lead.schoolType ? schoolTypeLabels[lead.schoolType] : '';
    case 'teamSize':
      return lead.teamSize ? teamSizeLabels[lead.teamSize] : '';
    case 'source':
      return sourceLabel(lead.source);
    case 'id':
      return String(lead.id);
    default:
      return lead[key] ?? '';
  }
};

export const leadsToCsv = (leads: AdminLead[]): string =>
  stringify(
    [
      leadCsvColumns.map(([, label]) => label),
      ...leads.map((l) => leadCsvColumns.map(([key]) => cell(l, key))),
    ],
    {
      bom: true,
      record_delimiter: '\r\n',
      escape_formulas: true,
      quoted_match: /[",\r\n]/,
    },
  );

/** e.g. 销售线索-20261123-1120.csv, in Beijing time. */
export const exportFileName = (now: Date) => {
  const stamp = shanghaiTime.format(now).replace(/[-:]/g, '').replace(' ', '-').slice(0, 13);
  return `销售线索-${stamp}.csv`;
};
