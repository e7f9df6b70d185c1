/** File metadata and who may read a file: public ones anyone; private ones their owner and the school's admins. */
import type { SiteFileAccess } from '@yuexun/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { file } from '../db/schema';
import { type AuthContext, lookupRequestSession, toAuthContext } from '../http/auth-plugin';

export type StoredFile = typeof file.$inferSelect;

export const findFile = async (db: Db, uuid: string): Promise<StoredFile | null> =>
  (await db.select().from(file).where(eq(file.uuid, uuid)))[0] ?? null;

export const fileExists = async (db: Db, uuid: string) =>
  (await db.select({ uuid: file.uuid }).from(file).where(eq(file.uuid, uuid))).length > 0;

export const mayRead = (stored: StoredFile, auth: AuthContext | null) => {
  if (stored.visibility === 'public') return true;
  if (!auth) return false;
  if (stored.ownerAccountId === auth.accountId) return true;
  return stored.tenantId !== null && stored.tenantId === auth.tenantId && auth.access === 'admin';
};

/**
 * A stored file and whether this request may read it (the view and download routes, the site's preview page).
 * The session is looked up only for a private file.
 */
export const fileForRequest = async (app: FastifyInstance, request: FastifyRequest, uuid: string) => {
  const stored = await findFile(app.db, uuid);
  if (!stored || stored.visibility === 'public') return { stored, readable: stored !== null };
  const found = await lookupRequestSession(app, request);
  return {
    stored,
    readable: mayRead(stored, found.state === 'active' ? toAuthContext(found.session) : null),
  };
};

/** The preview page's answer: readable, stored but not this visitor's to read, or not stored. */
export const fileAccess = async (
  app: FastifyInstance,
  request: FastifyRequest,
  uuid: string,
): Promise<SiteFileAccess> => {
  const { stored, readable } = await fileForRequest(app, request, uuid);
  return readable ? 'readable' : stored ? 'private' : 'missing';
};

export const recordFile = (db: Db, row: typeof file.$inferInsert) => db.insert(file).values(row);
