/** File metadata and who may read a file: public ones anyone; private ones their owner and the school's admins. */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { file } from '../db/schema';
import type { AuthContext } from '../http/auth-plugin';

export type StoredFile = typeof file.$inferSelect;

export const findFile = async (db: Db, uuid: string): Promise<StoredFile | null> =>
  (await db.select().from(file).where(eq(file.uuid, uuid)))[0] ?? null;

export const mayRead = (stored: StoredFile, auth: AuthContext | null) => {
  if (stored.visibility === 'public') return true;
  if (!auth) return false;
  if (stored.ownerAccountId === auth.accountId) return true;
  return stored.tenantId !== null && stored.tenantId === auth.tenantId && auth.access === 'admin';
};

export const recordFile = (db: Db, row: typeof file.$inferInsert) => db.insert(file).values(row);
