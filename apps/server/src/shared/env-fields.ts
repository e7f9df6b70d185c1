/**
 * The shapes of environment settings, shared by config.ts and the settings modules beside the features they
 * configure (s3-config, sms-config, database-config): every variable is read and refused the same way.
 */
import { z } from 'zod';

/** true/false as operators write it (true, false, 1, 0, yes, no). */
export const envFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** A whole number within bounds, the message naming them. */
export const envInt = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, { error: `must be an integer between ${min} and ${max}` })
    .transform(Number)
    .refine((n) => n >= min && n <= max, { error: `must be an integer between ${min} and ${max}` });

/** An http(s) address (an outside service's, or its local stand-in's in tests). */
export const envHttpUrl = () => z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });
