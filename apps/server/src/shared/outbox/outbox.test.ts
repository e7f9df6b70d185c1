import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, startServer, type TestServer } from '../../../test/server';
import { enqueue, enqueueMany, resend } from './outbox';
import { outbox } from './outbox.table';
import { OutboxWorker, PermanentError, type WorkerOptions } from './worker';

const OPTIONS: WorkerOptions = {
  pollMs: 60_000,
  retryBaseMs: 1000,
  retryMaxMs: 8000,
  leaseMs: 5000,
  batchSize: 10,
};

describe.each(drivers)('outbox and jobs on %s', (driver) => {
  let server: TestServer;
  let worker: OutboxWorker;
  const calls: { kind: string; payload: Record<string, unknown>; attempt: number }[] = [];
  let failNext = 0;
  beforeAll(async () => {
    // The app's own worker stays off: this test drives one by hand, pass by pass.
    server = await startServer(driver, { outbox: { ...testOutbox(), worker: false } });
    worker = new OutboxWorker(server.app.database, server.app.log, OPTIONS);
    worker.registerHandler('test.ok', async (job) => {
      calls.push({ kind: job.kind, payload: job.payload, attempt: job.attempt });
    });
    worker.registerHandler('test.flaky', async (job) => {
      calls.push({ kind: job.kind, payload: job.payload, attempt: job.attempt });
      if (failNext-- > 0) throw new Error(`receiver answered 500 (attempt ${job.attempt})`);
    });
    worker.registerHandler('test.gone', async () => {
      throw new PermanentError('channel deleted');
    });
  });
  afterAll(() => server.close());

  const db = () => server.app.db;
  const row = async (id: number) => (await db().select().from(outbox).where(eq(outbox.id, id)))[0];
  /** Makes a row due now, as if its backoff had passed. */
  const makeDue = (id: number) =>
    db()
      .update(outbox)
      .set({ dueAt: new Date(0) })
      .where(eq(outbox.id, id));

  it('writes nothing when the transaction that causes the message rolls back', async () => {
    const before = await db().$count(outbox);
    await expect(
      db().transaction(async (tx) => {
        await enqueue(tx, 'test.ok', { n: 1 });
        throw new Error('cause failed');
      }),
    ).rejects.toThrow('cause failed');
    expect(await db().$count(outbox)).toBe(before);
  });

  it('runs a committed message once and marks it sent', async () => {
    calls.length = 0;
    const id = await db().transaction((tx) => enqueue(tx, 'test.ok', { lead: 7 }, { label: '新线索 #7' }));
    expect(await worker.runOnce()).toBe(1);
    expect(await worker.runOnce()).toBe(0);
    expect(calls).toEqual([{ kind: 'test.ok', payload: { lead: 7 }, attempt: 1 }]);
    expect(await row(id as number)).toMatchObject({
      status: 'sent',
      attempts: 1,
      lastError: null,
      label: '新线索 #7',
    });
  });

  it('does not run a message before its due time', async () => {
    calls.length = 0;
    const id = (await enqueue(db(), 'test.ok', {}, { dueAt: new Date(Date.now() + 3_600_000) })) as number;
    expect(await worker.runOnce()).toBe(0);
    await makeDue(id);
    expect(await worker.runOnce()).toBe(1);
  });

  it('retries with exponential backoff, then marks failed with the last error; 重发 sends it again', async () => {
    calls.length = 0;
    failNext = 3;
    const id = (await enqueue(db(), 'test.flaky', {}, { maxAttempts: 3 })) as number;
    const waits: number[] = [];
    for (let attempt = 1; attempt <= 3; attempt++) {
      const started = Date.now();
      expect(await worker.runOnce()).toBe(1);
      const r = await row(id);
      if (attempt < 3) {
        expect(r).toMatchObject({ status: 'retrying', attempts: attempt });
        waits.push(Math.round(((r?.dueAt.getTime() ?? 0) - started) / 1000));
        expect(await worker.runOnce()).toBe(0); // not due yet
        await makeDue(id);
      } else {
        expect(r).toMatchObject({
          status: 'failed',
          attempts: 3,
          lastError: 'receiver answered 500 (attempt 3)',
        });
      }
    }
    expect(waits).toEqual([1, 2]);
    expect(await worker.runOnce()).toBe(0); // failed rows stay failed
    expect(await resend(db(), id, 'test.')).toBe(true);
    expect(await worker.runOnce()).toBe(1);
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 1 });
    expect(calls.map((c) => c.attempt)).toEqual([1, 2, 3, 1]);
    expect(await resend(db(), id, 'other.')).toBe(false);
    expect(await resend(db(), 999_999, 'test.')).toBe(false);
  });

  it('fails at once when the handler says trying again cannot help', async () => {
    const id = (await enqueue(db(), 'test.gone', {})) as number;
    await worker.runOnce();
    expect(await row(id)).toMatchObject({ status: 'failed', attempts: 1, lastError: 'channel deleted' });
  });

  it('leaves kinds this instance has no handler for to an instance that has one', async () => {
    const id = (await enqueue(db(), 'test.unknown', {})) as number;
    expect(await worker.runOnce()).toBe(0);
    expect(await row(id)).toMatchObject({ status: 'pending', attempts: 0 });
    await db().delete(outbox).where(eq(outbox.id, id));
  });

  it('claims a message again when the sender died holding it (its lease ran out)', async () => {
    calls.length = 0;
    const id = (await enqueue(db(), 'test.ok', { orphan: true })) as number;
    // As a process killed with kill -9 mid-send leaves it: sending, lease not yet run out.
    await db()
      .update(outbox)
      .set({ status: 'sending', attempts: 1, lockedUntil: new Date(Date.now() + 60_000) })
      .where(eq(outbox.id, id));
    expect(await worker.runOnce()).toBe(0);
    await db()
      .update(outbox)
      .set({ lockedUntil: new Date(Date.now() - 1) })
      .where(eq(outbox.id, id));
    expect(await worker.runOnce()).toBe(1);
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 2 });
    expect(calls).toHaveLength(1);
  });

  it('keeps one row per dedupe key', async () => {
    const a = await enqueue(db(), 'test.ok', {}, { dedupeKey: 'push:/news/detail/9' });
    const b = await enqueue(db(), 'test.ok', {}, { dedupeKey: 'push:/news/detail/9' });
    expect(a).toEqual(expect.any(Number));
    expect(b).toBeNull();
    await worker.runOnce();
  });

  it('writes several messages in one insert, each sent once; a taken dedupe key skips only its row', async () => {
    const taken = `batch-taken-${driver}`;
    await server.app.db.transaction((tx) => enqueue(tx, 'test.batch', { n: 0 }, { dedupeKey: taken }));
    const written = await server.app.db.transaction((tx) =>
      enqueueMany(tx, [
        { kind: 'test.batch', payload: { n: 1 } },
        { kind: 'test.batch', payload: { n: 2 }, options: { dedupeKey: taken } },
        { kind: 'test.batch', payload: { n: 3 }, options: { label: '第三条' } },
      ]),
    );
    expect(written).toBe(2);
    const rows = await server.app.db
      .select({ payload: outbox.payload, label: outbox.label })
      .from(outbox)
      .where(eq(outbox.kind, 'test.batch'));
    expect(rows.map((row) => (row.payload as { n: number }).n).sort()).toEqual([0, 1, 3]);
    expect(rows.find((row) => (row.payload as { n: number }).n === 3)?.label).toBe('第三条');
    expect(await server.app.db.transaction((tx) => enqueueMany(tx, []))).toBe(0);
  });

  it('runs a recurring job and re-arms it for its next period, one row across restarts', async () => {
    const runs: number[] = [];
    const jobs = new OutboxWorker(server.app.database, server.app.log, OPTIONS);
    jobs.registerHandler('test.purge', async () => {
      runs.push(Date.now());
    });
    jobs.schedule('test-purge', 'test.purge', 3_600_000);
    await jobs.start();
    await jobs.stop();
    // A second start (another instance, or a restart) finds the same row.
    const again = new OutboxWorker(server.app.database, server.app.log, OPTIONS);
    again.registerHandler('test.purge', async () => {
      runs.push(Date.now());
    });
    again.schedule('test-purge', 'test.purge', 3_600_000);
    await again.start();
    await again.stop();
    const rows = await db().select().from(outbox).where(eq(outbox.dedupeKey, 'every:test-purge'));
    expect(rows).toHaveLength(1);
    const id = rows[0]?.id as number;
    expect(runs).toHaveLength(0); // first run one period after creation
    await makeDue(id);
    expect(await again.runOnce()).toBe(1);
    const after = await row(id);
    expect(runs).toHaveLength(1);
    expect(after).toMatchObject({ status: 'pending', attempts: 0, intervalMs: 3_600_000 });
    expect(after?.sentAt).not.toBeNull();
    expect((after?.dueAt.getTime() ?? 0) - Date.now()).toBeGreaterThan(3_500_000);
  });

  it('wakes on the commit of an enqueue (NOTIFY) without waiting for its poll', async () => {
    const live = new OutboxWorker(server.app.database, server.app.log, { ...OPTIONS, pollMs: 600_000 });
    const seen: number[] = [];
    let done: () => void = () => {};
    const delivered = new Promise<void>((resolve) => {
      done = resolve;
    });
    live.registerHandler('test.live', async (job) => {
      seen.push(job.id);
      done();
    });
    await live.start();
    try {
      await new Promise((r) => setTimeout(r, 100)); // the first pass is over; the next poll is 10 minutes away
      const id = await db().transaction((tx) => enqueue(tx, 'test.live', {}));
      await delivered;
      expect(seen).toEqual([id]);
    } finally {
      await live.stop();
    }
  });

  if (driver === 'postgres') {
    it('two instances on one database deliver each message exactly once', async () => {
      const other = await startServer(
        driver,
        { outbox: { ...testOutbox(), worker: false } },
        {
          databaseUrl: server.databaseUrl,
        },
      );
      try {
        const handled: number[] = [];
        const make = (app: TestServer['app']) => {
          const w = new OutboxWorker(app.database, app.log, { ...OPTIONS, batchSize: 3 });
          w.registerHandler('test.race', async (job) => {
            handled.push(job.id);
            await new Promise((r) => setTimeout(r, 5));
          });
          return w;
        };
        const a = make(server.app);
        const b = make(other.app);
        const ids = await db().transaction(async (tx) => {
          const out: number[] = [];
          for (let i = 0; i < 40; i++) out.push((await enqueue(tx, 'test.race', { i })) as number);
          return out;
        });
        const drain = async (w: OutboxWorker) => {
          while ((await w.runOnce()) > 0) {}
        };
        await Promise.all([drain(a), drain(b), drain(a), drain(b)]);
        expect([...handled].sort((x, y) => x - y)).toEqual(ids);
        const [left] = await server.app.db
          .select({ n: sql<number>`count(*)::int` })
          .from(outbox)
          .where(sql`kind = 'test.race' and status <> 'sent'`);
        expect(left?.n).toBe(0);
      } finally {
        await other.close();
      }
    });
  }
});

function testOutbox() {
  return { worker: true, pollMs: 60_000, retryBaseMs: 1000, retryMaxMs: 8000, maxAttempts: 3, leaseMs: 5000 };
}
