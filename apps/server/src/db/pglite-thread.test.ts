/**
 * Transactions through the database thread are opened by their first statement (no message of their own):
 * statements sent together all run inside it, a failing first statement leaves nothing open, a transaction
 * that ran nothing needs no end, and the next caller waits for an open one instead of running inside it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EmbeddedClient, PGliteThread } from './pglite-thread';

describe('transactions through the embedded database thread', () => {
  let db: EmbeddedClient;
  const names = async () =>
    (await db.query<{ name: string }>('select name from entry order by name')).rows.map((r) => r.name);

  beforeAll(async () => {
    db = await PGliteThread.start({ dataDir: null });
    await db.exec('create table entry (name text primary key)');
  });
  afterAll(async () => {
    await db?.close();
  });

  it('runs statements sent together inside the one transaction and commits them as one', async () => {
    await db.transaction(async (tx) => {
      await Promise.all(['甲', '乙', '丙'].map((name) => tx.query('insert into entry values ($1)', [name])));
    });
    expect(await names()).toEqual(['丙', '乙', '甲'].sort());
    await expect(
      db.transaction(async (tx) => {
        await Promise.all([
          tx.query('insert into entry values ($1)', ['丁']),
          tx.query('insert into entry values ($1)', ['戊']),
        ]);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await names()).not.toContain('丁');
    expect(await names()).not.toContain('戊');
  });

  it('rolls back when the first statement fails, and the database stays usable', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.query('insert into entry values ($1)', ['甲']);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    await expect(db.transaction((tx) => tx.query('selec broken'))).rejects.toMatchObject({ code: '42601' });
    await db.query('insert into entry values ($1)', ['己']);
    expect(await names()).toContain('己');
  });

  it('needs nothing from the database for a transaction that ran no statement', async () => {
    expect(await db.transaction(async () => 42)).toBe(42);
    await expect(
      db.transaction(async (tx) => {
        await tx.rollback();
      }),
    ).resolves.toBeUndefined();
    await expect(db.query<{ n: number }>('select 1 as n')).resolves.toMatchObject({ rows: [{ n: 1 }] });
  });

  it('makes a statement outside the transaction wait until it has ended, never run inside it', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const first = db.transaction(async (tx) => {
      await tx.query('insert into entry values ($1)', ['庚']);
      await held;
      await tx.query('delete from entry where name = $1', ['庚']);
    });
    // Sent while the transaction is open: it must see the state after the commit, where 庚 came and went.
    await new Promise((resolve) => setTimeout(resolve, 20));
    const outside = db.query<{ n: number }>('select count(*)::int as n from entry where name = $1', ['庚']);
    release();
    await first;
    expect((await outside).rows[0]?.n).toBe(0);
  });
});
