/**
 * Unique visitors without cookies: sha256(day's salt, address, user agent). The salt is random, shared
 * by every instance through stat_salt, and deleted once its day is over, after which no stored hash can
 * be tied to an address again. Within a day the same browser on the same address counts once.
 */
import { createHash, randomBytes } from 'node:crypto';
import { eq, ne } from 'drizzle-orm';
import type { Db } from '../db/client';
import { statSalt } from '../db/schema';

export class VisitorHasher {
  private salts = new Map<string, string>();

  constructor(private readonly db: Db) {}

  /** The salt of `day`, created by whichever instance asks first. */
  private async saltOf(day: string): Promise<string> {
    const known = this.salts.get(day);
    if (known) return known;
    await this.db
      .insert(statSalt)
      .values({ day, salt: randomBytes(32).toString('base64url') })
      .onConflictDoNothing();
    const [row] = await this.db.select().from(statSalt).where(eq(statSalt.day, day));
    if (!row) throw new Error(`no salt for ${day}`);
    // Only today's salt is kept in memory: yesterday's is forgotten with the day.
    this.salts = new Map([[day, row.salt]]);
    return row.salt;
  }

  async hasher(day: string) {
    const salt = await this.saltOf(day);
    return (address: string, userAgent: string) =>
      createHash('sha256').update(`${salt}\n${address}\n${userAgent}`).digest('base64url').slice(0, 22);
  }

  /** Deletes every salt but today's: from here on yesterday's hashes cannot be recomputed. */
  async discardOld(today: string) {
    await this.db.delete(statSalt).where(ne(statSalt.day, today));
  }
}
