export type { ActionArgs } from '@yuexun/contract';
export type { ActionCallOptions, PagedResult, RequestClient } from './client';
export { createRequestClient } from './client';
export { BusinessError, HttpError, ParseError, TimeoutError } from './errors';
export { DEFAULT_ERROR_PATH, DEFAULT_LOGIN_PATH } from './navigation';
export type {
  HttpMethod,
  RequestClientOptions,
  RequestOptions,
  RequestType,
  SessionStorage,
} from './options';
export { DEFAULT_TIMEOUT_MS } from './options';
export { toSearchParams } from './query-string';
export type { RequestUi } from './show-error';
export { describeError } from './show-error';
