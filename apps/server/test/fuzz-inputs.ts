/**
 * The fuzz test's inputs, generated from the contract's own schemas: valid and hostile values
 * (boundary numbers, huge strings, control characters, lone surrogates, wrong types, extra and
 * missing fields, one field of a valid input dropped or sent empty, prototype keys) for every action, and their encodings as form, JSON and multipart.
 */
import { type ActionDef, SITE_ID } from '@yuexun/contract';
import fc from 'fast-check';
import { z } from 'zod';
import { actionFields, type FieldKind } from './contract-inputs';

/** Enum and literal values anywhere inside a field's schema (through preprocess, optional, default…). */
const choicesOf = (schema: z.ZodType): string[] => {
  const found = new Set<string>();
  const seen = new Set<unknown>();
  const walk = (node: unknown, depth: number) => {
    if (depth > 8 || !node || typeof node !== 'object' || seen.has(node)) return;
    seen.add(node);
    if (node instanceof z.ZodEnum) for (const v of node.options) found.add(String(v));
    if (node instanceof z.ZodLiteral) for (const v of node.values) found.add(String(v));
    const def = (node as { _zod?: { def?: Record<string, unknown> } })._zod?.def;
    if (def) for (const child of Object.values(def)) walk(child, depth + 1);
    if (Array.isArray(node)) for (const child of node) walk(child, depth + 1);
  };
  walk(schema, 0);
  return [...found];
};

const BOUNDARY_NUMBERS = [
  '0',
  '-1',
  '1.5',
  '2147483647',
  '2147483648',
  '9007199254740991',
  '9007199254740993',
  '1e308',
  '-0',
  'NaN',
  'Infinity',
  ' 7 ',
  '0x10',
  '١٢',
  '9'.repeat(400),
];
export const UNICODE_EDGES = [
  '\uD800',
  '\uDFFF',
  'a\uDBFFb',
  '😀',
  'e\u0301',
  '\u202Eabc',
  '\uFEFF',
  '\u200B',
  '𠮷野家',
  '\u0085',
  'ß'.repeat(3),
  '<script>alert(1)</script>',
  "' or 1=1 --",
  '../../etc/passwd',
  '%00',
  '{{7*7}}',
];
export const PROTOTYPE_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'valueOf',
];

export const controlText = fc.string({
  unit: fc.constantFrom(
    '\u0000',
    '\u0001',
    '\u0008',
    '\u000b',
    '\u001f',
    '\u007f',
    '\u009f',
    '\t',
    '\n',
    'a',
    '中',
  ),
  minLength: 1,
  maxLength: 12,
});
const hugeText = fc.constantFrom('x'.repeat(70_000), '中'.repeat(20_000), '😀'.repeat(5_000));
const wrongTypes = fc.constantFrom<unknown>(
  null,
  true,
  false,
  0,
  -1,
  1.5,
  2147483648,
  9007199254740992,
  1e308,
  [],
  ['1', '2'],
  [[1]],
  {},
  { a: 1 },
  JSON.parse('{"__proto__": {"polluted": 1}}'),
);

export const hostile: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...BOUNDARY_NUMBERS),
  fc.constantFrom(...UNICODE_EDGES),
  controlText,
  hugeText,
  fc.string({ unit: 'binary', maxLength: 24 }),
  wrongTypes,
);

/** Values of other shapes a field may take (phones, uuids, prices, dates, keys): those it accepts are used. */
const OTHER_CANDIDATES = [
  '13812345678',
  '7d444840-9dc0-11d1-b245-5ffdce74fad2',
  '19800.5',
  '2026-01-01T00:00:00+08:00',
  '2026-01-01',
  'fuzz-key-0001',
  'true',
  '1',
  'a'.repeat(43),
];

/** A value the field accepts (checked against its own schema), or none when it accepts none of ours. */
const validFor = (field: { kind: FieldKind['kind']; schema: z.ZodType; sample?: string }) => {
  const accepts = (v: unknown) => field.schema.safeParse(v).success;
  const choices = choicesOf(field.schema).filter(accepts);
  if (choices.length > 0) return fc.constantFrom(...choices);
  if (field.kind === 'number') return fc.integer({ min: 1, max: 40 }).map(String);
  if (field.kind === 'text') {
    // Checked once here, not per run: a filter a random string rarely passes would spin forever.
    const sample = field.sample ?? 'abc';
    const variants = [sample, `中文${sample}`, `${sample} 😀`, `𠮷${sample}`, `x${sample}`].filter(accepts);
    return fc.constantFrom(...variants);
  }
  const others = OTHER_CANDIDATES.filter(accepts);
  return others.length > 0 ? fc.constantFrom(...others) : null;
};

export interface Target {
  name: string;
  def: ActionDef;
  body: fc.Arbitrary<Record<string, unknown>>;
}

/** Own properties, so __proto__ and friends are keys as a parser would make them. */
const assemble = (pairs: [string, unknown][], fixed: Record<string, string>) => {
  const out: Record<string, unknown> = {};
  for (const [key, value] of pairs)
    if (value !== undefined) Object.defineProperty(out, key, { value, enumerable: true, writable: true });
  for (const [k, v] of Object.entries(fixed)) out[k] = v;
  return out;
};

export const targets: Target[] = actionFields().map(({ def, fixed, fields }) => {
  const keys = ['siteId', ...fields.map((f) => f.key)];
  // A valid body: every field the schema requires, optional ones now and then.
  const validEntries = fields.map((f) => {
    const valid = validFor(f);
    const required = !f.schema.safeParse(undefined).success;
    if (!valid) return fc.constant<unknown>(undefined);
    return required ? valid : fc.option(valid, { nil: undefined });
  });
  const validBody = fc
    .tuple(...validEntries)
    .map((values) =>
      assemble(
        [['siteId', SITE_ID], ...fields.map((f, i) => [f.key, values[i]] as [string, unknown])],
        fixed,
      ),
    );
  // The same with one field (or an extra, prototype-named one) hostile: the case that reaches the database.
  const oneHostile = fc
    .tuple(validBody, fc.oneof(fc.constantFrom(...keys), fc.constantFrom(...PROTOTYPE_KEYS)), hostile)
    .map(([body, key, value]) => assemble([...Object.entries(body), [key, value]], fixed));
  // A valid body with one field left out, or sent empty: a required one must be named in the 400, never
  // reach the database (issue 31 found a missing e-mail answering 500).
  const fieldKeys = fields.map((f) => f.key);
  const oneDropped =
    fieldKeys.length === 0
      ? validBody
      : fc.tuple(validBody, fc.constantFrom(...fieldKeys)).map(([body, key]) => {
          const { [key]: _, ...rest } = body;
          return assemble(Object.entries(rest), fixed);
        });
  const oneEmpty =
    fieldKeys.length === 0
      ? validBody
      : fc
          .tuple(validBody, fc.constantFrom(...fieldKeys))
          .map(([body, key]) => assemble([...Object.entries(body), [key, '']], fixed));
  // Anything: fields missing, valid or hostile, extra keys.
  const chaos = fc
    .tuple(
      fc.tuple(
        ...fields.map((f) => fc.option(fc.oneof(validFor(f) ?? hostile, hostile), { nil: undefined })),
      ),
      fc.dictionary(fc.oneof(fc.constantFrom(...PROTOTYPE_KEYS), fc.string({ maxLength: 8 })), hostile, {
        maxKeys: 3,
      }),
      fc.oneof({ weight: 8, arbitrary: fc.constant<unknown>(SITE_ID) }, { weight: 1, arbitrary: hostile }),
    )
    .map(([values, extra, site]) =>
      assemble(
        [
          ...Object.entries(extra),
          ['siteId', site],
          ...fields.map((f, i) => [f.key, values[i]] as [string, unknown]),
        ],
        fixed,
      ),
    );
  const body = fc.oneof(validBody, oneHostile, oneHostile, oneDropped, oneEmpty, chaos);
  return { name: def.name, def, body };
});

export const asText = (value: unknown) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));

export const encode = (encoding: 'form' | 'json' | 'multipart', body: Record<string, unknown>) => {
  if (encoding === 'json') return { body: JSON.stringify(body), type: 'application/json' };
  if (encoding === 'form') {
    const form = new URLSearchParams();
    for (const [k, v] of Object.entries(body)) {
      if (Array.isArray(v)) for (const item of v) form.append(k, asText(item));
      else form.append(k, asText(v));
    }
    return { body: form.toString(), type: 'application/x-www-form-urlencoded' };
  }
  const form = new FormData();
  for (const [k, v] of Object.entries(body)) form.append(k, asText(v));
  return { body: form, type: null };
};
