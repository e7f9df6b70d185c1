/**
 * Field building blocks of the console's management forms: optimistic-concurrency versions,
 * client-generated request keys (a double-clicked "save" makes one record), tag lists and yuan prices.
 */
import { z } from 'zod';
import { charLength, positiveInt } from './fields';
import { messages } from './messages';

/** The version a form was loaded with; a save against a newer version is refused with 409. */
export const versionField = positiveInt('版本号');

export const REQUEST_KEY_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

/** Made once per opened create form; the same key sent twice creates one record. */
export const requestKeyField = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() : v),
  z
    .string({ error: messages.required('请求编号') })
    .regex(REQUEST_KEY_PATTERN, { error: messages.requestKeyInvalid }),
);

/** A list of short labels: a repeated form field, one string, or a JSON array; blanks and repeats dropped. */
export const labelList = (label: string, maxItems: number, maxLength: number) =>
  z.preprocess(
    (value) => {
      if (value === undefined || value === null || value === '') return [];
      const list = Array.isArray(value) ? value : [value];
      const trimmed = list.map((v) => (typeof v === 'string' ? v.trim() : v)).filter((v) => v !== '');
      return [...new Set(trimmed)];
    },
    z
      .array(
        z
          .string({ error: `${label}格式不正确` })
          .refine((v) => charLength(v) <= maxLength, { error: messages.tooLong(label, maxLength) }),
      )
      .max(maxItems, { error: messages.tooMany(label, maxItems) }),
  );

/** At most 9 999 999.99 yuan: the fen value fits a 32-bit integer column. */
export const YUAN_PATTERN = /^(0|[1-9]\d{0,6})(\.\d{1,2})?$/;

/** "1234.5" → 123450. Parsed as text, never through floating point. */
export const yuanToFen = (yuan: string): number => {
  const [whole = '0', fraction = ''] = yuan.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
};

/** 123450 → "1234.50". */
export const fenToYuan = (fen: number): string => {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(fen);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
};

/** A price typed in yuan (up to two decimals) → integer fen. */
export const yuanPrice = (label: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : value),
    z
      .string({ error: messages.required(label) })
      .min(1, { error: messages.required(label) })
      .regex(YUAN_PATTERN, { error: messages.invalidYuan(label) })
      .transform(yuanToFen),
  );

/** A whole number in a range, given as a number or a decimal string; blank means "not given". */
export const optionalIntInRange = (label: string, min: number, max: number) =>
  z.preprocess(
    (value) => {
      if (value === undefined || value === null || (typeof value === 'string' && value.trim() === ''))
        return undefined;
      if (typeof value === 'string' && /^-?\d{1,9}$/.test(value.trim())) return Number(value.trim());
      return value;
    },
    z
      .number({ error: messages.intInRange(label, min, max) })
      .int({ error: messages.intInRange(label, min, max) })
      .min(min, { error: messages.intInRange(label, min, max) })
      .max(max, { error: messages.intInRange(label, min, max) })
      .optional(),
  );

/** An instant as ISO 8601 with an offset (what the console's date picker sends). */
export const optionalInstant = (label: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.iso
      .datetime({ offset: true, error: messages.invalidInstant(label) })
      .transform((v) => new Date(v))
      .optional(),
  );

/** "null", blank or absent → null (top level); otherwise a positive id. */
export const nullablePositiveInt = (label: string) =>
  z.preprocess(
    (value) => (value === undefined || value === null || value === '' || value === 'null' ? null : value),
    positiveInt(label).nullable(),
  );

/** Ids given as a repeated form field, a comma-separated string or a JSON array. */
export const idList = (label: string, maxItems: number, minItems = 1) =>
  z.preprocess(
    (value) => {
      if (value === undefined || value === null || value === '') return [];
      const list = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [value];
      return list.map((v) => (typeof v === 'string' && /^\d{1,15}$/.test(v.trim()) ? Number(v.trim()) : v));
    },
    z
      .array(
        z
          .number({ error: messages.mustBePositiveInt(label) })
          .int({ error: messages.mustBePositiveInt(label) })
          .min(1, { error: messages.mustBePositiveInt(label) }),
      )
      .min(minItems, { error: messages.required(label) })
      .max(maxItems, { error: messages.tooMany(label, maxItems) }),
  );
