/**
 * Zod building blocks for form-encoded input: every value arrives as a string, and an empty
 * field means "not given". Messages are Chinese and name the field, so the envelope can show them as-is.
 */
import { z } from 'zod';
import { INT4_MAX, MOBILE_PHONE_LENGTH, MOBILE_PHONE_PATTERN, SITE_ID } from './constants';
import { fieldBounds } from './field-limits';
import { messages } from './messages';

/**
 * z.preprocess typed with what a caller sends. zod calls a preparation step's input `unknown`, which would
 * make every action's wire type (`z.input`) unknown; here it is the inner schema's input (a trimmed string
 * is sent as a string).
 */
export const prepared = <S extends z.ZodType>(prepare: (value: unknown) => unknown, schema: S) =>
  z.preprocess<unknown, S, z.input<S>>(prepare, schema);

/** Like `prepared` where the step accepts more than the inner schema: a number as decimal text, null to clear. */
export const preparedAs =
  <Wire>() =>
  <S extends z.ZodType>(prepare: (value: unknown) => unknown, schema: S) =>
    z.preprocess<unknown, S, Wire>(prepare, schema);

/** A JSON value sent as text (a form body's field): read; text that is no JSON is left for the schema to refuse. */
export const readJsonText = (value: unknown): unknown => {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
};

/**
 * The one reader of a list sent in a form body or as JSON: absent, null or '' is []; a string holding a JSON
 * array is its items (text that is no JSON is left for the schema to refuse, naming the field). With `commas`,
 * any other string is comma-separated and a repeated field is a list: items trimmed, duplicates dropped.
 * Without, only JSON is read (lists of objects).
 */
export const readFormList = (value: unknown, commas: boolean): unknown => {
  if (value === undefined || value === null || value === '') return [];
  if (typeof value === 'string' && (!commas || value.trim().startsWith('['))) return readJsonText(value);
  if (!commas) return value;
  const list = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [value];
  return [...new Set(list.map((v) => (typeof v === 'string' ? v.trim() : v)))];
};

/**
 * A list field of a form body or JSON (`readFormList`): at most `max` items of `item`; `error` names the field
 * when the list itself is malformed. `commas`: plain values may come comma-separated or repeated.
 */
export const listField = <T extends z.ZodType>(
  item: T,
  { label, max, error, commas }: { label: string; max: number; error: string; commas: boolean },
) =>
  prepared(
    (value) => readFormList(value, commas),
    z.array(item, { error }).max(max, { error: messages.tooMany(label, max) }),
  );

const blankToUndefined = (value: unknown) =>
  value === '' || value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value;

/** Counts user-perceived characters (code points), so an emoji or a rare CJK character counts as one. */
export const charLength = (value: string) => [...value].length;

/**
 * Control characters (C0, DEL, C1: the database cannot hold NUL, no form types the others) and lone UTF-16 surrogates
 * (half an emoji: not text). Tab, line feed and carriage return are allowed: multi-line fields need them.
 */
const CONTROL_CHARACTERS = /[^\P{Cc}\t\n\r]|\p{Cs}/u;

export const hasControlCharacters = (value: string) => CONTROL_CHARACTERS.test(value);

/** Any string: refused when it holds control characters or lone surrogates, the field named. */
export const cleanString = (label: string) =>
  z
    .string({ error: `${label}格式不正确` })
    .refine((v) => !hasControlCharacters(v), { error: messages.controlCharacters(label) });

/**
 * Where a parsed input still holds a string with control characters (a field no builder checks):
 * its path, e.g. `specs.0.name`, or null. The registry refuses such input before any handler runs.
 */
export const controlCharacterPath = (value: unknown, path: string[] = []): string | null => {
  if (typeof value === 'string') return hasControlCharacters(value) ? path.join('.') || '(body)' : null;
  if (Array.isArray(value) || (typeof value === 'object' && value !== null && !(value instanceof Date))) {
    for (const [key, item] of Object.entries(value)) {
      const found = controlCharacterPath(item, [...path, key]);
      if (found !== null) return found;
    }
  }
  return null;
};

/** A decimal string as a number, for the range check (a number beyond 2^53 only has to be "too large"). */
export const digitsToNumber = (value: unknown) =>
  typeof value === 'string' && /^\d{1,400}$/.test(value.trim()) ? Number(value.trim()) : value;

/** A positive integer id or number, given as a number or a decimal string; at most the int4 column's maximum. */
export const positiveInt = (label: string) =>
  preparedAs<number | string>()(
    (value) => digitsToNumber(blankToUndefined(value)),
    z
      .number({
        error: (issue) =>
          issue.input === undefined ? messages.required(label) : messages.mustBePositiveInt(label),
      })
      .int({ error: messages.mustBePositiveInt(label) })
      .min(1, { error: messages.mustBePositiveInt(label) })
      .max(INT4_MAX, { error: messages.numberTooLarge(label, INT4_MAX) }),
  );

export const optionalPositiveInt = (label: string) =>
  prepared(blankToUndefined, positiveInt(label).optional());

/** Trimmed text with a length limit counted in characters; required unless made optional. */
export const text = (label: string, max: number) =>
  prepared(
    (value) => (typeof value === 'string' ? value.trim() : blankToUndefined(value)),
    z
      .string({
        error: (issue) => (issue.input === undefined ? messages.required(label) : `${label}格式不正确`),
      })
      .min(1, { error: messages.required(label) })
      .refine((v) => !hasControlCharacters(v), { error: messages.controlCharacters(label), abort: true })
      .refine((v) => charLength(v) <= max, { error: messages.tooLong(label, max) }),
  ).register(fieldBounds, { maxLength: max });

/** A password as typed: not trimmed (spaces count), at most 128 characters, no control characters. */
export const passwordText = (label: string) =>
  z
    .string({ error: messages.required(label) })
    .min(1, { error: messages.required(label) })
    .max(128, { error: messages.tooLong(label, 128) })
    .refine((v) => !hasControlCharacters(v), { error: messages.controlCharacters(label) })
    .register(fieldBounds, { maxLength: 128 });

export const optionalText = (label: string, max: number) =>
  prepared(blankToUndefined, text(label, max).optional());

export const mobilePhone = (label = '手机号') =>
  prepared(
    (value) => (typeof value === 'string' ? value.trim() : value),
    z
      .string({ error: messages.required(label) })
      .min(1, { error: messages.required(label) })
      .regex(MOBILE_PHONE_PATTERN, { error: messages.invalidPhone }),
  ).register(fieldBounds, { maxLength: MOBILE_PHONE_LENGTH });

export const oneOf = <const T extends readonly [string, ...string[]]>(label: string, values: T) =>
  prepared(
    blankToUndefined,
    z.enum(values, {
      error: (issue) =>
        issue.input === undefined ? messages.required(label) : messages.invalidChoice(label),
    }),
  );

/** siteId is sent by every original client; only this product's site exists. */
export const siteId = prepared(
  (value) => (typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value.trim()) : value),
  z
    .number({ error: (issue) => (issue.input === undefined ? messages.siteIdMissing : messages.siteIdWrong) })
    .refine((v) => v === SITE_ID, { error: messages.siteIdWrong }),
);

export const siteScoped = z.object({ siteId });

export const optionalOneOf = <const T extends readonly [string, ...string[]]>(label: string, values: T) =>
  prepared(blankToUndefined, z.enum(values, { error: messages.invalidChoice(label) }).optional());
