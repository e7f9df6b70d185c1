/**
 * Unique visitors without cookies: a hash of the day's salt, the address and the user agent, kept in
 * memory only (the recorder's set of visitors seen today); what reaches the database is the register and
 * rank of a sketch it touches (sketch.ts), one of 16,384, which names nobody. The salt is
 * random per Beijing day, shared by every instance through stat_salt, and deleted once its day is over.
 * The hash is a fast non-cryptographic one (two 32-bit lanes, 53 bits): it runs on every page served,
 * and what keeps it from naming a person is the secret salt, not the function.
 */
import { randomBytes } from 'node:crypto';
import { eq, ne } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { statSalt } from '../db/schema';

let h1 = 0;
let h2 = 0;
const mix = (text: string) => {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ 10, 2654435761);
  h2 = Math.imul(h2 ^ 10, 1597334677);
};

/** cyrb53 over the salt, address and user agent: a number below 2^53. */
export const visitorHash = (salt: string, address: string, userAgent: string): number => {
  h1 = 0xdeadbeef;
  h2 = 0x41c6ce57;
  mix(salt);
  mix(address);
  mix(userAgent);
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
};

export class VisitorHasher {
  private day = '';
  private salt = '';

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Today's salt from the database (created by whichever instance asks first); before serving. */
  async load(day: string) {
    this.day = day;
    this.salt = randomBytes(24).toString('base64url');
    await this.share(day, this.salt);
  }

  /** The salt of `day`, synchronously: a new day starts with a local salt, replaced by the shared one. */
  saltOf(day: string): string {
    if (day !== this.day) {
      this.day = day;
      this.salt = randomBytes(24).toString('base64url');
      void this.share(day, this.salt).catch((err) => this.log.error({ err }, 'statistics salt not shared'));
    }
    return this.salt;
  }

  private async share(day: string, salt: string) {
    await this.db.insert(statSalt).values({ day, salt }).onConflictDoNothing();
    const [row] = await this.db.select().from(statSalt).where(eq(statSalt.day, day));
    if (row && this.day === day) this.salt = row.salt;
  }

  /** Deletes every salt but today's: from here on yesterday's hashes cannot be recomputed. */
  async discardOld(today: string) {
    await this.db.delete(statSalt).where(ne(statSalt.day, today));
  }
}
