/**
 * The console's request client (packages/request) with antd's message/notification injected, plus
 * the console's own handling: 401 and 402 lead to the login page and back, 403 shows the 403 page.
 */
import {
  type ActionDef,
  type ActionItem,
  actionPath,
  BusinessCode,
  type FieldError,
  messages,
  SITE_ID,
  type SuccessEnvelope,
} from '@yuexun/contract';
import {
  type ActionArgs,
  BusinessError,
  createRequestClient,
  describeError,
  type PagedResult,
} from '@yuexun/request';
import { goToLogin } from '../app/navigation';
import { sinks } from '../app/ui-sinks';

export const client = createRequestClient({
  ui: {
    message: {
      warning: (text) => sinks.message?.warning(text),
      error: (text) => sinks.message?.error(text),
    },
    notification: { error: (args) => sinks.notification?.error({ ...args, placement: 'topRight' }) },
  },
  navigate: (url) => window.location.assign(url),
  currentLocation: () => window.location.href,
});

const codeOf = (error: unknown) => (error instanceof BusinessError ? Number(error.errorCode) : undefined);

/** A business failure the console answers by moving the user instead of showing a message. */
const redirected = (error: unknown) => {
  const code = codeOf(error);
  if (code === BusinessCode.NOT_LOGGED_IN || code === BusinessCode.SESSION_EXPIRED) {
    goToLogin();
    return true;
  }
  if (code === BusinessCode.FORBIDDEN) {
    window.location.hash = '/403';
    return true;
  }
  return false;
};

/** Field messages of a 400 answer, for Form.setFields; empty when the failure was not about fields. */
export const fieldErrors = (error: unknown): FieldError[] =>
  error instanceof BusinessError && error.errors ? error.errors : [];

type Input<A extends ActionDef> = ActionArgs<A>;

/** The typed wrapper of callAction, loosened once here so that the generic helpers below stay simple. */
const rawCall = client.callAction as (def: ActionDef, input?: unknown, options?: object) => Promise<unknown>;

/** Calls an action; failures are shown (or lead to login / 403) and rethrown for the caller's form. */
export const call = async <A extends ActionDef>(
  def: A,
  input?: Input<A>,
  options: { quiet?: boolean } = {},
) => {
  try {
    return (await rawCall(def, input, { skipErrorHandler: true })) as SuccessEnvelope<ActionItem<A>>;
  } catch (error) {
    if (!redirected(error) && !options.quiet) sinks.message?.error(describeError(error));
    throw error;
  }
};

/** Lists: a failure shows "请求错误 {message}" and yields the empty page (spec §8). */
export const callList = async <A extends ActionDef>(def: A, input?: Input<A>) => {
  try {
    return (await rawCall(def, input, { skipErrorHandler: true })) as PagedResult<ActionItem<A>>;
  } catch (error) {
    if (!redirected(error))
      sinks.notification?.error({ message: messages.requestError(describeError(error)) });
    return { datas: [], pageIndex: 1, pageSize: 10, totalRecordCount: 0, totalPageCount: 0 } as PagedResult<
      ActionItem<A>
    >;
  }
};

/** Like `call`, with a JSON body: rich text and lists of objects do not fit a form body. */
export const callJson = async <A extends ActionDef>(def: A, input: Record<string, unknown>) => {
  try {
    return (await client.request(actionPath(def), {
      method: 'post',
      data: { siteId: SITE_ID, ...input },
      requestType: 'json',
      skipErrorHandler: true,
    })) as SuccessEnvelope<ActionItem<A>>;
  } catch (error) {
    if (!redirected(error)) sinks.message?.error(describeError(error));
    throw error;
  }
};

/** One key per opened create form: a double click or a retry of the same form creates one record. */
export const newRequestKey = () => crypto.randomUUID();
