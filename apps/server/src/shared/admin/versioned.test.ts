/**
 * The one console edit, create and delete into the bin, called directly on the real database (PGlite
 * and PostgreSQL): a refused or empty edit changes nothing and logs nothing, a failing follow-up write
 * takes the edit and its audit row with it, and a repeated create is audited once.
 */
import { BusinessCode, messages, SITE_ID } from '@yuexun/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, startServer, type TestServer } from '../../../test/server';
import type { Db } from '../../db/client';
import {
  account,
  alertChannel,
  article,
  auditLog,
  category,
  recycleBin,
  siteSettings,
} from '../../db/schema';
import type { Actor } from '../audit';
import { BusinessError } from '../errors';
import { deleteToBin } from '../recycle-bin';
import { createAudited } from './request-key';
import { updateVersioned } from './versioned';

const MISSING = { field: 'categoryId', message: messages.categoryNotFound };
const key = () => crypto.randomUUID();

describe.each(drivers)('updateVersioned and createAudited on %s', (driver) => {
  let server: TestServer;
  let db: Db;
  const actor: Actor = { accountId: 0, tenantId: null, ipHash: 'test' };
  beforeAll(async () => {
    server = await startServer(driver);
    db = server.app.db;
    const [admin] = await db.select({ id: account.id }).from(account).limit(1);
    if (!admin) throw new Error('no seeded account');
    actor.accountId = admin.id;
  });
  afterAll(() => server.close());

  const auditRows = (targetType: 'category' | 'alert_channel' | 'site_settings' | 'article', id: number) =>
    db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, targetType), eq(auditLog.targetId, String(id))));

  const rowOf = async (id: number) => {
    const [row] = await db.select().from(category).where(eq(category.id, id));
    if (!row) throw new Error(`category ${id} gone`);
    return row;
  };

  const newCategory = async (name: string) =>
    createAudited(db, actor, {
      table: category,
      values: { siteId: SITE_ID, kind: 'news', parentId: null, name, sort: 990, requestKey: key() },
      targetType: 'category',
      detail: { name },
    });

  const rename = (id: number, version: number, name: string, after?: (tx: Db) => Promise<unknown>) =>
    updateVersioned(db, actor, {
      table: category,
      id,
      version,
      missing: MISSING,
      targetType: 'category',
      change: (before) => ({ set: { name }, detail: { name, changes: { name: [before.name, name] } } }),
      after,
    });

  const refusal = async (work: Promise<unknown>) => {
    const error = await work.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(BusinessError);
    return error as BusinessError;
  };

  it('applies a change with the next version, a fresh updatedAt and one audit row', async () => {
    const id = await newCategory('版本测试');
    const before = await rowOf(id);
    await rename(id, 1, '版本测试（改）');
    const after = await rowOf(id);
    expect(after).toMatchObject({ name: '版本测试（改）', version: 2 });
    expect(after.updatedAt.getTime()).toBeGreaterThanOrEqual(before.updatedAt.getTime());
    const audits = await auditRows('category', id);
    expect(audits.map((a) => a.action).sort()).toEqual(['create', 'update']);
    expect(audits.find((a) => a.action === 'update')?.detail).toEqual({
      name: '版本测试（改）',
      changes: { name: ['版本测试', '版本测试（改）'] },
    });
  });

  it('answers 409 to a stale version and changes nothing', async () => {
    const id = await newCategory('过期版本');
    await rename(id, 1, '过期版本（第一次）');
    const before = await rowOf(id);
    const error = await refusal(rename(id, 1, '过期版本（第二次）'));
    expect(error.code).toBe(BusinessCode.CONFLICT);
    expect(error.message).toBe(messages.staleVersion);
    expect(await rowOf(id)).toEqual(before);
    expect((await auditRows('category', id)).length).toBe(2);
  });

  it('answers 404 naming the form field when the row is gone', async () => {
    const error = await refusal(rename(2_000_000_000, 1, '不存在'));
    expect(error.code).toBe(BusinessCode.NOT_FOUND);
    expect(error.message).toBe(messages.categoryNotFound);
    expect(error.errors).toEqual([{ field: 'categoryId', message: messages.categoryNotFound }]);
    expect(await auditRows('category', 2_000_000_000)).toEqual([]);
  });

  it('answers 404 without a field when the missing message has none (site settings, keyed by site)', async () => {
    const error = await refusal(
      updateVersioned(db, actor, {
        table: siteSettings,
        key: siteSettings.siteId,
        id: SITE_ID + 1_000,
        version: 1,
        missing: { message: messages.staleVersion },
        targetType: 'site_settings',
        change: () => ({ set: {}, detail: {} }),
      }),
    );
    expect(error.code).toBe(BusinessCode.NOT_FOUND);
    expect(error.errors).toBeUndefined();
  });

  it('a change computed to nothing bumps no version, runs no follow-up and writes no audit row', async () => {
    const id = await newCategory('无变化');
    const before = await rowOf(id);
    let followed = false;
    const result = await updateVersioned(db, actor, {
      table: category,
      id,
      version: 1,
      missing: MISSING,
      targetType: 'category',
      change: () => null,
      after: () => {
        followed = true;
        return 'ran';
      },
    });
    expect(result).toBeUndefined();
    expect(followed).toBe(false);
    expect(await rowOf(id)).toEqual(before);
    expect((await auditRows('category', id)).map((a) => a.action)).toEqual(['create']);
  });

  it('a failing follow-up write rolls back the change and its audit row', async () => {
    const id = await newCategory('回滚');
    const before = await rowOf(id);
    const failure = new Error('follow-up failed');
    const outcome = await rename(id, 1, '回滚（改）', async (tx) => {
      // The edit is visible inside its own transaction until the failure undoes it.
      const [inside] = await tx.select().from(category).where(eq(category.id, id));
      expect(inside).toMatchObject({ name: '回滚（改）', version: 2 });
      throw failure;
    }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(outcome).toBe(failure);
    expect(await rowOf(id)).toEqual(before);
    expect((await auditRows('category', id)).map((a) => a.action)).toEqual(['create']);
  });

  it('answers what the follow-up returned, and dates the edit with the change’s own time', async () => {
    const id = await newCategory('定时');
    const at = new Date('2031-05-04T03:02:01.000Z');
    const view = await updateVersioned(db, actor, {
      table: category,
      id,
      version: 1,
      missing: MISSING,
      targetType: 'category',
      change: () => ({ set: { sort: 995 }, at, action: 'move', detail: {} }),
      after: (_tx, updated) => ({ id: updated.id, version: updated.version }),
    });
    expect(view).toEqual({ id, version: 2 });
    expect(await rowOf(id)).toMatchObject({ sort: 995, version: 2, updatedAt: at });
    expect((await auditRows('category', id)).map((a) => a.action).sort()).toEqual(['create', 'move']);
  });

  it('createAudited audits only a row it really created', async () => {
    const requestKey = key();
    const afters: number[] = [];
    const create = () =>
      createAudited(db, actor, {
        table: category,
        values: { siteId: SITE_ID, kind: 'news', parentId: null, name: '重复提交', sort: 991, requestKey },
        targetType: 'category',
        detail: { name: '重复提交' },
        after: async (_tx, id) => {
          afters.push(id);
        },
      });
    const first = await create();
    const again = await create();
    expect(again).toBe(first);
    expect(afters).toEqual([first]);
    expect(await db.select().from(category).where(eq(category.requestKey, requestKey))).toHaveLength(1);
    expect((await auditRows('category', first)).map((a) => a.action)).toEqual(['create']);
  });

  it('createAudited makes and audits a row per call on a table without request keys', async () => {
    const values = { siteId: SITE_ID, name: '测试渠道', kind: 'wecom' as const, enabled: false, config: {} };
    const one = await createAudited(db, actor, {
      table: alertChannel,
      values,
      targetType: 'alert_channel',
      detail: {},
    });
    const two = await createAudited(db, actor, {
      table: alertChannel,
      values,
      targetType: 'alert_channel',
      detail: {},
    });
    expect(two).not.toBe(one);
    for (const id of [one, two])
      expect((await auditRows('alert_channel', id)).map((a) => a.action)).toEqual(['create']);
  });

  it('a failing follow-up of a create leaves neither the row nor its audit row', async () => {
    const requestKey = key();
    const audits = (await db.select({ id: auditLog.id }).from(auditLog)).length;
    const failure = new Error('first revision failed');
    const outcome = await createAudited(db, actor, {
      table: category,
      values: { siteId: SITE_ID, kind: 'news', parentId: null, name: '创建回滚', sort: 992, requestKey },
      targetType: 'category',
      detail: {},
      after: async () => {
        throw failure;
      },
    }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(outcome).toBe(failure);
    expect(await db.select().from(category).where(eq(category.requestKey, requestKey))).toEqual([]);
    expect((await db.select({ id: auditLog.id }).from(auditLog)).length).toBe(audits);
  });

  it('deleteToBin refuses a stale version: the row stays, nothing goes into the bin, nothing is logged', async () => {
    const [row] = await db.select().from(article).where(eq(article.siteId, SITE_ID)).limit(1);
    if (!row) throw new Error('no seeded article');
    let extraRead = false;
    const error = await refusal(
      deleteToBin(db, actor, {
        table: article,
        targetType: 'article',
        id: row.id,
        version: row.version + 1,
        missing: { field: 'articleId', message: messages.articleNotFound },
        describe: (r) => ({ title: r.title, detail: { title: r.title } }),
        extra: async () => {
          extraRead = true;
          return {};
        },
      }),
    );
    expect(error.code).toBe(BusinessCode.CONFLICT);
    expect(extraRead).toBe(false);
    expect(await db.select().from(article).where(eq(article.id, row.id))).toEqual([row]);
    expect(await db.select().from(recycleBin).where(eq(recycleBin.targetId, row.id))).toEqual([]);
    expect((await auditRows('article', row.id)).filter((a) => a.action === 'delete')).toEqual([]);
  });
});
