import { DEFAULT_IDS, SITE_ID } from '@yuexun/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, startServer, type TestServer } from '../../test/server';
import { dataFingerprint } from '../../test/snapshot';
import { article } from '../db/schema';

const LIST = '/news/api/v1.0/inquireArticleListByCondition.json';
const DETAIL = '/news/api/v1.0/inquireArticleDetailByCondition.json';

describe.each(drivers)('articles on %s', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(driver);
  });
  afterAll(() => server.close());

  const list = (criteria: Record<string, unknown> = {}) =>
    server.post(LIST, { siteId: SITE_ID, ...criteria });

  it('lists published news of a category, ten a page, with the four paging fields', async () => {
    const { status, body } = await list({ categoryId: DEFAULT_IDS.news });
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: true, flag: 'SUCCESS', status: 200, pageIndex: 1, pageSize: 10 });
    expect(body.datas).toHaveLength(10);
    expect(body.totalRecordCount).toBeGreaterThan(10);
    expect(body.totalPageCount).toBe(Math.ceil(body.totalRecordCount / 10));
    for (const item of body.datas) {
      expect(item.categoryId).toBe(DEFAULT_IDS.news);
      expect(item.title).toMatch(/[\u4e00-\u9fff]/);
      expect(Date.parse(item.publishTime)).toBeLessThanOrEqual(Date.now());
      expect(Object.keys(item).sort()).toEqual([
        'author',
        'categoryId',
        'categoryName',
        'coverFileUuid',
        'id',
        'publishTime',
        'source',
        'summary',
        'tags',
        'title',
        'viewCount',
      ]);
    }
  });

  it('never lists drafts or articles scheduled for the future', async () => {
    const rows = await server.app.db
      .select({ id: article.id, status: article.status, publishTime: article.publishTime })
      .from(article)
      .where(eq(article.categoryId, DEFAULT_IDS.news));
    const hidden = rows
      .filter((r) => r.status === 'draft' || r.publishTime.getTime() > Date.now())
      .map((r) => r.id);
    expect(hidden.length).toBeGreaterThan(0);
    const { body } = await list({ categoryId: DEFAULT_IDS.news, pageSize: 100 });
    const listed = body.datas.map((a: { id: number }) => a.id);
    expect(listed).toHaveLength(rows.length - hidden.length);
    for (const id of hidden) expect(listed).not.toContain(id);
  });

  it('orders by sort, then newest first, and pages on without overlap', async () => {
    const first = await list({ categoryId: DEFAULT_IDS.news });
    const second = await list({ categoryId: DEFAULT_IDS.news, pageIndex: 2 });
    expect(second.body.pageIndex).toBe(2);
    expect(second.body.datas.length).toBeGreaterThan(0);
    const ids = [...first.body.datas, ...second.body.datas].map((a: { id: number }) => a.id);
    expect(new Set(ids).size).toBe(ids.length);
    const rows = await server.app.db
      .select({ id: article.id, sort: article.sort, publishTime: article.publishTime })
      .from(article);
    const byId = new Map(rows.map((r) => [r.id, r]));
    const seq = ids.map((id) => byId.get(id)!);
    for (let i = 1; i < seq.length; i++) {
      const [a, b] = [seq[i - 1]!, seq[i]!];
      expect(a.sort < b.sort || (a.sort === b.sort && a.publishTime >= b.publishTime)).toBe(true);
    }
  });

  it('answers a page past the end with no items but the true totals', async () => {
    const first = await list({ categoryId: DEFAULT_IDS.news });
    const { body } = await list({ categoryId: DEFAULT_IDS.news, pageIndex: 99 });
    expect(body).toMatchObject({ success: true, pageIndex: 99, datas: [] });
    expect(body.totalRecordCount).toBe(first.body.totalRecordCount);
    expect(body.totalPageCount).toBe(first.body.totalPageCount);
  });

  it('finds by keyword in title or summary, and by tag', async () => {
    const sample = (await list({ categoryId: DEFAULT_IDS.news })).body.datas[3];
    const word = [...sample.title].slice(2, 6).join('');
    const byKeyword = await list({ keyword: word });
    expect(byKeyword.body.datas.some((a: { id: number }) => a.id === sample.id)).toBe(true);
    for (const a of byKeyword.body.datas) expect(`${a.title}${a.summary}`).toContain(word);

    const tag = sample.tags[0];
    const byTag = await list({ tag, pageSize: 100 });
    expect(byTag.body.totalRecordCount).toBeGreaterThan(0);
    for (const a of byTag.body.datas) expect(a.tags).toContain(tag);
  });

  it('treats LIKE wildcards in a keyword literally', async () => {
    const all = (await list({ pageSize: 100 })).body.totalRecordCount;
    const percent = await list({ keyword: '%', pageSize: 100 });
    expect(percent.body.totalRecordCount).toBeLessThan(all);
    for (const a of percent.body.datas) expect(`${a.title}${a.summary}`).toContain('%');
    expect((await list({ keyword: '_' })).body.totalRecordCount).toBe(0);
  });

  it('answers an article with sanitised body, neighbours and category path, and counts the view', async () => {
    const page = (await list({ categoryId: DEFAULT_IDS.news })).body.datas;
    const middle = page[4];
    const { body } = await server.post(DETAIL, { siteId: SITE_ID, articleId: middle.id });
    expect(body.success).toBe(true);
    const detail = body.datas[0];
    expect(detail.id).toBe(middle.id);
    expect(detail.bodyHtml).toMatch(/<p>/);
    expect(detail.bodyHtml).not.toMatch(/<script|onerror=|javascript:/i);
    expect(detail.previous).toEqual({ id: page[3].id, title: page[3].title });
    expect(detail.next).toEqual({ id: page[5].id, title: page[5].title });
    expect(detail.categoryPath.at(-1)).toMatchObject({ id: DEFAULT_IDS.news, kind: 'news' });

    const again = await server.post(DETAIL, { siteId: SITE_ID, articleId: middle.id });
    expect(again.body.datas[0].viewCount).toBe(detail.viewCount + 1);
    await server.app.viewCounter.flush();
    const [stored] = await server.app.db
      .select({ v: article.viewCount })
      .from(article)
      .where(eq(article.id, middle.id));
    expect(stored?.v).toBe(detail.viewCount + 1);
  });

  it('the first article of a category has no previous, the last no next', async () => {
    const all = (await list({ categoryId: DEFAULT_IDS.news, pageSize: 100 })).body.datas;
    const first = (await server.post(DETAIL, { siteId: SITE_ID, articleId: all[0].id })).body.datas[0];
    const last = (await server.post(DETAIL, { siteId: SITE_ID, articleId: all.at(-1).id })).body.datas[0];
    expect(first.previous).toBeNull();
    expect(last.next).toBeNull();
  });

  it('refuses a draft, a future article and an unknown id with a business 404', async () => {
    const rows = await server.app.db
      .select({ id: article.id, status: article.status, publishTime: article.publishTime })
      .from(article);
    const draft = rows.find((r) => r.status === 'draft');
    const future = rows.find((r) => r.publishTime.getTime() > Date.now());
    for (const id of [draft?.id, future?.id, 99_999_999]) {
      expect(id).toBeDefined();
      const { status, body } = await server.post(DETAIL, { siteId: SITE_ID, articleId: id });
      expect(status).toBe(200);
      expect(body).toMatchObject({ success: false, errorCode: 404, errorMessage: '文章不存在或已下线' });
    }
  });

  describe('bad input changes nothing and answers 400 with a clear message', () => {
    const cases: [string, string, Record<string, unknown>, RegExp][] = [
      ['missing siteId', LIST, { siteId: undefined }, /缺少站点编号（siteId）/],
      ['wrong siteId', LIST, { siteId: 76 }, /站点编号不正确（siteId）/],
      ['text siteId', LIST, { siteId: 'abc' }, /站点编号不正确（siteId）/],
      ['pageIndex abc', LIST, { pageIndex: 'abc' }, /页码必须是正整数（pageIndex）/],
      ['pageIndex 0', LIST, { pageIndex: 0 }, /页码必须是正整数（pageIndex）/],
      ['pageIndex -1', LIST, { pageIndex: -1 }, /页码必须是正整数（pageIndex）/],
      ['pageSize 100000', LIST, { pageSize: 100000 }, /每页条数不能超过 100（pageSize）/],
      ['categoryId text', LIST, { categoryId: 'news' }, /栏目编号必须是正整数（categoryId）/],
      ['articleId text', DETAIL, { articleId: 'abc' }, /文章编号必须是正整数（articleId）/],
      ['articleId negative', DETAIL, { articleId: -5 }, /文章编号必须是正整数（articleId）/],
      [
        'articleId SQL fragment',
        DETAIL,
        { articleId: '1 OR 1=1; DROP TABLE article;--' },
        /文章编号必须是正整数（articleId）/,
      ],
      ['articleId missing', DETAIL, {}, /请输入文章编号（articleId）/],
    ];
    it.each(cases)('%s', async (_name, path, fields, message) => {
      const before = await dataFingerprint(server.app);
      const { status, body } = await server.post(path, { siteId: SITE_ID, ...fields });
      expect(status).toBe(200);
      expect(body).toMatchObject({ success: false, flag: 'FAIL', status: 400, errorCode: 400, showType: 2 });
      expect(body.errorMessage).toMatch(/^参数错误：/);
      expect(body.errorMessage).toMatch(message);
      expect(body.errors?.[0]?.field).toBeTruthy();
      expect(await dataFingerprint(server.app)).toEqual(before);
    });
  });
});
