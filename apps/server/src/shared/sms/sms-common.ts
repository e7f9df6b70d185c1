/** What every SMS provider shares: the interface, the failure reasons and one HTTP call with a timeout. */

export interface SmsProvider {
  sendCode(phone: string, code: string, purpose: string): Promise<void>;
}

/** Why a provider did not send: its rate limit, a template/signature it refuses, our keys, the phone, or anything else. */
export type SmsFailure = 'rate' | 'template' | 'auth' | 'phone' | 'unavailable';

export class SmsSendError extends Error {
  constructor(
    readonly reason: SmsFailure,
    /** The provider's own error code (e.g. isv.BUSINESS_LIMIT_CONTROL), or HTTP/network for transport failures. */
    readonly providerCode: string,
    message: string,
  ) {
    super(message);
  }
}

/** One HTTP call to a provider with the configured timeout; network failures and timeouts become `unavailable`. */
export const callProvider = async (url: string, init: RequestInit, timeoutMs: number) => {
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch (err) {
    const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
    throw new SmsSendError('unavailable', timedOut ? 'TIMEOUT' : 'NETWORK', String(err));
  }
  const text = await res.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new SmsSendError('unavailable', `HTTP_${res.status}`, text.slice(0, 200));
  }
  return { status: res.status, body };
};
