/**
 * One HTTP call to an outside platform's open API (企业微信, 钉钉, 飞书): a timeout on every call, the JSON answer,
 * and every failure as a `PlatformError` carrying the platform's own code and a Chinese reason (from the
 * platform module's table of codes, else the platform's message). Used by wecom.ts, dingtalk.ts and feishu.ts.
 */

/** Every call to a platform gives up after this long. */
export const PLATFORM_TIMEOUT_MS = 10_000;

export class PlatformError extends Error {
  constructor(
    readonly platform: string,
    /** The platform's business code (errcode, code), or null for a network or HTTP failure. */
    readonly code: string | null,
    /** Why, in Chinese, for logs and 测试连接. */
    readonly reason: string,
  ) {
    super(`${platform}：${reason}`);
  }
}

const clip = (text: string, max = 200) => text.replace(/\s+/g, ' ').trim().slice(0, max);

export type Json = Record<string, unknown>;

export const isJsonObject = (value: unknown): value is Json =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

export interface PlatformRequest {
  method?: 'GET' | 'POST';
  /** Sent as JSON. */
  body?: unknown;
  headers?: Record<string, string>;
  timeoutMs?: number;
}

/** Fetches `url` and answers the parsed JSON object; a timeout, network error, non-JSON or HTTP error throws. */
export const fetchPlatformJson = async (
  platform: string,
  url: string,
  request: PlatformRequest = {},
): Promise<Json> => {
  const timeoutMs = request.timeoutMs ?? PLATFORM_TIMEOUT_MS;
  let res: Response;
  try {
    res = await fetch(url, {
      method: request.method ?? (request.body === undefined ? 'GET' : 'POST'),
      headers: {
        accept: 'application/json',
        ...(request.body === undefined ? {} : { 'content-type': 'application/json; charset=utf-8' }),
        ...request.headers,
      },
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    const name = error instanceof Error ? error.name : '';
    if (name === 'TimeoutError' || name === 'AbortError')
      throw new PlatformError(platform, null, `请求超时（${Math.round(timeoutMs / 1000)} 秒内没有应答）`);
    const cause =
      error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error);
    throw new PlatformError(platform, null, `无法连接：${clip(cause)}`);
  }
  const text = await res.text().catch(() => '');
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    json = null;
  }
  const object = isJsonObject(json) ? json : null;
  if (res.status >= 400 && !object)
    throw new PlatformError(platform, null, `HTTP ${res.status}${text ? `：${clip(text)}` : ''}`);
  if (!object) throw new PlatformError(platform, null, `应答无法识别：${clip(text) || '（空）'}`);
  return object;
};

/** A platform's table of business codes → Chinese reasons; unknown codes show the platform's message. */
export const reasonOf = (known: Record<string, string>, code: string, message: string) =>
  known[code] ?? `错误码 ${code}${message ? `（${clip(message)}）` : ''}`;

export const stringField = (json: Json, name: string) => {
  const value = json[name];
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
};

/** A sub-object of an answer, or an empty one. */
export const objectField = (json: Json, name: string): Json => {
  const value = json[name];
  return isJsonObject(value) ? value : {};
};

export const listField = (json: Json, name: string): unknown[] => {
  const value = json[name];
  return Array.isArray(value) ? value : [];
};
