/**
 * Reads the contract's own input schemas, so tests of hostile input cover every action and every
 * field without a hand-kept list: which fields take an id or number, which take text, and a value
 * each accepts.
 */
import { type ActionDef, actions } from '@yuexun/contract';
import { z } from 'zod';

/** One object shape an action accepts; `fixed` holds the discriminator of a union's option. */
export interface InputVariant {
  fixed: Record<string, string>;
  fields: Record<string, z.ZodType>;
}

const objectShape = (schema: z.ZodType): Record<string, z.ZodType> => {
  if (schema instanceof z.ZodObject) return schema.shape as Record<string, z.ZodType>;
  throw new Error('an action input that is not an object: teach contract-inputs.ts its shape');
};

export const inputVariants = (def: ActionDef): InputVariant[] => {
  const schema = def.input;
  if (schema instanceof z.ZodDiscriminatedUnion) {
    const discriminator = schema._zod.def.discriminator;
    return (schema.options as z.ZodType[]).map((option) => {
      const fields = objectShape(option);
      const literal = fields[discriminator];
      if (!(literal instanceof z.ZodLiteral)) throw new Error(`${def.name}: discriminator is not a literal`);
      const { [discriminator]: _, ...rest } = fields;
      return { fixed: { [discriminator]: String(literal.value) }, fields: rest };
    });
  }
  return [{ fixed: {}, fields: objectShape(schema) }];
};

export type FieldKind = { kind: 'number' } | { kind: 'text'; sample: string } | { kind: 'other' };

const TEXT_SAMPLES = [
  'abcdefgh',
  'a@example.com',
  '/a',
  'https://example.com/a',
  '12345678',
  '2026-01-01T00:00:00+08:00',
];

/** A field takes an id or number when '1' parses to 1 (or [1]); text when a plain sample parses to itself. */
export const fieldKind = (schema: z.ZodType): FieldKind => {
  const one = schema.safeParse('1');
  if (one.success && (one.data === 1 || (Array.isArray(one.data) && one.data[0] === 1))) {
    return { kind: 'number' };
  }
  for (const sample of TEXT_SAMPLES) {
    const parsed = schema.safeParse(sample);
    if (!parsed.success) continue;
    const out = parsed.data;
    if (out === sample || (Array.isArray(out) && out[0] === sample)) return { kind: 'text', sample };
  }
  return { kind: 'other' };
};

/** Every action with its fields (siteId aside: it has its own tests and only ever accepts 75). */
export const actionFields = () =>
  Object.values(actions as Record<string, ActionDef>).flatMap((def) =>
    inputVariants(def).map((variant) => ({
      def,
      fixed: variant.fixed,
      fields: Object.entries(variant.fields)
        .filter(([key]) => key !== 'siteId')
        .map(([key, schema]) => ({ key, schema, ...fieldKind(schema) })),
    })),
  );

/** The sample with a NUL after its first character: still the field's shape, but not storable text. */
export const withNul = (sample: string) => `${sample.slice(0, 1)}\u0000${sample.slice(1)}`;

export const HOSTILE_NUMBERS = ['2147483648', '9007199254740991'] as const;
