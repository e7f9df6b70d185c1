/**
 * Session ids: 32 random bytes, base64url. Browsers carry them in the HttpOnly cookie; the mobile
 * wrapper keeps `sid` in localStorage and sends it as the `sid` field or the `x-sid` header.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

export const SESSION_COOKIE = 'yx_sid';
const SESSION_ID = /^[A-Za-z0-9_-]{43}$/;

export const newSessionId = () => randomBytes(32).toString('base64url');
export const hashSessionId = (id: string) => createHash('sha256').update(id).digest('hex');
export const isWellFormedSessionId = (id: string) => SESSION_ID.test(id);

/**
 * The session id a request presents, or null. An explicit one (header, then body field) wins over
 * the cookie, because the mobile wrapper's web view may also hold an older cookie.
 */
export const presentedSessionId = (request: FastifyRequest, explicit?: string): string | null => {
  const header = request.headers['x-sid'];
  if (typeof header === 'string' && header !== '') return header;
  if (explicit) return explicit;
  const body = request.body as Record<string, unknown> | undefined | null;
  const field = body && typeof body === 'object' ? body.sid : undefined;
  if (typeof field === 'string' && field !== '') return field;
  const cookie = request.cookies?.[SESSION_COOKIE];
  return cookie ? cookie : null;
};

export const setSessionCookie = (
  request: FastifyRequest,
  reply: FastifyReply,
  id: string,
  maxAgeSeconds: number,
) =>
  reply.setCookie(SESSION_COOKIE, id, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: request.protocol === 'https',
    maxAge: maxAgeSeconds,
  });

export const clearSessionCookie = (request: FastifyRequest, reply: FastifyReply) =>
  reply.clearCookie(SESSION_COOKIE, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: request.protocol === 'https',
  });
