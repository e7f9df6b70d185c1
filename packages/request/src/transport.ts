import { asEnvelope, HttpError, ParseError, TimeoutError } from './errors';

export type ResponseType = 'json' | 'text';

export interface Transfer {
  fetch: typeof globalThis.fetch;
  url: string;
  init: RequestInit;
  timeoutMs: number;
  responseType: ResponseType;
  /** The caller's own cancel signal (a page left before its data arrived). */
  signal?: AbortSignal | undefined;
}

const parseJson = (url: string, text: string): unknown => {
  // 204 and HEAD answers have no body; that is not a parse failure.
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch (cause) {
    throw new ParseError(url, text, cause);
  }
};

const envelopeOf = (text: string) => {
  try {
    return asEnvelope(JSON.parse(text));
  } catch {
    return undefined;
  }
};

/**
 * One HTTP exchange with a deadline covering the body as well as the headers, so a stalled stream times
 * out like a stalled server. Failures come out as the transport errors of spec §8.
 */
export const transfer = async ({ fetch, url, init, timeoutMs, responseType, signal }: Transfer) => {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new TimeoutError(url, timeoutMs)), timeoutMs);
  const forwardAbort = () => controller.abort(signal?.reason);
  if (signal?.aborted) forwardAbort();
  signal?.addEventListener('abort', forwardAbort, { once: true });
  try {
    const response = await fetch(url, { ...init, signal: controller.signal });
    const text = await response.text();
    if (!response.ok) throw new HttpError(response.status, url, response.statusText, envelopeOf(text));
    return responseType === 'text' ? text : parseJson(url, text);
  } catch (error) {
    // Runtimes differ in what fetch rejects with after an abort; the signal's reason is the real cause.
    if (controller.signal.aborted) throw controller.signal.reason;
    throw error;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', forwardAbort);
  }
};
