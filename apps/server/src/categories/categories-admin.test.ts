import {
  createCategoryAdmin,
  deleteCategoryAdmin,
  inquireCategoryTreeAdmin,
  moveCategoryAdmin,
  renameCategoryAdmin,
  reorderCategoriesAdmin,
} from '@yuexun/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminSessions, adminSessions, only, requestKey } from '../../test/admin';
import { drivers, startServer, type TestServer } from '../../test/server';
import { dataFingerprint } from '../../test/snapshot';

interface Cat {
  id: number;
  parentId: number | null;
  kind: string;
  name: string;
  sort: number;
  version: number;
}

describe.each(drivers)('category tree on %s', (driver) => {
  let server: TestServer;
  let s: AdminSessions;
  beforeAll(async () => {
    server = await startServer(driver);
    s = await adminSessions(server);
  });
  afterAll(() => server.close());

  const tree = async (): Promise<Cat[]> => (await s.asAdmin(inquireCategoryTreeAdmin)).body.datas;
  const add = async (name: string, parentId: number | null, kind = 'news'): Promise<Cat> =>
    only(await s.asAdmin(createCategoryAdmin, { name, kind, parentId, requestKey: requestKey() }));

  it('adds a sub-category at the end of its siblings, once per request key', async () => {
    const key = requestKey();
    const input = { name: '校园活动', kind: 'news', parentId: 1881, requestKey: key };
    const [a, b] = await Promise.all([
      s.asAdmin(createCategoryAdmin, input),
      s.asAdmin(createCategoryAdmin, input),
    ]);
    expect(only(a).id).toBe(only(b).id);
    expect(only(a)).toMatchObject({ parentId: 1881, kind: 'news', articleCount: 0, version: 1 });
    expect((await tree()).filter((c) => c.name === '校园活动')).toHaveLength(1);
  });

  it('renames with the current version and refuses a stale one', async () => {
    const cat = await add('待改名', null);
    const renamed = only(
      await s.asAdmin(renameCategoryAdmin, { categoryId: cat.id, name: '已改名', version: 1 }),
    );
    expect(renamed).toMatchObject({ name: '已改名', version: 2 });
    const stale = await s.asAdmin(renameCategoryAdmin, { categoryId: cat.id, name: '又改名', version: 1 });
    expect(stale.body).toMatchObject({ success: false, errorCode: 409 });
  });

  it('moves a category under another of the same kind, never under itself, another kind or too deep', async () => {
    const a = await add('甲', null);
    const b = await add('乙', null);
    const c = await add('丙', b.id);
    const moved = only(
      await s.asAdmin(moveCategoryAdmin, { categoryId: b.id, parentId: a.id, version: b.version }),
    );
    expect(moved).toMatchObject({ parentId: a.id, version: 2 });

    const d = await add('丁', null);
    const before = await dataFingerprint(server.app);
    const cycle = await s.asAdmin(moveCategoryAdmin, {
      categoryId: a.id,
      parentId: c.id,
      version: a.version,
    });
    expect(cycle.body.errors).toEqual([{ field: 'parentId', message: expect.stringContaining('下级') }]);
    const kind = await s.asAdmin(moveCategoryAdmin, { categoryId: c.id, parentId: 1351, version: c.version });
    expect(kind.body.errors[0].message).toContain('类型');
    const deep = await s.asAdmin(moveCategoryAdmin, { categoryId: a.id, parentId: d.id, version: a.version });
    expect(deep.body.errors[0].message).toContain('三级');
    const fixed = await s.asAdmin(moveCategoryAdmin, { categoryId: 2001, parentId: null, version: 1 });
    expect(fixed.body.errorCode).toBe(400);
    expect(await dataFingerprint(server.app)).toEqual(before);

    const toTop = only(
      await s.asAdmin(moveCategoryAdmin, { categoryId: c.id, parentId: null, version: c.version }),
    );
    expect(toTop.parentId).toBeNull();
  });

  it('reorders siblings, and refuses a list made from a stale tree', async () => {
    const parent = await add('排序父栏目', null, 'case');
    const x = await add('X', parent.id, 'case');
    const y = await add('Y', parent.id, 'case');
    const z = await add('Z', parent.id, 'case');
    const answer = await s.asAdmin(reorderCategoriesAdmin, {
      parentId: parent.id,
      kind: 'case',
      orderedIds: [z.id, x.id, y.id],
    });
    expect(answer.body.datas.map((c: Cat) => c.name)).toEqual(['Z', 'X', 'Y']);
    const before = await dataFingerprint(server.app);
    const stale = await s.asAdmin(reorderCategoriesAdmin, {
      parentId: parent.id,
      kind: 'case',
      orderedIds: [x.id, y.id],
    });
    expect(stale.body).toMatchObject({ success: false, errorCode: 409 });
    expect(await dataFingerprint(server.app)).toEqual(before);
  });

  it('deletes an empty category but not one with articles or children', async () => {
    const empty = await add('空栏目', null);
    expect(only(await s.asAdmin(deleteCategoryAdmin, { categoryId: empty.id, version: 1 }))).toEqual({
      id: empty.id,
    });
    const withArticles = (await tree()).find((c) => c.id === 1882) as Cat & { articleCount: number };
    expect(withArticles.articleCount).toBeGreaterThan(0);
    const refused = await s.asAdmin(deleteCategoryAdmin, { categoryId: 1882, version: withArticles.version });
    expect(refused.body.errors[0].message).toContain('不能删除');
  });

  it('answers 400 with field messages for bad input and stores nothing', async () => {
    const before = await dataFingerprint(server.app);
    const bad = await s.asAdmin(createCategoryAdmin, {
      name: '',
      kind: 'blog',
      parentId: 'x',
      requestKey: 'k',
    });
    expect(bad.body).toMatchObject({ success: false, errorCode: 400 });
    expect(bad.body.errors.map((e: { field: string }) => e.field)).toEqual(
      expect.arrayContaining(['name', 'kind', 'parentId', 'requestKey']),
    );
    const missing = await s.asAdmin(createCategoryAdmin, {
      name: '孤儿',
      kind: 'news',
      parentId: 99999,
      requestKey: requestKey(),
    });
    expect(missing.body.errors).toEqual([{ field: 'parentId', message: '栏目不存在' }]);
    expect(await dataFingerprint(server.app)).toEqual(before);
  });
});
