/**
 * Partial updates: a console form sends the fields it shows, and only those change. A field left
 * out of the request is undefined here and must never reach the UPDATE's SET list.
 */
export const definedOnly = <T extends Record<string, unknown>>(values: T) =>
  Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as {
    [K in keyof T]?: Exclude<T[K], undefined>;
  };

/** undefined stays "unchanged"; null (an explicit empty value) becomes the column's empty value. */
export const orEmpty = <T, E>(value: T | null | undefined, empty: E): T | E | undefined =>
  value === undefined ? undefined : value === null ? empty : value;
