/**
 * Baidu oCPC's conversion upload (线索 API), as its developer document describes `uploadConvertData`: POST JSON
 * `{ token, conversionTypes: [{ logidUrl, newType }] }` (fewer than 100 per call; one entry per conversion, the
 * same click twice for two types), logidUrl being the landing address with bd_vid (at most 1024 characters).
 * The answer's `header.status` 0 is success; anything else names the refusal in `header.desc` and
 * `header.failures`. Every outcome comes back as one Chinese line for the delivery log; a failure throws it
 * (the outbox retries with backoff). The endpoint is BAIDU_OCPC_URL, so tests talk to a local stand-in.
 */

export interface BaiduConversion {
  logidUrl: string;
  newType: number;
}

export interface BaiduCallOptions {
  timeoutMs: number;
  signal: AbortSignal;
}

const ANSWER_MAX = 300;
const clip = (text: string) => text.replace(/\s+/g, ' ').trim().slice(0, ANSWER_MAX);

/** What Baidu said, beyond the status: its description and each failure's message. */
const refusalText = (header: Record<string, unknown>) => {
  const failures = Array.isArray(header.failures) ? header.failures : [];
  const reasons = failures
    .map((f) =>
      f && typeof f === 'object' ? String((f as Record<string, unknown>).message ?? '') : String(f ?? ''),
    )
    .filter(Boolean);
  return clip([String(header.desc ?? ''), ...reasons].filter(Boolean).join('；'));
};

/** Uploads the conversions; returns Baidu's answer as a line, throws an Error with the reason otherwise. */
export const uploadBaiduConversions = async (
  endpoint: string,
  token: string,
  conversions: BaiduConversion[],
  options: BaiduCallOptions,
): Promise<string> => {
  let res: Response;
  try {
    res = await fetch(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify({ token, conversionTypes: conversions }),
      redirect: 'error',
      signal: AbortSignal.any([options.signal, AbortSignal.timeout(options.timeoutMs)]),
    });
  } catch (error) {
    const name = error instanceof Error ? error.name : '';
    if (name === 'TimeoutError' || name === 'AbortError')
      throw new Error(`百度接口超时（${Math.round(options.timeoutMs / 1000)} 秒内没有应答）`);
    const cause =
      error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error);
    throw new Error(`无法连接百度接口：${clip(cause)}`);
  }
  const text = await res.text().catch(() => '');
  if (res.status < 200 || res.status >= 300)
    throw new Error(`百度接口返回 HTTP ${res.status}${text ? `：${clip(text)}` : ''}`);
  let header: Record<string, unknown> | null = null;
  try {
    const parsed: unknown = JSON.parse(text);
    const h = parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>).header : null;
    header = h && typeof h === 'object' ? (h as Record<string, unknown>) : null;
  } catch {
    header = null;
  }
  if (!header || typeof header.status !== 'number')
    throw new Error(`百度接口的应答无法识别：${clip(text) || '（空）'}`);
  const said = refusalText(header);
  if (header.status !== 0)
    throw new Error(`百度拒绝了回传（status ${header.status}）${said ? `：${said}` : ''}`);
  return `百度已接收（status 0${said ? `，${said}` : ''}）`;
};
