/** A form's definition as staff send it, and the checks that refuse what could never be answered (forms.ts). */
import { z } from 'zod';
import { charLength, hasControlCharacters, prepared, readJsonText } from './fields';
import { blankInput, trimmedInput } from './form-answers';
import { FORM_FIELD_TYPES } from './form-labels';
import {
  FORM_FIELDS_MAX,
  FORM_FILE_MB_MAX,
  FORM_HELP_MAX,
  FORM_KEY_PATTERN,
  FORM_LABEL_MAX,
  FORM_OPTION_MAX,
  FORM_OPTIONS_MAX,
  FORM_RESERVED_KEYS,
  FORM_TEXT_MAX,
  type FormField,
  formMessages,
} from './forms';
import { messages } from './messages';

const LIMIT_MAX = {
  text: FORM_TEXT_MAX,
  textarea: FORM_TEXT_MAX,
  multiple: FORM_OPTIONS_MAX,
  file: FORM_FILE_MB_MAX,
} as const;
const NUMBER_LIMIT = 1_000_000_000;

/** The reasons (Chinese) a definition cannot be saved; empty when it can. */
export const formDefinitionProblems = (fields: readonly FormField[]): string[] => {
  const problems: string[] = [];
  if (fields.length === 0) problems.push(formMessages.noFields);
  if (fields.length > FORM_FIELDS_MAX) problems.push(formMessages.tooManyFields);
  const keys = new Set<string>();
  let consents = 0;
  for (const field of fields) {
    const { key, label } = field;
    if ((FORM_RESERVED_KEYS as readonly string[]).includes(key)) problems.push(formMessages.reservedKey(key));
    if (keys.has(key)) problems.push(formMessages.duplicateKey(key));
    keys.add(key);
    if (field.type === 'consent') consents += 1;
    if (field.type === 'single' || field.type === 'multiple') {
      if (field.options.length === 0) problems.push(formMessages.noOptions(label));
      if (field.options.length > FORM_OPTIONS_MAX) problems.push(formMessages.tooManyOptions(label));
      const seen = new Set<string>();
      for (const option of field.options) {
        if (seen.has(option)) problems.push(formMessages.duplicateOption(label, option));
        seen.add(option);
      }
    }
    const { min, max } = field;
    // A file's one limit is its size in MB (1 … FORM_FILE_MB_MAX); no file of 0 MB could be sent.
    if (field.type === 'file' && max !== undefined && (max < 1 || max > FORM_FILE_MB_MAX)) {
      problems.push(formMessages.fileLimit(label));
      continue;
    }
    if (min !== undefined && max !== undefined && min > max) problems.push(formMessages.minAboveMax(label));
    const bound = field.type in LIMIT_MAX ? LIMIT_MAX[field.type as keyof typeof LIMIT_MAX] : NUMBER_LIMIT;
    const low = field.type === 'number' ? -NUMBER_LIMIT : 0;
    for (const limit of [min, max]) {
      if (limit !== undefined && (limit < low || limit > bound))
        problems.push(formMessages.limitOutOfRange(label, bound));
    }
    if (
      field.type === 'multiple' &&
      max !== undefined &&
      max > field.options.length &&
      field.options.length > 0
    )
      problems.push(formMessages.choiceMaxAboveOptions(label));
  }
  if (consents > 1) problems.push(formMessages.oneConsent);
  if (consents === 0) problems.push(formMessages.consentNeeded);
  return [...new Set(problems)];
};

const optionalLimit = prepared(
  (v) =>
    blankInput(v) ? undefined : typeof v === 'string' && /^-?\d+$/.test(v.trim()) ? Number(v.trim()) : v,
  z.number({ error: '限制须为整数' }).int({ error: '限制须为整数' }).optional(),
);

const cleanLine = (label: string, max: number, required: boolean) => {
  const base = z
    .string({ error: messages.required(label) })
    .transform((v) => v.trim())
    .refine((v) => !hasControlCharacters(v), { error: messages.controlCharacters(label), abort: true })
    .refine((v) => charLength(v) <= max, { error: messages.tooLong(label, max) });
  return required ? base.refine((v) => v !== '', { error: messages.required(label) }) : base;
};

export const formFieldInput = z.object({
  key: prepared(
    trimmedInput,
    z.string({ error: formMessages.keyInvalid }).regex(FORM_KEY_PATTERN, { error: formMessages.keyInvalid }),
  ),
  type: z.enum(FORM_FIELD_TYPES, { error: '字段类型不在可选范围内' }),
  label: cleanLine('字段名称', FORM_LABEL_MAX, true),
  help: cleanLine('填写说明', FORM_HELP_MAX, false).optional().default(''),
  required: z.boolean({ error: '“必填”须为是或否' }).optional().default(false),
  options: z
    .array(cleanLine('选项', FORM_OPTION_MAX, true), { error: '选项格式不正确' })
    .max(FORM_OPTIONS_MAX + 1, { error: `选项最多 ${FORM_OPTIONS_MAX} 个` })
    .optional()
    .default([]),
  min: optionalLimit,
  max: optionalLimit,
});

/** A definition as staff send it (JSON, or its text in a form body), checked as a whole. */
export const formFieldsInput = prepared(
  readJsonText,
  z
    .array(formFieldInput, { error: '字段列表格式不正确' })
    .max(FORM_FIELDS_MAX + 1, { error: formMessages.tooManyFields })
    .transform((fields) =>
      fields.map(
        (f): FormField => ({
          ...f,
          // Options only mean something for a choice; a consent line is always required.
          options: f.type === 'single' || f.type === 'multiple' ? f.options : [],
          // A file has only a size limit (max, MB).
          min: f.type === 'file' ? undefined : f.min,
          required: f.type === 'consent' ? true : f.required,
        }),
      ),
    )
    .superRefine((fields, ctx) => {
      for (const problem of formDefinitionProblems(fields))
        ctx.addIssue({ code: 'custom', message: problem });
    }),
);
