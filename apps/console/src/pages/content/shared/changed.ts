/**
 * An update sends only what the user changed: the server leaves every field it was not sent as it
 * is, so a field this form did not load or show can never be cleared by a save.
 */
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

export const changedOnly = <T extends object>(values: T, loaded: Partial<T>): Partial<T> =>
  Object.fromEntries(
    Object.entries(values).filter(([key, value]) => !same(value, loaded[key as keyof T])),
  ) as Partial<T>;
