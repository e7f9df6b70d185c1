/**
 * The two push APIs, as documented by the engines:
 * - Baidu 普通收录: POST {endpoint}?site=…&token=…, text/plain, one URL per line; answers JSON
 *   {"success": n, "remain": m} or {"error": code, "message": "…"} (over quota, site not verified …).
 * - IndexNow: POST JSON {host, key, keyLocation, urlList}; 200 or 202 accepted, 4xx refused.
 * Any answer but success throws, so the outbox retries later (a quota exhausted today is there tomorrow).
 */
export interface PushAnswer {
  ok: boolean;
  httpStatus: number | null;
  answer: string;
  accepted: number | null;
  remain: number | null;
}

const ANSWER_MAX = 500;

const post = async (url: string, init: RequestInit, timeoutMs: number, signal: AbortSignal) => {
  try {
    const res = await fetch(url, {
      ...init,
      method: 'POST',
      redirect: 'error',
      signal: AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]),
    });
    const text = (await res.text()).replace(/\s+/g, ' ').trim().slice(0, ANSWER_MAX);
    return { status: res.status, text };
  } catch (error) {
    const reason =
      error instanceof Error
        ? error.cause instanceof Error
          ? error.cause.message
          : error.message
        : String(error);
    return { status: null, text: reason.slice(0, ANSWER_MAX) };
  }
};

const readJson = (text: string): Record<string, unknown> => {
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
};

const intOrNull = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) ? v : null);

export const pushToBaidu = async (
  endpoint: string,
  site: string,
  token: string,
  urls: string[],
  options: { timeoutMs: number; signal: AbortSignal },
): Promise<PushAnswer> => {
  const target = new URL(endpoint);
  target.searchParams.set('site', site);
  target.searchParams.set('token', token);
  const { status, text } = await post(
    target.href,
    { headers: { 'content-type': 'text/plain' }, body: urls.join('\n') },
    options.timeoutMs,
    options.signal,
  );
  const body = readJson(text);
  const accepted = intOrNull(body.success);
  const ok = status === 200 && accepted !== null && body.error === undefined;
  return { ok, httpStatus: status, answer: text || '(empty)', accepted, remain: intOrNull(body.remain) };
};

export const pushToIndexNow = async (
  endpoint: string,
  request: { host: string; key: string; keyLocation: string; urlList: string[] },
  options: { timeoutMs: number; signal: AbortSignal },
): Promise<PushAnswer> => {
  const { status, text } = await post(
    endpoint,
    { headers: { 'content-type': 'application/json; charset=utf-8' }, body: JSON.stringify(request) },
    options.timeoutMs,
    options.signal,
  );
  const ok = status === 200 || status === 202;
  return { ok, httpStatus: status, answer: text || (ok ? 'OK' : '(empty)'), accepted: null, remain: null };
};
