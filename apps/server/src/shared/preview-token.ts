/**
 * Signed preview links: `<articleId>.<expiry in Unix seconds>.<HMAC-SHA256 of both, base64url>`.
 * Anyone holding one may read that article as saved until it expires; no session, no table.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

const TOKEN = /^([1-9]\d{0,9})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

const signatureOf = (secret: string, articleId: number, expires: number) =>
  createHmac('sha256', secret).update(`article-preview:${articleId}.${expires}`).digest('base64url');

export const signPreviewToken = (secret: string, articleId: number, expiresAt: Date) => {
  const expires = Math.floor(expiresAt.getTime() / 1000);
  return `${articleId}.${expires}.${signatureOf(secret, articleId, expires)}`;
};

/** The article id a token grants, or null when it is malformed, tampered with or expired. */
export const verifyPreviewToken = (secret: string, token: string, now = new Date()): number | null => {
  const match = TOKEN.exec(token);
  if (!match) return null;
  const articleId = Number(match[1]);
  const expires = Number(match[2]);
  const expected = Buffer.from(signatureOf(secret, articleId, expires));
  const given = Buffer.from(match[3] ?? '');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return expires * 1000 > now.getTime() ? articleId : null;
};
