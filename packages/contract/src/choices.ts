/**
 * True when `value` is one of `choices`: narrows text from an untyped source (a table's filter, a URL)
 * to the contract's union without a cast.
 */
export const isOneOf = <const T extends readonly string[]>(choices: T, value: unknown): value is T[number] =>
  typeof value === 'string' && choices.includes(value);
