/** A submission's answers: the schema a form's fields compile to, and an answer as a person reads it (forms.ts). */
import { z } from 'zod';
import { LEAD_MESSAGE_MAX, LEGACY_SCHOOL_TYPES, SCHOOL_TYPES } from './constants';
import { charLength, mobilePhone, prepared, text } from './fields';
import { regionPathOf } from './form-regions';
import {
  FILE_ANSWER_PATTERN,
  FORM_OPTIONS_MAX,
  type FormAnswer,
  type FormAnswers,
  type FormField,
  formMessages,
  readFileAnswer,
} from './forms';
import { messages, schoolTypeLabels } from './messages';

const DEFAULT_TEXT_MAX = { text: 100, textarea: LEAD_MESSAGE_MAX } as const;
const EMAIL_MAX = 100;

/** Nothing given: absent, null or only spaces. */
export const blankInput = (v: unknown) =>
  v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
export const trimmedInput = (v: unknown) => (typeof v === 'string' ? v.trim() : v);
const optionalIf = <S extends z.ZodType>(required: boolean, schema: S) =>
  required ? schema : prepared((v) => (blankInput(v) ? undefined : v), schema.optional());

const lengthChecked = (field: FormField, fallbackMax: number) => {
  const max = field.max ?? fallbackMax;
  const base = text(field.label, max);
  const min = field.min;
  return min
    ? base.refine((v) => charLength(v) >= min, { error: formMessages.tooShort(field.label, min) })
    : base;
};

const numberField = (field: FormField) =>
  prepared(
    (v) => (typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v.trim()) ? Number(v.trim()) : v),
    z
      .number({
        error: (i) =>
          i.input === undefined ? messages.required(field.label) : formMessages.notNumber(field.label),
      })
      .refine(Number.isFinite, { error: formMessages.notNumber(field.label), abort: true })
      .refine((v) => field.min === undefined || v >= field.min, {
        error: formMessages.numberBelow(field.label, field.min ?? 0),
      })
      .refine((v) => field.max === undefined || v <= field.max, {
        error: formMessages.numberAbove(field.label, field.max ?? 0),
      }),
  );

const choice = (label: string, options: readonly string[]) =>
  z
    .string({
      error: (i) => (i.input === undefined ? messages.required(label) : messages.invalidChoice(label)),
    })
    .refine((v) => options.includes(v), { error: messages.invalidChoice(label) });

const multipleField = (field: FormField) =>
  prepared(
    (v) => (typeof v === 'string' ? [v] : v),
    z
      .array(prepared(trimmedInput, choice(field.label, field.options)), {
        error: (i) =>
          i.input === undefined ? messages.required(field.label) : messages.invalidChoice(field.label),
      })
      .max(FORM_OPTIONS_MAX, { error: messages.invalidChoice(field.label) })
      .transform((picked) => [...new Set(picked)])
      .refine((picked) => picked.length >= (field.min ?? (field.required ? 1 : 0)), {
        error:
          field.min && field.min > 1
            ? formMessages.tooFewChoices(field.label, field.min)
            : messages.required(field.label),
      })
      .refine((picked) => field.max === undefined || picked.length <= field.max, {
        error: formMessages.tooManyChoices(field.label, field.max ?? 0),
      }),
  );

const patternText = (label: string, max: number, pattern: RegExp, invalid: string) =>
  text(label, max).refine((v) => pattern.test(v), { error: invalid });

const isCalendarDate = (v: string) => {
  const date = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(v);
};

const legacySchoolTypes = new Map<string, string>(Object.entries(LEGACY_SCHOOL_TYPES));

/** The schema of one field's answer (undefined: an optional field left blank). */
const answerSchema = (field: FormField): z.ZodType<FormAnswer | undefined> => {
  const { label } = field;
  switch (field.type) {
    case 'text':
    case 'textarea':
      return optionalIf(field.required, lengthChecked(field, DEFAULT_TEXT_MAX[field.type]));
    case 'mobile':
      return optionalIf(field.required, mobilePhone(label));
    case 'email':
      return optionalIf(
        field.required,
        patternText(label, EMAIL_MAX, /^[^\s@]+@[^\s@]+\.[^\s@]+$/, formMessages.emailInvalid(label)),
      );
    case 'number':
      return optionalIf(field.required, numberField(field));
    case 'single':
      return optionalIf(field.required, prepared(trimmedInput, choice(label, field.options)));
    case 'multiple':
      return optionalIf(field.required, multipleField(field));
    case 'region':
      return optionalIf(
        field.required,
        text(label, 60)
          .transform((v) => regionPathOf(v) ?? '')
          .refine((v) => v !== '', { error: formMessages.regionInvalid(label) }),
      );
    case 'schoolType':
      return optionalIf(
        field.required,
        prepared(
          (v) => (typeof v === 'string' ? (legacySchoolTypes.get(v.trim()) ?? v.trim()) : v),
          choice(label, SCHOOL_TYPES),
        ),
      );
    case 'date':
      return optionalIf(
        field.required,
        patternText(label, 10, /^\d{4}-\d{2}-\d{2}$/, formMessages.dateInvalid(label)).refine(
          isCalendarDate,
          {
            error: formMessages.dateInvalid(label),
          },
        ),
      );
    case 'file':
      // The server puts the stored file here (fileAnswerOf) after checking it; see submit-form.ts.
      return optionalIf(
        field.required,
        z
          .string({ error: formMessages.fileNeeded(label) })
          .regex(FILE_ANSWER_PATTERN, { error: formMessages.fileNotSent(label) }),
      );
    case 'consent':
      // The consent line (PIPL) is never optional: a ticked checkbox sends "on"; JSON may send true.
      return prepared(
        (v) => v === true || v === 'on' || v === 'true' || v === '1',
        z.literal(true, { error: messages.privacyConsentRequired }),
      );
  }
};

/**
 * The schema a form's fields compile to: each field's answer by its key, nothing else (a key the form does
 * not have is refused, naming it). The output holds the answers given, blanks left out.
 */
export const compileFormSchema = (
  fields: readonly FormField[],
): z.ZodType<FormAnswers, Record<string, unknown>> =>
  z
    .strictObject(Object.fromEntries(fields.map((field) => [field.key, answerSchema(field)])), {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? formMessages.unknownFields(issue.keys.join('、'))
          : formMessages.answersInvalid,
    })
    .transform(givenAnswers);

/** The answers without the blank optional ones (zod keeps a blank that was sent as undefined). */
const givenAnswers = (answers: Record<string, FormAnswer | undefined>): FormAnswers =>
  Object.fromEntries(
    Object.entries(answers).filter((entry): entry is [string, FormAnswer] => entry[1] !== undefined),
  );

/** An answer as a person reads it: choices by their labels, the consent as 已同意. */
export const formAnswerText = (field: Pick<FormField, 'type'>, answer: FormAnswer | undefined): string => {
  if (answer === undefined || answer === '') return '';
  if (Array.isArray(answer)) return answer.join('、');
  if (field.type === 'consent') return answer ? '已同意' : '';
  if (field.type === 'file') return readFileAnswer(answer)?.name ?? String(answer);
  if (field.type === 'schoolType' && typeof answer === 'string')
    return schoolTypeLabels[answer as keyof typeof schoolTypeLabels] ?? answer;
  return String(answer);
};
