/**
 * The embedded database's queue is bounded by bytes (issue 29, README Memory): statements sent faster than
 * the thread answers wait in memory, and past PGLITE_QUEUE_MAX_BYTES a statement is refused at once with
 * DatabaseBusyError, which a request answers as 503 with a Chinese message, instead of the queue growing.
 */
import { DEFAULT_IDS, messages, SITE_ID } from '@yuexun/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteTemplateDump, startServer, type TestServer } from '../../test/server';
import { DatabaseBusyError } from '../shared/errors';
import { PGliteThread } from './pglite-thread';

const BOUND = 64 * 1024;

describe('the embedded database queue under a flood', () => {
  let db: PGliteThread;
  beforeAll(async () => {
    db = await PGliteThread.start({ dataDir: null, queueMaxBytes: BOUND });
    await db.exec('create table entry (id serial primary key, body text not null)');
    // A database thread can take a minute to open on a machine busy with other work.
  }, 180_000);
  afterAll(async () => {
    await db?.close();
  });

  it('refuses what would pass the bound, runs the rest, and is usable again afterwards', async () => {
    const body = 'x'.repeat(1024);
    let mostQueued = 0;
    const sent = [];
    // Sent in one go: nothing is answered before the last is sent, so the queue holds all it accepts.
    for (let i = 0; i < 500; i++) {
      sent.push(db.query('insert into entry (body) values ($1)', [body]));
      mostQueued = Math.max(mostQueued, db.load().queuedBytes);
    }
    const outcomes = await Promise.allSettled(sent);
    const refused = outcomes.filter((o) => o.status === 'rejected');
    const done = outcomes.filter((o) => o.status === 'fulfilled');
    expect(refused.length).toBeGreaterThan(0);
    expect(done.length).toBeGreaterThan(0);
    for (const o of refused) expect(o.status === 'rejected' && o.reason).toBeInstanceOf(DatabaseBusyError);
    expect(mostQueued).toBeLessThanOrEqual(BOUND);
    expect(db.load()).toMatchObject({ queued: 0, queuedBytes: 0 });

    // Exactly the accepted statements ran; the next statement goes through.
    const { rows } = await db.query<{ n: number }>('select count(*)::int as n from entry');
    expect(rows[0]?.n).toBe(done.length);
  });

  it('lets a transaction whose statement was refused roll back, leaving nothing of it', async () => {
    const body = 'y'.repeat(1024);
    const flood = Promise.allSettled(
      Array.from({ length: 200 }, () => db.query('select length($1) as n', [body])),
    );
    // Larger than what the flood leaves free of the bound.
    const tx = db.transaction(async (t) => {
      await t.query('insert into entry (body) values ($1)', [`refused ${body}`]);
    });
    await expect(tx).rejects.toBeInstanceOf(DatabaseBusyError);
    await flood;
    const { rows } = await db.query<{ n: number }>(
      "select count(*)::int as n from entry where body like 'refused %'",
    );
    expect(rows[0]?.n).toBe(0);
  });
});

describe('a request refused by a full queue', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer('pglite', {
      database: { driver: 'pglite', dataDir: null, template: pgliteTemplateDump(), queueMaxBytes: 1024 },
    });
  }, 180_000);
  afterAll(async () => {
    await server?.close();
  });

  it('answers 503 with the envelope and a Chinese message, never a 500, and serves again afterwards', async () => {
    const LIST = '/news/api/v1.0/inquireArticleListByCondition.json';
    // Each a different page, so none is answered from the read cache.
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        server.post(LIST, { siteId: SITE_ID, categoryId: DEFAULT_IDS.news, pageIndex: i + 1 }),
      ),
    );
    const busy = answers.filter((a) => a.status === 503);
    expect(busy.length).toBeGreaterThan(0);
    for (const a of busy) {
      expect(a.body).toMatchObject({ success: false, status: 503, errorMessage: messages.databaseBusy });
      expect(a.headers.get('retry-after')).toBe('1');
    }
    expect(answers.every((a) => a.status === 200 || a.status === 503)).toBe(true);
    const after = await server.post(LIST, { siteId: SITE_ID, categoryId: DEFAULT_IDS.news });
    expect(after.status).toBe(200);
    expect(after.body.success).toBe(true);
  });
});
