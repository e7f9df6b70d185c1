/**
 * A form's limits taken from the contract (packages/contract field-limits): antd rules for required and
 * max length, the input's maxLength and a number field's range. A bound changed in the contract reaches
 * the form with no console edit.
 */
import { type FieldLimit, fieldLimits } from '@yuexun/contract';
import type { FormRule } from 'antd';

export interface FormLimit {
  rules: FormRule[];
  maxLength?: number;
  min?: number;
  max?: number;
}

export const toFormLimit = ({ required, maxLength, minLength, min, max }: FieldLimit): FormLimit => ({
  rules: [
    ...(required ? [{ required: true }] : []),
    ...(minLength === undefined ? [] : [{ min: minLength }]),
    ...(maxLength === undefined ? [] : [{ max: maxLength }]),
  ],
  ...(maxLength === undefined ? {} : { maxLength }),
  ...(min === undefined ? {} : { min }),
  ...(max === undefined ? {} : { max }),
});

/** The form limits of every field of `limits` (what `fieldLimits(schema)` gives). */
export const formLimits = <K extends string>(limits: Record<K, FieldLimit>): Record<K, FormLimit> => {
  const entries = Object.entries<FieldLimit>(limits).map(([key, limit]) => [key, toFormLimit(limit)]);
  return Object.fromEntries(entries);
};

/** A field's length rules alone, for a form that words its own required rule. */
export const lengthRules = (limit: FormLimit): FormRule[] =>
  limit.rules.filter((rule) => typeof rule !== 'object' || !rule.required);

/** A field's limits with the form's own wording for a missing or a too short value. */
export const limitSays = (limit: FormLimit, says: { missing?: string; short?: string }): FormRule[] =>
  limit.rules.map((rule) => {
    if (typeof rule !== 'object') return rule;
    if (rule.required && says.missing) return { ...rule, message: says.missing };
    if (rule.min !== undefined && says.short) return { ...rule, message: says.short };
    return rule;
  });

/** The form limits of each field of a contract object schema (an action's `input`, or a fields object). */
export const limitsOf = <S extends Parameters<typeof fieldLimits>[0]>(schema: S) =>
  formLimits(fieldLimits(schema)) as Record<keyof S['shape'] & string, FormLimit>;

/** A contract schema of one field, as far as checking a value goes. */
interface FieldSchema {
  safeParse: (
    value: unknown,
  ) => { success: true } | { success: false; error: { issues: { message: string }[] } };
}

/** The contract's own check of one field as an antd rule, with the server's Chinese message. */
export const contractRule = (schema: FieldSchema): FormRule => ({
  validator: async (_rule, value: unknown) => {
    const parsed = schema.safeParse(value ?? '');
    if (!parsed.success) throw new Error(parsed.error.issues[0]?.message);
  },
});
