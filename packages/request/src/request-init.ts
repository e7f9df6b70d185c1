import type { RequestOptions, RequestType } from './options';
import { encodeValue, type FieldValues, toSearchParams } from './query-string';

const FORM_CONTENT_TYPE = 'application/x-www-form-urlencoded;charset=UTF-8';
const JSON_CONTENT_TYPE = 'application/json;charset=UTF-8';
const BODILESS_METHODS = new Set(['GET', 'HEAD']);

interface EncodedBody {
  body: string | FormData | undefined;
  /** Undefined for FormData: fetch writes the multipart boundary itself. */
  contentType: string | undefined;
}

/**
 * A multipart body: the client's fields (siteId, sid) first, since the server checks the session when the
 * file part arrives; then the caller's, a Blob value as a file, arrays repeating the key.
 */
const multipartOf = (data: FieldValues | FormData | undefined, extra: FieldValues): FormData => {
  const form = new FormData();
  const added = Object.entries(extra).filter(([, value]) => value !== undefined);
  for (const [key, value] of added) form.append(key, String(value));
  const own = new Set(added.map(([key]) => key));
  // A FormData is copied, so the caller's form (often reused for a retry) does not collect our fields.
  const entries = data instanceof FormData ? [...data.entries()] : Object.entries(data ?? {});
  for (const [key, value] of entries) {
    if (own.has(key)) continue;
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item instanceof Blob) form.append(key, item);
      else {
        const encoded = encodeValue(item);
        if (encoded !== undefined) form.append(key, encoded);
      }
    }
  }
  return form;
};

/** `extra` holds the fields the client adds (siteId, sid); undefined ones are left out. */
const encodeBody = (
  data: FieldValues | FormData | undefined,
  requestType: RequestType,
  extra: FieldValues,
): EncodedBody => {
  // fetch writes the multipart content type with its boundary itself.
  if (data instanceof FormData || requestType === 'multipart') {
    return { body: multipartOf(data, extra), contentType: undefined };
  }
  if (data === undefined && Object.values(extra).every((value) => value === undefined)) {
    return { body: undefined, contentType: undefined };
  }
  const fields = { ...data, ...extra };
  if (requestType === 'json') return { body: JSON.stringify(fields), contentType: JSON_CONTENT_TYPE };
  return { body: toSearchParams(fields).toString(), contentType: FORM_CONTENT_TYPE };
};

/** Method, headers and body of one call; credentials stay same-origin so the session cookie rides along. */
export const buildRequestInit = (
  options: RequestOptions,
  sid: string | undefined,
  extraFields: FieldValues,
): RequestInit => {
  const method = (options.method ?? 'get').toUpperCase();
  const headers = new Headers(options.headers);
  if (!headers.has('accept')) {
    headers.set('accept', options.responseType === 'text' ? '*/*' : 'application/json');
  }
  if (BODILESS_METHODS.has(method)) {
    // GET and HEAD carry no body; the server also reads the session id from this header.
    if (sid !== undefined) headers.set('x-sid', sid);
    return { method, headers, credentials: 'same-origin' };
  }
  const { body, contentType } = encodeBody(options.data, options.requestType ?? 'form', {
    ...extraFields,
    sid,
  });
  if (contentType !== undefined && !headers.has('content-type')) headers.set('content-type', contentType);
  return { method, headers, body, credentials: 'same-origin' };
};
