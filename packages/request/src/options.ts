import { BusinessCode, REQUEST_CACHE_TTL_MS, SESSION_STORAGE_KEY, SITE_ID } from '@yuexun/contract';
import type { BusinessError } from './errors';
import { DEFAULT_ERROR_PATH, DEFAULT_LOGIN_PATH } from './navigation';
import type { FieldValues } from './query-string';
import type { RequestUi } from './show-error';
import type { ResponseType } from './transport';

export const DEFAULT_TIMEOUT_MS = 30_000;

/** What `localStorage` offers and the client needs; the mobile wrapper may hand in its own store. */
export interface SessionStorage {
  getItem(key: string): string | null;
}

export interface RequestClientOptions {
  ui: RequestUi;
  /** Leaves the page: to the login page on 401, to the error page for showType 9. */
  navigate: (url: string) => void;
  fetch?: typeof globalThis.fetch;
  /** '' keeps calls on the page's origin; the mobile wrapper supplies its own base. */
  baseUrl?: string;
  storage?: SessionStorage;
  loginPath?: string;
  errorPath?: string;
  /** The page to return to after logging in, sent as `redirect` (e.g. `() => location.href`). */
  currentLocation?: () => string;
  timeoutMs?: number;
  siteId?: number;
  cacheTtlMs?: number;
  /** The clock of the GET cache. */
  now?: () => number;
  /** Business codes meaning the session is gone: spec §8 names 401; the console counts 402 as well. */
  sessionLostCodes?: readonly number[];
  /**
   * What a lost session does instead of the default, leaving for `loginPath` with the current location
   * (the console's hash route, or a login dialog over unsaved work).
   */
  onSessionLost?: (error: BusinessError) => void;
  /** 403 leads here instead of showing its message (the console's 403 page). */
  onForbidden?: (error: BusinessError) => void;
}

export type RequestType = 'form' | 'json' | 'multipart';

export type HttpMethod = 'get' | 'post' | 'delete' | 'put' | 'patch' | 'head' | 'options';

export interface RequestOptions {
  method?: HttpMethod | Uppercase<HttpMethod>;
  params?: FieldValues;
  data?: FieldValues | FormData;
  /**
   * Business calls are form-encoded; 'json' sends UTF-8 JSON (rich text, lists of objects); 'multipart'
   * sends multipart/form-data, files (Blob values) included.
   */
  requestType?: RequestType;
  responseType?: ResponseType;
  headers?: Record<string, string>;
  /** GET only: answer from memory within the cache time-to-live, keyed by URL and params. */
  useCache?: boolean;
  /** The caller shows the failure itself: nothing is displayed, nobody is moved, the error is rethrown. */
  skipErrorHandler?: boolean;
  /**
   * The caller shows the message itself (a form's field messages, a quiet autosave), but a lost session
   * and a 403 are still handled as usual.
   */
  quiet?: boolean;
  /** Adds the stored session id as `sid` (the mobile wrapper has no cookie). */
  withSession?: boolean;
  /** Treats flag IN_WORKING (an accepted asynchronous job) as success. */
  acceptInWorking?: boolean;
  timeoutMs?: number;
  signal?: AbortSignal;
}

const browserStorage = (): SessionStorage | undefined => {
  try {
    return (globalThis as { localStorage?: SessionStorage }).localStorage;
  } catch {
    // Browsers with storage disabled throw on access; the cookie still carries the session.
    return undefined;
  }
};

export const resolveOptions = (options: RequestClientOptions) => ({
  ui: options.ui,
  navigate: options.navigate,
  // Called through a wrapper: a bare `window.fetch` invoked as a property of another object throws
  // "Illegal invocation" in browsers.
  fetch: options.fetch ?? ((...args: Parameters<typeof globalThis.fetch>) => globalThis.fetch(...args)),
  baseUrl: options.baseUrl ?? '',
  storage: options.storage ?? browserStorage(),
  loginPath: options.loginPath ?? DEFAULT_LOGIN_PATH,
  errorPath: options.errorPath ?? DEFAULT_ERROR_PATH,
  currentLocation: options.currentLocation,
  timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
  siteId: options.siteId ?? SITE_ID,
  cacheTtlMs: options.cacheTtlMs ?? REQUEST_CACHE_TTL_MS,
  now: options.now ?? Date.now,
  sessionLostCodes: options.sessionLostCodes ?? [BusinessCode.NOT_LOGGED_IN],
  onSessionLost: options.onSessionLost,
  onForbidden: options.onForbidden,
});
export type ResolvedOptions = ReturnType<typeof resolveOptions>;

export const readSessionId = (storage: SessionStorage | undefined): string | undefined => {
  try {
    return storage?.getItem(SESSION_STORAGE_KEY) ?? undefined;
  } catch {
    return undefined;
  }
};
