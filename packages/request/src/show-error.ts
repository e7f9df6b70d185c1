import { BusinessCode, httpMessages, ShowType } from '@yuexun/contract';
import { BusinessError, HttpError } from './errors';
import { errorPageUrl, loginUrl } from './navigation';

/** The display sinks of the host app (antd in the console, the site's own toasts in islands). */
export interface RequestUi {
  message: { warning(text: string): unknown; error(text: string): unknown };
  notification: { error(args: { message: string; description?: string }): unknown };
}

export interface ErrorDisplay {
  ui: RequestUi;
  navigate: (url: string) => void;
  loginPath: string;
  errorPath: string;
  currentLocation?: (() => string) | undefined;
  sessionLostCodes: readonly number[];
  onSessionLost?: ((error: BusinessError) => void) | undefined;
  onForbidden?: ((error: BusinessError) => void) | undefined;
}

/** The line a user reads for any failure: the server's message, the transport error's, or the fallback. */
export const describeError = (error: unknown): string => {
  if (error instanceof BusinessError) return error.errorMessage;
  if (error instanceof Error && error.message !== '') return error.message;
  return httpMessages.fallback;
};

const hasCode = (error: unknown, codes: readonly number[]): error is BusinessError =>
  error instanceof BusinessError && codes.includes(Number(error.errorCode));

/** A failure meaning the session is gone (401, and whatever else the client was told). */
export const isSessionLost = (
  error: unknown,
  display: Pick<ErrorDisplay, 'sessionLostCodes'>,
): error is BusinessError => hasCode(error, display.sessionLostCodes);

/** Spec §8: 401 sends the user to the login page instead of showing a message. */
const redirectToLogin = (error: BusinessError, display: ErrorDisplay) => {
  if (display.onSessionLost) {
    display.onSessionLost(error);
    return;
  }
  const target = loginUrl(display.loginPath, display.currentLocation?.());
  if (target !== undefined) display.navigate(target);
};

/**
 * Failures answered by moving the user rather than by a message: a lost session, and a 403 when the app
 * has a page for it. True when it was handled so.
 */
export const leadAway = (error: unknown, display: ErrorDisplay): boolean => {
  if (isSessionLost(error, display)) {
    redirectToLogin(error, display);
    return true;
  }
  if (display.onForbidden && hasCode(error, [BusinessCode.FORBIDDEN])) {
    display.onForbidden(error);
    return true;
  }
  return false;
};

const showBusinessError = (error: BusinessError, display: ErrorDisplay) => {
  const { ui } = display;
  switch (error.showType) {
    case ShowType.SILENT:
      return;
    case ShowType.WARN_MESSAGE:
      ui.message.warning(error.errorMessage);
      return;
    case ShowType.NOTIFICATION:
      ui.notification.error({ message: String(error.errorCode ?? ''), description: error.errorMessage });
      return;
    case ShowType.REDIRECT:
      display.navigate(errorPageUrl(display.errorPath, error.errorCode, error.errorMessage));
      return;
    default:
      ui.message.error(error.errorMessage);
  }
};

/** Shows a failure the way spec §8 prescribes for its kind; the caller still receives the error. */
export const showError = (error: unknown, display: ErrorDisplay, { quiet = false } = {}): void => {
  if (leadAway(error, display) || quiet) return;
  if (error instanceof BusinessError) showBusinessError(error, display);
  else if (error instanceof HttpError) {
    display.ui.notification.error({
      message: httpMessages.httpErrorTitle(error.status, error.url),
      description: error.message,
    });
  } else display.ui.message.error(describeError(error));
};
