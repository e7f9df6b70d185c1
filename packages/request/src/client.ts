import {
  type ActionArgs,
  type ActionDef,
  type ActionItem,
  actionPath,
  DEFAULT_PAGE_SIZE,
  emptyPage,
  FIRST_PAGE,
  isSuccessResponse,
  messages,
  type PagingOutput,
  type SuccessEnvelope,
} from '@yuexun/contract';
import { createResponseCache } from './cache';
import { asEnvelope, BusinessError, ParseError } from './errors';
import { type RequestClientOptions, type RequestOptions, readSessionId, resolveOptions } from './options';
import { type FieldValues, joinBase, withQuery } from './query-string';
import { buildRequestInit } from './request-init';
import { describeError, type ErrorDisplay, isSessionLost, leadAway, showError } from './show-error';
import { transfer } from './transport';

export type PagedResult<T> = PagingOutput & { datas: T[] };

export type ActionCallOptions = Pick<
  RequestOptions,
  | 'headers'
  | 'requestType'
  | 'skipErrorHandler'
  | 'quiet'
  | 'withSession'
  | 'acceptInWorking'
  | 'timeoutMs'
  | 'signal'
>;

/** The input may be left out when the action needs nothing beyond siteId (logout, current user). */
type ActionCallArgs<A extends ActionDef> =
  Record<never, never> extends ActionArgs<A>
    ? [input?: ActionArgs<A>, options?: ActionCallOptions]
    : [input: ActionArgs<A>, options?: ActionCallOptions];

/** A list answer without paging fields is one page holding everything. */
const asPagedResult = <T>(body: SuccessEnvelope<T>): PagedResult<T> => {
  const datas = Array.isArray(body.datas) ? body.datas : [];
  return {
    ...body,
    datas,
    pageIndex: body.pageIndex ?? FIRST_PAGE,
    pageSize: body.pageSize ?? Math.max(datas.length, DEFAULT_PAGE_SIZE),
    totalRecordCount: body.totalRecordCount ?? datas.length,
    totalPageCount: body.totalPageCount ?? (datas.length > 0 ? 1 : 0),
  };
};

/** The first element of a success envelope's `datas`; its absence is a malformed answer. */
const firstItem = (body: unknown, url: string) => {
  const datas = (body as { datas?: unknown } | undefined)?.datas;
  const item = Array.isArray(datas) ? datas[0] : undefined;
  if (item === undefined)
    throw new ParseError(url, JSON.stringify(body) ?? '', new Error('The answer holds no item'));
  return item;
};

export const createRequestClient = (clientOptions: RequestClientOptions) => {
  const config = resolveOptions(clientOptions);
  const cache = createResponseCache({ ttlMs: config.cacheTtlMs, now: config.now });
  const display: ErrorDisplay = config;

  const perform = async (url: string, options: RequestOptions, extraFields: FieldValues) => {
    const target = withQuery(joinBase(config.baseUrl, url), options.params);
    const responseType = options.responseType ?? 'json';
    const cacheKey = `${responseType} ${target}`;
    const cacheable = options.useCache === true && (options.method ?? 'get').toUpperCase() === 'GET';
    const cached = cacheable ? cache.lookup(cacheKey) : undefined;
    if (cached) return cached.value;

    const sid = options.withSession ? readSessionId(config.storage) : undefined;
    const result = await transfer({
      fetch: config.fetch,
      url: target,
      init: buildRequestInit(options, sid, extraFields),
      timeoutMs: options.timeoutMs ?? config.timeoutMs,
      responseType,
      signal: options.signal,
    });
    const envelope = responseType === 'json' ? asEnvelope(result) : undefined;
    if (envelope && !isSuccessResponse(envelope, { acceptInWorking: options.acceptInWorking === true })) {
      throw new BusinessError(envelope);
    }
    if (cacheable) cache.store(cacheKey, result);
    return result;
  };

  /** `pick` takes what the caller wants from the body; a throw there is a failure like any other. */
  const run = async (
    url: string,
    options: RequestOptions,
    extraFields: FieldValues = {},
    pick: (body: unknown) => unknown = (body) => body,
  ) => {
    try {
      return pick(await perform(url, options, extraFields));
    } catch (error) {
      // A caller that cancelled has moved on; telling the user about it would be noise.
      if (!options.skipErrorHandler && !options.signal?.aborted) {
        showError(error, display, { quiet: options.quiet === true });
      }
      throw error;
    }
  };

  /** Spec §8 for lists: any failure shows "请求错误 {message}" and yields the empty page. */
  const runList = async <T>(url: string, options: RequestOptions, extraFields: FieldValues = {}) => {
    try {
      return asPagedResult((await perform(url, options, extraFields)) as SuccessEnvelope<T>);
    } catch (error) {
      if (options.signal?.aborted) throw error;
      if (!options.skipErrorHandler && !leadAway(error, display) && !options.quiet) {
        config.ui.notification.error({ message: messages.requestError(describeError(error)) });
      }
      return emptyPage() as PagedResult<T>;
    }
  };

  /** Every business call is a POST carrying the site id (spec §7), form-encoded unless asked otherwise. */
  const actionRequest = (input: unknown, options: ActionCallOptions = {}): RequestOptions => ({
    ...options,
    method: 'post',
    data: input as FieldValues | undefined,
  });
  const siteFields = { siteId: config.siteId };

  return {
    /** Parsed body of a successful answer; failures are displayed (unless skipped) and rethrown. */
    request: <T = unknown>(url: string, options: RequestOptions = {}) => run(url, options) as Promise<T>,
    requestList: <T = unknown>(url: string, options: RequestOptions = {}) => runList<T>(url, options),
    /** POSTs the form body with siteId to the action's path and resolves with its success envelope. */
    callAction: <A extends ActionDef>(def: A, ...[input, options]: ActionCallArgs<A>) =>
      run(actionPath(def), actionRequest(input, options), siteFields) as Promise<
        SuccessEnvelope<ActionItem<A>>
      >,
    /**
     * The one record an action answers (the saved item, a detail), typed from the contract. An answer
     * without it fails as a malformed answer would (the fallback line is shown unless quiet), so a caller
     * never holds `undefined` where the record should be.
     */
    callActionOne: <A extends ActionDef>(def: A, ...[input, options]: ActionCallArgs<A>) =>
      run(actionPath(def), actionRequest(input, options), siteFields, (body) =>
        firstItem(body, actionPath(def)),
      ) as Promise<ActionItem<A>>,
    callActionList: <A extends ActionDef>(def: A, ...[input, options]: ActionCallArgs<A>) =>
      runList<ActionItem<A>>(actionPath(def), actionRequest(input, options), siteFields),
    clearCache: () => cache.clear(),
    /** True for a failure meaning the session is gone (the codes this client was configured with). */
    isSessionLost: (error: unknown): error is BusinessError => isSessionLost(error, config),
  };
};

export type RequestClient = ReturnType<typeof createRequestClient>;
