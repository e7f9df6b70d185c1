export const DEFAULT_LOGIN_PATH = '/home/2.0/login/#/login';
export const DEFAULT_ERROR_PATH = '/exception';

const appendQuery = (path: string, query: URLSearchParams) =>
  `${path}${path.includes('?') ? '&' : '?'}${query.toString()}`;

/**
 * Where a 401 sends the user, with the page to come back to. Undefined when the user is already on the
 * login page: the console asks for the current user there too, and a redirect would reload it forever.
 */
export const loginUrl = (loginPath: string, currentLocation: string | undefined): string | undefined => {
  if (currentLocation === undefined) return loginPath;
  if (currentLocation.includes(loginPath)) return undefined;
  return appendQuery(loginPath, new URLSearchParams({ redirect: currentLocation }));
};

export const errorPageUrl = (
  errorPath: string,
  errorCode: number | string | undefined,
  errorMessage: string,
) => appendQuery(errorPath, new URLSearchParams({ errorCode: String(errorCode ?? ''), errorMessage }));
