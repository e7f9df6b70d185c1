/**
 * The console's request client: packages/request with antd's message/notification injected and the
 * console's answers to two failures: a lost session (401, and 402 here) opens the login page and comes
 * back (or a login dialog over unsaved work, see onSessionLost), and 403 shows the 403 page. Everything
 * else (messages by showType, the empty page of a failed list) is the request layer's own handling.
 */
import { BusinessCode, type FieldError } from '@yuexun/contract';
import { BusinessError, createRequestClient } from '@yuexun/request';
import { goToLogin } from '../app/navigation';
import { sinks } from '../app/ui-sinks';

/** While a page holds unsaved work, a lost session asks for a login over it instead of leaving. */
let relogin: (() => void) | null = null;

/** Installs the page's login prompt; the returned function removes it again. */
export const onSessionLost = (handler: () => void) => {
  relogin = handler;
  return () => {
    if (relogin === handler) relogin = null;
  };
};

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
  sessionLostCodes: [BusinessCode.NOT_LOGGED_IN, BusinessCode.SESSION_EXPIRED],
  onSessionLost: () => (relogin ? relogin() : goToLogin()),
  onForbidden: () => {
    window.location.hash = '/403';
  },
});

export const isSessionLost = client.isSessionLost;

/**
 * Calls an action; failures are shown by their showType (or lead to login / 403) and rethrown for the
 * caller's form. `{ quiet: true }` leaves the message to the caller; `{ requestType: 'json' }` for rich
 * text and lists of objects, which do not fit a form body.
 */
export const call = client.callAction;

/**
 * Calls an action whose answer is one record (a detail, the saved item) and resolves with it, typed from the
 * contract; an answer without it fails like any other call. Options as for `call`.
 */
export const callOne = client.callActionOne;

/** Rich text and lists of objects do not fit a form body. */
export const JSON_BODY = { requestType: 'json' } as const;

/** Lists: a failure shows "请求错误 {message}" and yields the empty page (spec §8). */
export const callList = client.callActionList;

/** Field messages of a 400 answer, for Form.setFields; empty when the failure was not about fields. */
export const fieldErrors = (error: unknown): FieldError[] =>
  error instanceof BusinessError && error.errors ? error.errors : [];

/** One key per opened create form: a double click or a retry of the same form creates one record. */
export const newRequestKey = () => crypto.randomUUID();
