/**
 * Route and query parameters as visitors type them: only plain positive integers count; text,
 * negatives, zero, decimals and huge numbers are "not found", never an error.
 */
const POSITIVE_INT = /^[1-9]\d{0,8}$/;

export const parseId = (value: string | null | undefined): number | null =>
  value && POSITIVE_INT.test(value) ? Number(value) : null;

/** A missing page number is page 1; anything that is not a positive integer is refused (null). */
export const parsePage = (value: string | null): number | null =>
  value === null || value === '' ? 1 : parseId(value);

/** Answered by the site's not-found page with HTTP 404 (Astro reroutes a 404 response to it). */
export const notFound = () => new Response(null, { status: 404 });

const ERROR_CODE = /^[\w-]{1,16}$/;
const MESSAGE_MAX = 200;

/**
 * errorCode and errorMessage of the error page, as any visitor can type them: a code of letters,
 * digits, - and _ only (else none), a message cut to 200 characters (else none); both shown as text.
 */
export const errorPageQuery = (query: URLSearchParams) => {
  const code = query.get('errorCode')?.trim() ?? '';
  const message = [...(query.get('errorMessage')?.trim() ?? '')].slice(0, MESSAGE_MAX).join('');
  return { code: ERROR_CODE.test(code) ? code : undefined, message: message || undefined };
};
