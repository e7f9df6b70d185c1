/**
 * Links from the console to the marketing site. The console is served at {BASE_PATH}home/2.0/login/, so
 * the site's base is three folders above it: an install under a sub-path keeps its links working.
 */
export const siteHrefFrom = (consoleHref: string, path: string) =>
  `${new URL('../../../', consoleHref).pathname}${path.replace(/^\/+/, '')}`;

/** The site address of `path` (e.g. `/news/detail/1`) for this console. */
export const siteHref = (path: string) => siteHrefFrom(window.location.href, path);
