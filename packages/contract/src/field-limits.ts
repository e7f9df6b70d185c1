/**
 * The limits a form shows before it sends (required, max length, number range), read from the contract's
 * own schemas: the building blocks of fields.ts record their bounds here, so a changed bound reaches the
 * console's forms with no console edit.
 */
import { z } from 'zod';

export interface FieldBounds {
  /** In characters (code points), as the server counts. */
  maxLength?: number;
  minLength?: number;
  min?: number;
  max?: number;
}

/** Bounds by schema; filled by the building blocks (text, optionalText, optionalIntInRange). */
export const fieldBounds = z.registry<FieldBounds>();

export interface FieldLimit extends FieldBounds {
  /** The server refuses the field when it is left out. */
  required: boolean;
}

/** The bounds of a field, looking through the wrappers (optional, nullable, default, preparation steps). */
const boundsOf = (schema: z.core.$ZodType): FieldBounds | undefined => {
  const own = fieldBounds.get(schema);
  if (own) return own;
  const def = schema._zod.def;
  if ('innerType' in def && def.innerType) return boundsOf(def.innerType as z.core.$ZodType);
  if (def.type === 'pipe' && 'out' in def && 'in' in def) {
    return boundsOf(def.out as z.core.$ZodType) ?? boundsOf(def.in as z.core.$ZodType);
  }
  return undefined;
};

/** Each field of an object schema with its limits. */
export const fieldLimits = <Shape extends z.ZodRawShape>(
  schema: z.ZodObject<Shape>,
): { [K in keyof Shape]: FieldLimit } => {
  const limits: Partial<Record<keyof Shape, FieldLimit>> = {};
  for (const key of Object.keys(schema.shape) as (keyof Shape & string)[]) {
    const field = schema.shape[key] as z.ZodType;
    limits[key] = { ...boundsOf(field), required: !field.safeParse(undefined).success };
  }
  return limits as { [K in keyof Shape]: FieldLimit };
};
