/**
 * Compares the site's sitemap with the addresses pushed last time (search_push_url) and, in one
 * transaction, records the new state and queues one outbox message per configured engine with the
 * addresses that appeared, changed or left. The first comparison on a database only records the
 * state: a site's existing pages are in its sitemap.xml; the push is for what changes afterwards.
 */
import {
  type PushEngine,
  type PushReason,
  SEARCH_PUSH_BATCH,
  searchPushKind,
  searchPushMessages,
} from '@yuexun/contract';
import { inArray, sql } from 'drizzle-orm';
import type { Database, Db } from '../db/client';
import { searchPushUrl } from '../db/schema';
import { enqueue } from '../shared/outbox';

/** Advisory-lock key: one instance compares at a time. */
export const SEARCH_PUSH_LOCK = 75_000_019;

export interface SitemapEntry {
  path: string;
  lastModified: string | null;
}

/** Where pushed addresses point and which engines are set up (from PUBLIC_ORIGIN and 站点设置). */
export interface PushTargets {
  /** Origin and base path, e.g. https://www.example.edu.cn/ (ends with a slash); null: nothing to push. */
  siteRoot: string | null;
  engines: PushEngine[];
}

export interface PushPayload {
  urls: string[];
  reasons: Partial<Record<PushReason, number>>;
}

export interface SyncOutcome {
  baseline: boolean;
  changed: { path: string; reason: PushReason }[];
  queued: number;
}

const CHUNK = 500;

const labelOf = (engine: PushEngine, reasons: PushPayload['reasons'], count: number) => {
  const parts = (Object.entries(reasons) as [PushReason, number][])
    .filter(([, n]) => n > 0)
    .map(([reason, n]) => `${searchPushMessages.reasons[reason]} ${n}`);
  return `${searchPushMessages.engines[engine]}：${count} 个网址（${parts.join('、')}）`;
};

const writeState = async (tx: Db, entries: SitemapEntry[], gone: string[]) => {
  for (let i = 0; i < gone.length; i += CHUNK)
    await tx.delete(searchPushUrl).where(inArray(searchPushUrl.path, gone.slice(i, i + CHUNK)));
  for (let i = 0; i < entries.length; i += CHUNK) {
    await tx
      .insert(searchPushUrl)
      .values(entries.slice(i, i + CHUNK).map((e) => ({ path: e.path, lastModified: e.lastModified ?? '' })))
      .onConflictDoUpdate({
        target: searchPushUrl.path,
        set: { lastModified: sql`excluded.last_modified`, seenAt: sql`now()` },
      });
  }
};

/** `load` runs under the lock, so two instances never compare against each other's stale view. */
export const syncSearchPush = (
  database: Database,
  load: () => Promise<{ current: SitemapEntry[]; targets: PushTargets }>,
  maxAttempts: number,
): Promise<SyncOutcome> =>
  database.withExclusiveLock(SEARCH_PUSH_LOCK, async () => {
    const { current, targets } = await load();
    return database.db.transaction(async (tx) => {
      const known = new Map(
        (await tx.select().from(searchPushUrl)).map((row) => [row.path, row.lastModified]),
      );
      const baseline = known.size === 0;
      const seen = new Set<string>();
      const changed: SyncOutcome['changed'] = [];
      const entries: SitemapEntry[] = [];
      for (const entry of current) {
        if (seen.has(entry.path)) continue;
        seen.add(entry.path);
        const before = known.get(entry.path);
        const stamp = entry.lastModified ?? '';
        if (before === undefined) changed.push({ path: entry.path, reason: 'added' });
        else if (before !== stamp) changed.push({ path: entry.path, reason: 'changed' });
        else continue;
        entries.push(entry);
      }
      const gone = [...known.keys()].filter((path) => !seen.has(path));
      for (const path of gone) changed.push({ path, reason: 'removed' });
      await writeState(tx, entries, gone);
      let queued = 0;
      if (!baseline && changed.length > 0 && targets.siteRoot) {
        const root = targets.siteRoot;
        for (const engine of targets.engines) {
          const batch = SEARCH_PUSH_BATCH[engine];
          for (let i = 0; i < changed.length; i += batch) {
            const part = changed.slice(i, i + batch);
            const reasons: PushPayload['reasons'] = {};
            for (const c of part) reasons[c.reason] = (reasons[c.reason] ?? 0) + 1;
            const payload: PushPayload = { urls: part.map((c) => `${root}${c.path.slice(1)}`), reasons };
            await enqueue(
              tx,
              searchPushKind(engine),
              { ...payload },
              {
                label: labelOf(engine, reasons, part.length),
                maxAttempts,
              },
            );
            queued++;
          }
        }
      }
      return { baseline, changed: baseline ? [] : changed, queued };
    });
  });
