/**
 * Field building blocks of the console's management forms: optimistic-concurrency versions,
 * client-generated request keys (a double-clicked "save" makes one record), tag lists and yuan prices.
 */
import { z } from 'zod';
import { INT4_MAX } from './constants';
import { fieldBounds } from './field-limits';
import { charLength, cleanString, digitsToNumber, listField, positiveInt, prepared } from './fields';
import { messages } from './messages';

/** A switch: true/false, 1/0 (a form body sends text). */
export const switchFlag = (label: string) =>
  prepared(
    (v) => (v === 'true' || v === '1' || v === 1 ? true : v === 'false' || v === '0' || v === 0 ? false : v),
    z.boolean({ error: `${label}格式不正确` }),
  );

/** The version a form was loaded with; a save against a newer version is refused with 409. */
export const versionField = positiveInt('版本号');

export const REQUEST_KEY_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

/** Made once per opened create form; the same key sent twice creates one record. */
export const requestKeyField = prepared(
  (v) => (typeof v === 'string' ? v.trim() : v),
  z
    .string({ error: messages.required('请求编号') })
    .regex(REQUEST_KEY_PATTERN, { error: messages.requestKeyInvalid }),
);

/** A list of short labels: a repeated form field, one string, or a JSON array; blanks and repeats dropped. */
export const labelList = (label: string, maxItems: number, maxLength: number) =>
  prepared(
    (value) => {
      if (value === undefined || value === null || value === '') return [];
      const list = Array.isArray(value) ? value : [value];
      const trimmed = list.map((v) => (typeof v === 'string' ? v.trim() : v)).filter((v) => v !== '');
      return [...new Set(trimmed)];
    },
    z
      .array(
        cleanString(label).refine((v) => charLength(v) <= maxLength, {
          error: messages.tooLong(label, maxLength),
        }),
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
  prepared(
    (value) => (typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : value),
    z
      .string({ error: messages.required(label) })
      .min(1, { error: messages.required(label) })
      .regex(YUAN_PATTERN, { error: messages.invalidYuan(label) })
      .transform(yuanToFen),
  );

/** A whole number in a range, given as a number or a decimal string; blank means "not given". */
export const optionalIntInRange = (label: string, min: number, max: number) =>
  prepared(
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
  ).register(fieldBounds, { min, max });

/** An instant as ISO 8601 with an offset (what the console's date picker sends). */
export const optionalInstant = (label: string) =>
  prepared(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.iso
      .datetime({ offset: true, error: messages.invalidInstant(label) })
      .transform((v) => new Date(v))
      .optional(),
  );

/** "null", blank or absent → null (top level); otherwise a positive id. */
export const nullablePositiveInt = (label: string) =>
  prepared(
    (value) => (value === undefined || value === null || value === '' || value === 'null' ? null : value),
    positiveInt(label).nullable(),
  );

/** Ids given as a repeated form field, a comma-separated string or a JSON array. */
export const idList = (label: string, maxItems: number, minItems = 1) =>
  prepared(
    (value) => {
      if (value === undefined || value === null || value === '') return [];
      const list = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [value];
      return list.map(digitsToNumber);
    },
    z
      .array(
        z
          .number({ error: messages.mustBePositiveInt(label) })
          .int({ error: messages.mustBePositiveInt(label) })
          .min(1, { error: messages.mustBePositiveInt(label) })
          .max(INT4_MAX, { error: messages.numberTooLarge(label, INT4_MAX) }),
      )
      .min(minItems, { error: messages.required(label) })
      .max(maxItems, { error: messages.tooMany(label, maxItems) }),
  );

/**
 * An update field that can be cleared: absent means "leave it as it is" (undefined), an explicit
 * empty value ('' or null, or blank text) clears it (null), anything else is checked by `schema`.
 * Forms that never showed a field therefore never clear it by accident.
 */
export const clearable = <T extends z.ZodType>(schema: T) =>
  z
    // Any value passes here (typed as what a caller sends); `schema` checks it below.
    .custom<z.input<T> | null>()
    .transform((value, ctx): z.output<T> | null => {
      if (value === null || (typeof value === 'string' && value.trim() === '')) return null;
      const parsed = schema.safeParse(value);
      if (parsed.success) return parsed.data;
      for (const issue of parsed.error.issues) ctx.addIssue({ ...issue, code: 'custom' });
      return z.NEVER;
    })
    .optional();

/** A list of file uuids (a picture gallery): a repeated field, comma-separated, or a JSON array. */
export const fileUuidList = (label: string, maxItems: number, item: z.ZodType<string, string>) =>
  listField(item, { label, max: maxItems, error: `${label}格式不正确`, commas: true });
