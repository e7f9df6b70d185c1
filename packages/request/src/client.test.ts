import {
  type ArticleListItem,
  actionPath,
  actions,
  emptyPage,
  fail,
  fileUrls,
  httpMessages,
  inquireArticleDetailByCondition,
  inquireArticleListByCondition,
  ok,
  ShowType,
  type UploadedFile,
  uploadFile,
} from '@yuexun/contract';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { clientFor } from '../test/harness';
import { type Received, type ScriptServer, startScriptServer } from '../test/script-server';
import { BusinessError, ParseError } from './errors';

let server: ScriptServer;
beforeAll(async () => {
  server = await startScriptServer();
});
afterAll(() => server.close());

const article: ArticleListItem = {
  id: 12,
  title: '智慧校园建设方案',
  summary: '',
  coverFileUuid: null,
  publishTime: '2026-01-01T00:00:00.000Z',
  categoryId: 1881,
  categoryName: '新闻动态',
  tags: [],
  author: '',
  source: '',
  viewCount: 0,
};

const uploaded: UploadedFile = {
  fileUuid: 'f0e1d2c3-b4a5-4697-8877-665544332211',
  fileName: '封面.png',
  fileSize: 6,
  format: 'png',
};

/** Answers an action with `reply` and keeps what the server received. */
const scriptAction = (path: string, reply: unknown) => {
  const received: Received[] = [];
  server.answer(path, (request) => {
    received.push(request);
    return { json: reply };
  });
  return received;
};

describe('callAction', () => {
  it("POSTs a form with siteId 75 to the action's path and resolves with the typed envelope", async () => {
    const path = actionPath(inquireArticleDetailByCondition);
    expect(path).toBe('/news/api/v1.0/inquireArticleDetailByCondition.json');
    const received = scriptAction(path, ok([{ ...article, bodyHtml: '<p>正文</p>' }]));
    const { client, shown } = clientFor(server);

    const envelope = await client.callAction(inquireArticleDetailByCondition, { articleId: 12 });

    expectTypeOf(envelope.datas[0]!.bodyHtml).toEqualTypeOf<string>();
    expect(envelope.datas[0]).toMatchObject({ id: 12, bodyHtml: '<p>正文</p>' });
    expect(received[0]).toMatchObject({
      method: 'POST',
      body: 'articleId=12&siteId=75',
      headers: { 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8' },
    });
    expect(shown).toEqual([]);
  });

  it('needs no input for actions that take only siteId, and adds sid when asked', async () => {
    const received = scriptAction(actionPath(actions.logout), ok([]));
    const { client } = clientFor(server, {}, { sid: 'mobile-sid' });
    await client.callAction(actions.logout);
    await client.callAction(actions.logout, {}, { withSession: true });
    expect(received.map((request) => request.body)).toEqual(['siteId=75', 'siteId=75&sid=mobile-sid']);
  });

  it('sends the configured site id and base', async () => {
    const received = scriptAction(`/mobile${actionPath(actions.logout)}`, ok([]));
    const { client } = clientFor(server, { siteId: 80, baseUrl: `${server.baseUrl}/mobile/` });
    await client.callAction(actions.logout);
    expect(received[0]!.body).toBe('siteId=80');
  });

  it('raises and shows a failure envelope', async () => {
    scriptAction(
      actionPath(inquireArticleDetailByCondition),
      fail(404, '文章不存在或已下线', { showType: 2 }),
    );
    const { client, shown } = clientFor(server);
    await expect(
      client.callAction(inquireArticleDetailByCondition, { articleId: 99 }),
    ).rejects.toBeInstanceOf(BusinessError);
    expect(shown).toEqual([{ kind: 'error', text: '文章不存在或已下线' }]);
  });

  it('callActionOne resolves with the typed record, and fails like a malformed answer when there is none', async () => {
    const path = actionPath(inquireArticleDetailByCondition);
    scriptAction(path, ok([{ ...article, bodyHtml: '<p>正文</p>' }]));
    const { client, shown } = clientFor(server);
    const detail = await client.callActionOne(inquireArticleDetailByCondition, { articleId: 12 });
    expectTypeOf(detail.bodyHtml).toEqualTypeOf<string>();
    expect(detail).toMatchObject({ id: 12, bodyHtml: '<p>正文</p>' });

    scriptAction(path, ok([]));
    await expect(
      client.callActionOne(inquireArticleDetailByCondition, { articleId: 12 }),
    ).rejects.toBeInstanceOf(ParseError);
    await expect(
      client.callActionOne(inquireArticleDetailByCondition, { articleId: 12 }, { quiet: true }),
    ).rejects.toBeInstanceOf(ParseError);
    expect(shown).toEqual([{ kind: 'error', text: httpMessages.fallback }]);
  });

  it('sends a JSON body when asked, siteId included', async () => {
    const received = scriptAction(actionPath(inquireArticleDetailByCondition), ok([]));
    const { client } = clientFor(server);
    await client.callAction(inquireArticleDetailByCondition, { articleId: 12 }, { requestType: 'json' });
    expect(received[0]!.headers['content-type']).toBe('application/json;charset=UTF-8');
    expect(JSON.parse(received[0]!.body)).toEqual({ articleId: 12, siteId: 75 });
  });

  it('uploads a file as multipart, siteId and sid ahead of the file (the server checks the session there)', async () => {
    expect(actionPath(uploadFile)).toBe(fileUrls.upload);
    const received = scriptAction(fileUrls.upload, ok([uploaded]));
    const { client } = clientFor(server, {}, { sid: 'mobile-sid' });
    const file = new File(['图片'], '封面.png', { type: 'image/png' });

    const answer = await client.callAction(
      uploadFile,
      { visibility: 'public', file },
      { requestType: 'multipart', withSession: true },
    );

    expect(answer.datas[0]).toEqual(uploaded);
    const { body, headers } = received[0]!;
    expect(headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect([...body.matchAll(/name="(\w+)"/g)].map((match) => match[1])).toEqual([
      'siteId',
      'sid',
      'visibility',
      'file',
    ]);
    expect(body).toContain('filename="封面.png"');
    expect(body).toMatch(/name="siteId"\r\n\r\n75\r\n/);
    expect(body).toMatch(/name="visibility"\r\n\r\npublic\r\n/);
  });

  it('types the input from the contract', () => {
    const { client } = clientFor(server);
    // Never called: the checks are the compiler's.
    const typeOnly = () => {
      // @ts-expect-error articleId is required
      client.callAction(inquireArticleDetailByCondition);
      // @ts-expect-error siteId is the client's to add
      client.callAction(inquireArticleDetailByCondition, { articleId: 1, siteId: 76 });
    };
    expect(typeof typeOnly).toBe('function');
  });
});

describe('lists: the empty page after a failure (spec §8)', () => {
  const listPath = actionPath(inquireArticleListByCondition);

  it('resolves with the page on success', async () => {
    const paging = { pageIndex: 2, pageSize: 10, totalRecordCount: 11, totalPageCount: 2 };
    const received = scriptAction(listPath, ok([article], paging));
    const { client, shown } = clientFor(server);
    const page = await client.callActionList(inquireArticleListByCondition, {
      categoryId: 1881,
      pageIndex: 2,
    });
    expect(page).toMatchObject({ ...paging, datas: [article] });
    expectTypeOf(page.datas).toEqualTypeOf<ArticleListItem[]>();
    expect(new URLSearchParams(received[0]!.body).toString()).toBe('categoryId=1881&pageIndex=2&siteId=75');
    expect(shown).toEqual([]);
  });

  it('shows "请求错误 {message}" and returns the empty page for a failure envelope', async () => {
    scriptAction(listPath, fail(403, '无权限', { showType: ShowType.ERROR_MESSAGE }));
    const { client, shown } = clientFor(server);
    await expect(client.callActionList(inquireArticleListByCondition, {})).resolves.toEqual(emptyPage());
    expect(emptyPage()).toEqual({
      pageIndex: 1,
      pageSize: 10,
      totalRecordCount: 0,
      totalPageCount: 0,
      datas: [],
    });
    expect(shown).toEqual([{ kind: 'notification', message: '请求错误 无权限' }]);
  });

  it('does the same for an HTTP error and a timeout', async () => {
    // The error answers within the default 30 s, however busy the machine; the slow one never answers,
    // so only its own 50 ms time-out ends it (a 50 ms limit on both failed on a loaded machine).
    server.answer('/list-500', { status: 500 });
    server.answer('/list-slow', { hang: true });
    const { client, shown } = clientFor(server);
    await expect(client.requestList('/list-500')).resolves.toEqual(emptyPage());
    await expect(client.requestList('/list-slow', { timeoutMs: 50 })).resolves.toEqual(emptyPage());
    expect(shown).toEqual([
      { kind: 'notification', message: '请求错误 服务器发生错误，请检查服务器。' },
      { kind: 'notification', message: '请求错误 timeout of 50ms exceeded' },
    ]);
  });

  it('still sends a logged-out user to the login page', async () => {
    server.answer('/list-401', { json: fail(401, '未登录', { showType: ShowType.ERROR_MESSAGE }) });
    const { client, shown, navigations } = clientFor(server);
    await expect(client.requestList('/list-401', { method: 'post' })).resolves.toEqual(emptyPage());
    expect(shown).toEqual([]);
    expect(navigations).toEqual(['/home/2.0/login/#/login']);
  });

  it('returns the empty page silently with skipErrorHandler', async () => {
    server.answer('/list-fail', {
      json: fail(500, '系统繁忙，请稍后再试', { showType: ShowType.NOTIFICATION }),
    });
    const { client, shown } = clientFor(server);
    await expect(client.requestList('/list-fail', { skipErrorHandler: true })).resolves.toEqual(emptyPage());
    expect(shown).toEqual([]);
  });

  it('reads a list without paging fields as one page holding everything', async () => {
    server.answer('/list-plain', { json: ok(['a', 'b']) });
    const { client } = clientFor(server);
    await expect(client.requestList('/list-plain')).resolves.toMatchObject({
      datas: ['a', 'b'],
      pageIndex: 1,
      pageSize: 10,
      totalRecordCount: 2,
      totalPageCount: 1,
    });
  });
});
