/**
 * The leads table as CSV for Excel: UTF-8 with a byte order mark (without it Excel on Windows
 * reads the Chinese as GBK mojibake), CRLF line ends, RFC 4180 quoting, and cells starting with
 * = + - @ prefixed with ' so a hostile "school name" (or follow-up note) never runs as a formula.
 * Also 个人信息请求's copy: the leads with their consent, then their timelines.
 */
import {
  type AdminLead,
  type FormField,
  leadAnswersCsvColumn,
  leadConsentCsvColumns,
  leadCsvColumns,
  leadKindLabels,
  leadStatusLabels,
  leadTimelineCsvColumns,
  leadVisitCsvColumns,
  leadVisitCsvSection,
  personalDataCsvSections,
  schoolTypeLabels,
  sourceLabel,
  teamSizeLabels,
  timelineCsvText,
  timelineKindLabels,
} from '@yuexun/contract';
import { stringify } from 'csv-stringify/sync';
import type { LeadConsent, PersonalData } from './lead-privacy.service';
import type { LeadTimelineRow } from './lead-timeline';

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

// A number stays a number: the formula guard below prefixes text starting with - (a negative score is not one).
const cell = (lead: AdminLead, key: (typeof leadCsvColumns)[number][0]): string | number => {
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
    case 'score':
      return lead.score;
    default:
      return lead[key] ?? '';
  }
};

const toCsv = (rows: (string | number)[][]) =>
  stringify(rows, {
    bom: true,
    record_delimiter: '\r\n',
    escape_formulas: true,
    quoted_match: /[",\r\n]/,
  });

const leadRow = (lead: AdminLead) => leadCsvColumns.map(([key]) => cell(lead, key));

/** Every answer of the lead under its own question, in one cell. */
const answersCell = (lead: AdminLead) => lead.answers.map((a) => `${a.label}：${a.text}`).join('；');

/**
 * The leads table; filtered by one form (`fields`: its current version), one column per field of that form
 * (a lead of an older version fills the columns whose key it answered), else every answer in one column.
 */
export const leadsToCsv = (leads: AdminLead[], fields?: readonly FormField[]): string =>
  toCsv([
    [
      ...leadCsvColumns.map(([, label]) => label),
      ...(fields ? fields.map((f) => f.label) : [leadAnswersCsvColumn]),
    ],
    ...leads.map((lead) => [
      ...leadRow(lead),
      ...(fields
        ? fields.map((f) => lead.answers.find((a) => a.key === f.key)?.text ?? '')
        : [answersCell(lead)]),
    ]),
  ]);

const time = (at: Date | null) => (at ? shanghaiTime.format(at) : '');

const consentCell = (consent: LeadConsent | undefined, key: (typeof leadConsentCsvColumns)[number][0]) => {
  const value = consent?.[key] ?? null;
  return value instanceof Date ? time(value) : value === null ? '' : String(value);
};

/** What the entry says: the note staff wrote, or the change the system recorded (as the console puts it). */
const timelineText = (e: LeadTimelineRow) => {
  if (e.kind === 'status' && e.statusTo)
    return timelineCsvText.moved(
      e.statusFrom ? leadStatusLabels[e.statusFrom] : '-',
      leadStatusLabels[e.statusTo],
    );
  if (e.kind === 'assign')
    return e.ownerName
      ? e.ruleName
        ? timelineCsvText.assignedByRule(e.ownerName, e.ruleName)
        : timelineCsvText.assigned(e.ownerName)
      : timelineCsvText.unassigned;
  return e.note;
};

const timelineCell = (e: LeadTimelineRow, key: (typeof leadTimelineCsvColumns)[number][0]): string => {
  switch (key) {
    case 'leadId':
      return String(e.leadId);
    case 'createdAt':
      return time(e.createdAt);
    case 'kind':
      return timelineKindLabels[e.kind];
    case 'accountName':
      return e.accountId === null ? timelineCsvText.system : (e.accountName ?? '');
    case 'text':
      return timelineText(e);
    case 'nextAt':
      return time(e.nextAt);
  }
};

/**
 * 个人信息请求's copy: everything stored about one phone number, for the person to read. Two sections, each
 * a title line and a header: the leads (the export's columns and the consent of each), then every entry of
 * their timelines, oldest first; an empty line between them.
 */
export const personalDataToCsv = (leads: AdminLead[], { consents, timeline, visits }: PersonalData): string =>
  toCsv([
    [personalDataCsvSections.leads],
    [...[...leadCsvColumns, ...leadConsentCsvColumns].map(([, label]) => label), leadAnswersCsvColumn],
    ...leads.map((l) => [
      ...leadRow(l),
      ...leadConsentCsvColumns.map(([key]) => consentCell(consents.get(l.id), key)),
      answersCell(l),
    ]),
    [''],
    [personalDataCsvSections.timeline],
    leadTimelineCsvColumns.map(([, label]) => label),
    ...timeline.map((e) => leadTimelineCsvColumns.map(([key]) => timelineCell(e, key))),
    [''],
    [leadVisitCsvSection],
    leadVisitCsvColumns.map(([, label]) => label),
    ...visits.map((v) =>
      leadVisitCsvColumns.map(([key]) =>
        key === 'viewedAt' ? shanghaiTime.format(new Date(v.viewedAt)) : String(v[key] ?? ''),
      ),
    ),
  ]);

const stampOf = (now: Date) => shanghaiTime.format(now).replace(/[-:]/g, '').replace(' ', '-').slice(0, 13);

/** e.g. 销售线索-20261123-1120.csv, in Beijing time. */
export const exportFileName = (now: Date) => `销售线索-${stampOf(now)}.csv`;

/** 个人信息请求's copy, e.g. 个人信息-20261123-1120.csv (the number stays out of the name: downloads lists keep it). */
export const personalDataFileName = (now: Date) => `个人信息-${stampOf(now)}.csv`;
