/** Query parameters and form fields: scalars, dates, or arrays of them. */
export type FieldValues = Record<string, unknown>;

export const encodeValue = (value: unknown): string | undefined => {
  if (value === undefined || value === null) return undefined;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
};

/**
 * Arrays repeat the key (`a=1&a=2`), as the original clients sent them and the server's form parser reads
 * them; absent values are left out rather than sent as the strings "undefined" or "null".
 */
export const toSearchParams = (values: FieldValues): URLSearchParams => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      const encoded = encodeValue(item);
      if (encoded !== undefined) search.append(key, encoded);
    }
  }
  return search;
};

export const withQuery = (url: string, params: FieldValues | undefined): string => {
  const query = params ? toSearchParams(params).toString() : '';
  if (query === '') return url;
  return `${url}${url.includes('?') ? '&' : '?'}${query}`;
};

const ABSOLUTE_URL = /^[a-z][a-z\d+.-]*:\/\//i;

/** The mobile wrapper passes an absolute base; web clients keep '' and stay on their own origin. */
export const joinBase = (baseUrl: string, url: string): string => {
  if (baseUrl === '' || ABSOLUTE_URL.test(url)) return url;
  return `${baseUrl.replace(/\/+$/, '')}/${url.replace(/^\/+/, '')}`;
};
