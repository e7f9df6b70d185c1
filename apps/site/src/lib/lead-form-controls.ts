/**
 * How each lead-form field is drawn: a select's options, an input's type, browser hints and length (the
 * lengths read from the two lead actions' schemas, as the console's forms do); text otherwise.
 */
import {
  AGENT_TEAM_SIZES,
  agentApplicationInput,
  customerIntentionInput,
  fieldLimits,
  SCHOOL_TYPES,
} from '@yuexun/contract';
import { lead as words } from '../locales/zh-CN';
import type { LeadField } from './lead-form';

export const SELECTS = {
  schoolType: { values: SCHOOL_TYPES, labels: words.schoolTypes },
  teamSize: { values: AGENT_TEAM_SIZES, labels: words.teamSizes },
} as const;
/** Lengths as the server counts them, read from the two lead actions' schemas (as the console's forms do). */
const LIMITS: Partial<Record<string, { maxLength?: number }>> = {
  ...fieldLimits(customerIntentionInput),
  ...fieldLimits(agentApplicationInput),
};
const maxLength = (field: LeadField): Record<string, number> => {
  const max = LIMITS[field]?.maxLength;
  return max === undefined ? {} : { maxLength: max };
};
export const INPUTS: Partial<Record<LeadField, Record<string, string | number>>> = {
  contactName: { autoComplete: 'name', ...maxLength('contactName') },
  phone: { type: 'tel', autoComplete: 'tel', inputMode: 'numeric', ...maxLength('phone') },
  schoolName: { autoComplete: 'organization', ...maxLength('schoolName') },
  companyName: { autoComplete: 'organization', ...maxLength('companyName') },
  region: { ...maxLength('region') },
  role: { autoComplete: 'organization-title', ...maxLength('role') },
  businessScope: { ...maxLength('businessScope') },
};
