import {
  type BusinessCode,
  businessMessages,
  type FieldError,
  httpMessages,
  httpStatusMessages,
} from '@yuexun/contract';

export type EnvelopeLike = Record<string, unknown>;

/**
 * Only an object carrying one of the envelope's markers is judged by the success test; other JSON
 * (a plain array, a third-party payload) is handed back as it came.
 */
export const asEnvelope = (body: unknown): EnvelopeLike | undefined => {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return undefined;
  const markers = ['success', 'flag', 'status', 'statusCode'];
  return markers.some((key) => key in body) ? (body as EnvelopeLike) : undefined;
};

const nonEmptyString = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

const catalogueMessage = (code: unknown) =>
  businessMessages[Number(code) as BusinessCode]?.['zh-CN'] as string | undefined;

/** An envelope that failed the success test of spec §8, raised so that callers stop at the failure. */
export class BusinessError extends Error {
  override readonly name = 'BusinessError';
  readonly errorCode: number | string | undefined;
  readonly errorMessage: string;
  readonly showType: number | undefined;
  readonly errors: FieldError[] | undefined;
  /** The envelope's `data` field, as Ant Design Pro's error info carried it. */
  readonly data: unknown;
  /** The envelope as received, for callers that skip the handler and need more than the fields above. */
  readonly response: EnvelopeLike;

  constructor(envelope: EnvelopeLike) {
    // Spring-style backends (sports-api) answer with statusCode and message instead of errorCode and errorMessage.
    const code = envelope.errorCode ?? envelope.status ?? envelope.statusCode;
    const errorMessage =
      nonEmptyString(envelope.errorMessage) ??
      nonEmptyString(envelope.message) ??
      catalogueMessage(code) ??
      httpMessages.fallback;
    super(errorMessage);
    this.errorCode = typeof code === 'number' || typeof code === 'string' ? code : undefined;
    this.errorMessage = errorMessage;
    this.showType = typeof envelope.showType === 'number' ? envelope.showType : undefined;
    this.errors = Array.isArray(envelope.errors) ? (envelope.errors as FieldError[]) : undefined;
    this.data = envelope.data;
    this.response = envelope;
  }
}

/** An HTTP status outside 200–299. Our server still answers an envelope then, whose message is preferred. */
export class HttpError extends Error {
  override readonly name = 'HttpError';
  /** The Chinese wording of the status, or the server's reason phrase for statuses the catalogue lacks. */
  readonly statusText: string;

  constructor(
    readonly status: number,
    readonly url: string,
    reasonPhrase: string,
    readonly envelope: EnvelopeLike | undefined,
  ) {
    const statusText = httpStatusMessages[status] ?? (reasonPhrase || httpMessages.fallback);
    super(nonEmptyString(envelope?.errorMessage) ?? statusText);
    this.statusText = statusText;
  }
}

/** A body that is not JSON where JSON was expected; the user sees the fallback line, developers the cause. */
export class ParseError extends Error {
  override readonly name = 'ParseError';

  constructor(
    readonly url: string,
    readonly responseText: string,
    cause: unknown,
  ) {
    super(httpMessages.fallback, { cause });
  }
}

export class TimeoutError extends Error {
  override readonly name = 'TimeoutError';

  constructor(
    readonly url: string,
    readonly timeoutMs: number,
  ) {
    super(httpMessages.timeout(timeoutMs));
  }
}
