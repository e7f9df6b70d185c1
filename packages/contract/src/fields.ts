/**
 * Zod building blocks for form-encoded input: every value arrives as a string, and an empty
 * field means "not given". Messages are Chinese and name the field, so the envelope can show them as-is.
 */
import { z } from 'zod';
import { MOBILE_PHONE_PATTERN, SITE_ID } from './constants';
import { messages } from './messages';

const blankToUndefined = (value: unknown) =>
  value === '' || value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value;

/** Counts user-perceived characters (code points), so an emoji or a rare CJK character counts as one. */
export const charLength = (value: string) => [...value].length;

/** A positive integer id or number, given as a number or a decimal string. */
export const positiveInt = (label: string) =>
  z.preprocess(
    (value) => {
      const v = blankToUndefined(value);
      if (typeof v === 'string' && /^\d{1,15}$/.test(v.trim())) return Number(v.trim());
      return v;
    },
    z
      .number({
        error: (issue) =>
          issue.input === undefined ? messages.required(label) : messages.mustBePositiveInt(label),
      })
      .int({ error: messages.mustBePositiveInt(label) })
      .min(1, { error: messages.mustBePositiveInt(label) })
      .max(Number.MAX_SAFE_INTEGER, { error: messages.mustBePositiveInt(label) }),
  );

export const optionalPositiveInt = (label: string) =>
  z.preprocess(blankToUndefined, positiveInt(label).optional());

/** Trimmed text with a length limit counted in characters; required unless made optional. */
export const text = (label: string, max: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() : blankToUndefined(value)),
    z
      .string({
        error: (issue) => (issue.input === undefined ? messages.required(label) : `${label}格式不正确`),
      })
      .min(1, { error: messages.required(label) })
      .refine((v) => charLength(v) <= max, { error: messages.tooLong(label, max) }),
  );

export const optionalText = (label: string, max: number) =>
  z.preprocess(blankToUndefined, text(label, max).optional());

export const mobilePhone = (label = '手机号') =>
  z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() : value),
    z
      .string({ error: messages.required(label) })
      .min(1, { error: messages.required(label) })
      .regex(MOBILE_PHONE_PATTERN, { error: messages.invalidPhone }),
  );

export const oneOf = <const T extends readonly [string, ...string[]]>(label: string, values: T) =>
  z.preprocess(
    blankToUndefined,
    z.enum(values, {
      error: (issue) =>
        issue.input === undefined ? messages.required(label) : messages.invalidChoice(label),
    }),
  );

/** siteId is sent by every original client; only this product's site exists. */
export const siteId = z.preprocess(
  (value) => (typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value.trim()) : value),
  z
    .number({ error: (issue) => (issue.input === undefined ? messages.siteIdMissing : messages.siteIdWrong) })
    .refine((v) => v === SITE_ID, { error: messages.siteIdWrong }),
);

export const siteScoped = z.object({ siteId });

export const optionalOneOf = <const T extends readonly [string, ...string[]]>(label: string, values: T) =>
  z.preprocess(blankToUndefined, z.enum(values, { error: messages.invalidChoice(label) }).optional());
