/**
 * The 404 log: every site address that found nothing is counted by path (with its query), referrer and
 * whether a crawler asked. Hits are gathered in memory and written every second in one statement, so a
 * not-found page costs no write of its own; past MAX_KEYS distinct addresses waiting, new ones are
 * dropped (a scanner's burst cannot grow memory). Rows not seen for RETENTION_DAYS are deleted.
 */
import { createHash } from 'node:crypto';
import { REDIRECT_PATH_MAX, SITE_ID } from '@yuexun/contract';
import { lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { notFoundLog } from '../db/schema';

const FLUSH_MS = 1000;
const MAX_KEYS = 5000;
const REFERRER_MAX = 300;
const RETENTION_DAYS = 90;
const PRUNE_EVERY_MS = 60 * 60_000;

interface Pending {
  key: string;
  path: string;
  referrer: string;
  bot: boolean;
  hits: number;
  firstAt: Date;
  lastAt: Date;
}

/** Only http(s) referrers are kept, without their fragment. */
export const cleanReferrer = (referrer: string | undefined) => {
  if (!referrer) return '';
  try {
    const url = new URL(referrer);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return '';
    url.hash = '';
    return [...url.href].slice(0, REFERRER_MAX).join('');
  } catch {
    return '';
  }
};

export const notFoundKey = (path: string, referrer: string, bot: boolean) =>
  createHash('sha256')
    .update(`${SITE_ID}\n${bot ? 1 : 0}\n${path}\n${referrer}`)
    .digest('base64url');

export class NotFoundRecorder {
  private pending = new Map<string, Pending>();
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> = Promise.resolve();
  private lastPrune = 0;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** `path`: the site path with its query as requested. */
  record(path: string, referrer: string | undefined, bot: boolean) {
    const kept = [...path].slice(0, REDIRECT_PATH_MAX).join('');
    const from = cleanReferrer(referrer);
    const key = notFoundKey(kept, from, bot);
    const now = new Date();
    const hit = this.pending.get(key);
    if (hit) {
      hit.hits += 1;
      hit.lastAt = now;
    } else {
      if (this.pending.size >= MAX_KEYS) return;
      this.pending.set(key, { key, path: kept, referrer: from, bot, hits: 1, firstAt: now, lastAt: now });
    }
    if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), FLUSH_MS);
      this.timer.unref();
    }
  }

  /** Writes what is waiting (tests and shutdown call it; otherwise a timer does). */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const rows = [...this.pending.values()];
    this.pending.clear();
    this.writing = this.writing.then(() => this.write(rows));
    return this.writing;
  }

  private async write(rows: Pending[]) {
    try {
      if (rows.length > 0) {
        await this.db
          .insert(notFoundLog)
          .values(rows.map((r) => ({ ...r, siteId: SITE_ID })))
          .onConflictDoUpdate({
            target: notFoundLog.key,
            set: {
              hits: sql`${notFoundLog.hits} + excluded.hits`,
              lastAt: sql`greatest(${notFoundLog.lastAt}, excluded.last_at)`,
            },
          });
      }
      if (Date.now() - this.lastPrune > PRUNE_EVERY_MS) {
        this.lastPrune = Date.now();
        await this.db
          .delete(notFoundLog)
          .where(lt(notFoundLog.lastAt, new Date(Date.now() - RETENTION_DAYS * 86_400_000)));
      }
    } catch (error) {
      this.log.warn({ err: error, rows: rows.length }, '404 log not written');
    }
  }
}
