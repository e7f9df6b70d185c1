/**
 * The delivery worker, one per instance. It claims due rows with `FOR UPDATE SKIP LOCKED` (two
 * instances never claim the same row; on PGlite the one process is alone anyway), runs the handler
 * registered for the row's kind, and records the outcome: sent, retrying (exponential backoff) or,
 * after the last attempt, failed. A claim is a lease: a process killed mid-send leaves the row
 * `sending`, and it is claimed again when the lease runs out (at-least-once; handlers keep sends
 * idempotent where the receiver allows). It wakes on NOTIFY (sent at commit by enqueue) and polls.
 * Decision record: docs/decisions/017-outbox-and-jobs.md.
 */

import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { queryRows } from '../../db/client';
import { OUTBOX_CHANNEL } from './outbox';
import { outbox } from './outbox.table';

export interface OutboxJob {
  id: number;
  kind: string;
  payload: Record<string, unknown>;
  /** 1 for the first attempt. */
  attempt: number;
  maxAttempts: number;
  /** Aborted when the lease is about to run out or the worker stops. */
  signal: AbortSignal;
  log: FastifyBaseLogger;
}

export type OutboxHandler = (job: OutboxJob) => Promise<void>;

/** Thrown by a handler when trying again cannot help (channel deleted, invalid address): failed at once. */
export class PermanentError extends Error {}

export interface WorkerOptions {
  pollMs: number;
  retryBaseMs: number;
  /** Longest wait between two attempts. */
  retryMaxMs: number;
  leaseMs: number;
  batchSize: number;
}

export const DEFAULT_WORKER_OPTIONS: WorkerOptions = {
  pollMs: 1000,
  retryBaseMs: 5000,
  retryMaxMs: 60 * 60 * 1000,
  leaseMs: 2 * 60 * 1000,
  batchSize: 10,
};

/** Wait before attempt n+1 after n failed attempts: base, 2·base, 4·base … capped. */
export const backoffMs = (attempts: number, o: Pick<WorkerOptions, 'retryBaseMs' | 'retryMaxMs'>) =>
  Math.min(o.retryMaxMs, o.retryBaseMs * 2 ** Math.max(0, attempts - 1));

interface ClaimedRow {
  id: number;
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
  max_attempts: number;
  interval_ms: number | null;
}

const errorText = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ').slice(0, 500);

export class OutboxWorker {
  private readonly handlers = new Map<string, OutboxHandler>();
  private readonly recurring: {
    name: string;
    kind: string;
    everyMs: number;
    payload: Record<string, unknown>;
  }[] = [];
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = true;
  private readonly stopping = new AbortController();
  private unlisten: (() => Promise<void>) | null = null;

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
    private readonly options: WorkerOptions = DEFAULT_WORKER_OPTIONS,
  ) {}

  /** One handler per kind; registering twice is a programming error. */
  registerHandler(kind: string, handler: OutboxHandler) {
    if (this.handlers.has(kind)) throw new Error(`outbox handler for ${kind} registered twice`);
    this.handlers.set(kind, handler);
  }

  /**
   * A job run every `everyMs` (purge, anonymise, roll-up), kept as one row per name across all
   * instances: the first start creates it, later starts only update its interval.
   */
  schedule(name: string, kind: string, everyMs: number, payload: Record<string, unknown> = {}) {
    this.recurring.push({ name, kind, everyMs, payload });
  }

  async start() {
    this.stopped = false;
    const db = this.database.db;
    for (const job of this.recurring) {
      await db
        .insert(outbox)
        .values({
          kind: job.kind,
          payload: job.payload,
          dedupeKey: `every:${job.name}`,
          intervalMs: job.everyMs,
          label: job.name,
          dueAt: new Date(Date.now() + job.everyMs),
        })
        .onConflictDoUpdate({ target: outbox.dedupeKey, set: { intervalMs: job.everyMs, kind: job.kind } });
    }
    await this.listen().catch((error) => this.log.warn({ err: error }, 'outbox: no NOTIFY, polling only'));
    this.schedulePoll(0);
  }

  /** Run a pass soon (after a commit that enqueued something); passes never overlap. */
  wake() {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.schedulePoll(0);
  }

  /** Stops claiming, aborts handlers still running, waits for the pass in flight. */
  async stop() {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.stopping.abort();
    await this.unlisten?.().catch(() => {});
    await this.running?.catch(() => {});
  }

  /** One pass: claim due rows and run them. Exposed for tests that drive the worker by hand. */
  async runOnce(): Promise<number> {
    const kinds = [...this.handlers.keys()];
    if (!kinds.length) return 0;
    const rows = await this.claim(kinds);
    await Promise.all(rows.map((row) => this.run(row)));
    return rows.length;
  }

  private schedulePoll(delayMs: number) {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.pass(), delayMs);
    this.timer.unref();
  }

  private async pass() {
    this.timer = null;
    if (this.running || this.stopped) return;
    this.running = (async () => {
      try {
        // A full batch means more may be due: keep going before sleeping.
        do {
          this.again = false;
        } while ((await this.runOnce()) >= this.options.batchSize || this.again);
      } catch (error) {
        if (!this.stopped) this.log.error({ err: error }, 'outbox pass failed');
      }
    })();
    await this.running;
    this.running = null;
    this.schedulePoll(this.options.pollMs);
  }

  private claim(kinds: string[]) {
    const { leaseMs, batchSize } = this.options;
    const kindList = sql.join(
      kinds.map((k) => sql`${k}`),
      sql`, `,
    );
    return queryRows<ClaimedRow>(
      this.database.db,
      sql`update outbox set status = 'sending', attempts = attempts + 1, updated_at = now(),
            locked_until = now() + ${leaseMs} * interval '1 millisecond'
          where id in (
            select id from outbox
            where kind in (${kindList})
              and ((status in ('pending', 'retrying') and due_at <= now())
                or (status = 'sending' and locked_until < now()))
            order by due_at, id
            limit ${batchSize}
            for update skip locked)
          returning id, kind, payload, attempts, max_attempts, interval_ms`,
    );
  }

  private async run(row: ClaimedRow) {
    const handler = this.handlers.get(row.kind);
    if (!handler) return;
    const log = this.log.child({ outboxId: row.id, kind: row.kind, attempt: row.attempts });
    const lease = AbortSignal.timeout(Math.max(1000, this.options.leaseMs - 1000));
    const signal = AbortSignal.any([lease, this.stopping.signal]);
    let failure: unknown = null;
    try {
      await handler({
        id: row.id,
        kind: row.kind,
        payload: row.payload,
        attempt: row.attempts,
        maxAttempts: row.max_attempts,
        signal,
        log,
      });
    } catch (error) {
      failure = error;
    }
    await this.finish(row, failure, log);
  }

  /** Records the outcome, only if this claim still holds the row (a lease that ran out lost it). */
  private async finish(row: ClaimedRow, failure: unknown, log: FastifyBaseLogger) {
    const mine = sql`id = ${row.id} and status = 'sending' and attempts = ${row.attempts}`;
    const db = this.database.db;
    if (failure === null) {
      if (row.interval_ms) {
        await db.execute(sql`update outbox set status = 'pending', attempts = 0, last_error = null,
          sent_at = now(), locked_until = null, updated_at = now(),
          due_at = now() + ${row.interval_ms} * interval '1 millisecond' where ${mine}`);
      } else {
        await db.execute(sql`update outbox set status = 'sent', sent_at = now(), locked_until = null,
          last_error = null, updated_at = now() where ${mine}`);
      }
      return;
    }
    const message = errorText(failure);
    const final = failure instanceof PermanentError || row.attempts >= row.max_attempts;
    if (final && !row.interval_ms) {
      log.warn({ error: message }, 'outbox message failed for good');
      await db.execute(sql`update outbox set status = 'failed', last_error = ${message},
        locked_until = null, updated_at = now() where ${mine}`);
      return;
    }
    // A recurring job that used up its attempts waits for its next period.
    const waitMs = final && row.interval_ms ? row.interval_ms : backoffMs(row.attempts, this.options);
    log.info({ error: message, retryInMs: waitMs }, 'outbox message will be retried');
    await db.execute(sql`update outbox set status = ${final ? 'pending' : 'retrying'},
      attempts = ${final ? 0 : row.attempts}, last_error = ${message}, locked_until = null, updated_at = now(),
      due_at = now() + ${waitMs} * interval '1 millisecond' where ${mine}`);
  }

  private async listen() {
    const raw = this.database.raw;
    if ('pglite' in raw) {
      const off = await raw.pglite.listen(OUTBOX_CHANNEL, () => this.wake());
      this.unlisten = off;
      return;
    }
    const client = await raw.pool.connect();
    let released = false;
    const release = (error?: Error) => {
      if (released) return;
      released = true;
      client.release(error ?? true);
    };
    client.on('notification', () => this.wake());
    client.on('error', (error) => {
      release(error);
      // The listening connection dropped: polling carries on; listen again a little later.
      if (!this.stopped) setTimeout(() => void this.listen().catch(() => {}), 5000).unref();
    });
    await client.query(`listen ${OUTBOX_CHANNEL}`);
    this.unlisten = async () => {
      if (!released) await client.query(`unlisten ${OUTBOX_CHANNEL}`).catch(() => {});
      release();
    };
  }
}
