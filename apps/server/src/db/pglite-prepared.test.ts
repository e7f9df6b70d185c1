/**
 * The embedded database's named statements behave like PGlite's own query(): same rows and types, errors with
 * their codes and the connection usable after them, a statement outside a transaction waits for an open one
 * to end (it never runs inside someone else's), notifications still arrive, and hundreds of distinct
 * statements are fine (the oldest names are closed).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EmbeddedClient, PGliteThread } from './pglite-thread';

describe('named statements in the embedded database thread', () => {
  let db: EmbeddedClient;
  beforeAll(async () => {
    db = await PGliteThread.start({ dataDir: null });
    await db.exec(
      `create table item (id serial primary key, name text not null unique, tags text[], at timestamptz)`,
    );
  });
  afterAll(async () => {
    await db?.close();
  });

  it('answers a repeated statement with the same rows and types as the first time', async () => {
    await db.query('insert into item (name, tags, at) values ($1, $2, $3)', [
      '甲',
      ['a', 'b'],
      new Date('2026-11-26T00:00:00Z'),
    ]);
    const read = () =>
      db.query<{ id: number; name: string; tags: string[]; at: Date }>(
        'select id, name, tags, at from item where name = $1',
        ['甲'],
      );
    const first = await read();
    const again = await read();
    expect(again.rows).toEqual(first.rows);
    expect(again.rows[0]).toMatchObject({ name: '甲', tags: ['a', 'b'] });
    expect(again.rows[0]?.at).toEqual(new Date('2026-11-26T00:00:00Z'));
    expect(again.fields.map((f) => f.name)).toEqual(['id', 'name', 'tags', 'at']);
  });

  it('reports errors with their codes and keeps the connection usable, in and out of a transaction', async () => {
    const insert = (tx: Pick<EmbeddedClient, 'query'>) =>
      tx.query('insert into item (name) values ($1) returning id', ['乙']);
    await insert(db);
    await expect(insert(db)).rejects.toMatchObject({ code: '23505' });
    await expect(db.query('selec broken $1', [1])).rejects.toMatchObject({ code: '42601' });
    await expect(
      db.transaction(async (tx) => {
        await tx.query('insert into item (name) values ($1)', ['丙']);
        await insert(tx);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    // The failed transaction rolled back as a whole; the same statements still run.
    const names = await db.query<{ name: string }>(
      'select name from item where name = any($1) order by name',
      [['乙', '丙']],
    );
    expect(names.rows.map((r) => r.name)).toEqual(['乙']);
    const affected = await db.query('update item set tags = $1 where name = $2', [['x'], '乙']);
    expect(affected.affectedRows).toBe(1);
  });

  it('runs a statement outside a transaction only after the open one ends', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let inserted: () => void = () => {};
    const insertedNow = new Promise<void>((resolve) => {
      inserted = resolve;
    });
    const tx = db.transaction(async (t) => {
      await t.query('insert into item (name) values ($1)', ['丁']);
      inserted();
      await held;
      await t.rollback();
    });
    await insertedNow;
    const outside = db.query<{ n: number }>('select count(*)::int as n from item where name = $1', ['丁']);
    let answered = false;
    void outside.then(() => {
      answered = true;
    });
    await new Promise((r) => setTimeout(r, 100));
    expect(answered).toBe(false);
    release();
    await tx;
    expect((await outside).rows[0]?.n).toBe(0);
  });

  it('delivers notifications sent by a named statement', async () => {
    const heard: string[] = [];
    const off = await db.listen('prepared_test', (payload) => heard.push(payload));
    await db.query('select pg_notify($1, $2)', ['prepared_test', '你好']);
    for (let i = 0; i < 50 && heard.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(heard).toEqual(['你好']);
    await off();
  });

  it('keeps working past the number of names it holds', async () => {
    for (let i = 0; i < 320; i++) {
      const { rows } = await db.query<{ v: number }>(`select $1::int + ${i} as v`, [1]);
      expect(rows[0]?.v).toBe(1 + i);
    }
    const { rows } = await db.query<{ v: number }>('select $1::int + 0 as v', [5]);
    expect(rows[0]?.v).toBe(5);
  });
});
