/** The site path under BASE_PATH, or null when the address is outside it. */
export const sitePathOf = (path: string, basePath: string) => {
  if (basePath === '/') return path;
  if (path === basePath.slice(0, -1)) return '/';
  return path.startsWith(basePath) ? `/${path.slice(basePath.length)}` : null;
};
