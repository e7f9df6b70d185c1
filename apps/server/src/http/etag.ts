/**
 * Conditional GET: whether a request's If-None-Match names the current ETag (RFC 9110 §13.1.2): a list of
 * tags, or `*`. Weak comparison: `W/"x"` and `"x"` match, as a cache may send either form back.
 */
const opaque = (tag: string) => tag.trim().replace(/^W\//, '');

export const etagMatches = (header: string | undefined, etag: string) => {
  if (header === undefined) return false;
  if (header.trim() === '*') return true;
  const wanted = opaque(etag);
  return header.split(',').some((tag) => opaque(tag) === wanted);
};
