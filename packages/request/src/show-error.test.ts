import { businessMessages, emptyPage, fail, ShowType } from '@yuexun/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientFor } from '../test/harness';
import { type ScriptServer, startScriptServer } from '../test/script-server';
import { BusinessError } from './errors';

let server: ScriptServer;
beforeAll(async () => {
  server = await startScriptServer();
});
afterAll(() => server.close());

/** Scripts one answer and calls it, returning what was thrown. */
const failWith = async (json: unknown, setup = clientFor(server)) => {
  server.answer('/action', { json });
  const error = await setup.client.request('/action', { method: 'post' }).then(
    () => expect.unreachable('the call should fail'),
    (thrown: unknown) => thrown,
  );
  return { error, ...setup };
};

describe('success test (spec §8)', () => {
  it.each([
    ['status 200', { status: 200, datas: [1] }],
    ['statusCode 200', { statusCode: 200, data: 1 }],
    ['flag SUCCESS', { flag: 'SUCCESS', datas: [1] }],
  ])('accepts %s and shows nothing', async (_, json) => {
    const { client, shown } = clientFor(server);
    server.answer('/ok', { json });
    await expect(client.request('/ok')).resolves.toEqual(json);
    expect(shown).toEqual([]);
  });

  it('refuses IN_WORKING unless the caller accepts it, with the fallback line when nothing explains it', async () => {
    const json = { flag: 'IN_WORKING' };
    const { error, shown } = await failWith(json);
    expect(error).toBeInstanceOf(BusinessError);
    expect(shown).toEqual([{ kind: 'error', text: 'Request error, please retry.' }]);

    const accepting = clientFor(server);
    await expect(accepting.client.request('/action', { acceptInWorking: true })).resolves.toEqual(json);
    expect(accepting.shown).toEqual([]);
  });
});

describe('business errors shown by showType', () => {
  it('raises a BusinessError carrying the envelope fields', async () => {
    const errors = [{ field: 'phone', message: '不合法的手机号' }];
    const { error } = await failWith({
      ...fail(400, '参数错误：不合法的手机号（phone）', { showType: 2 }),
      errors,
      data: { x: 1 },
    });
    expect(error).toMatchObject({
      name: 'BusinessError',
      errorCode: 400,
      errorMessage: '参数错误：不合法的手机号（phone）',
      showType: 2,
      errors,
      data: { x: 1 },
    });
  });

  it('0 shows nothing', async () => {
    const { error, shown, navigations } = await failWith(
      fail(409, '数据冲突，请刷新后重试', { showType: ShowType.SILENT }),
    );
    expect(error).toBeInstanceOf(BusinessError);
    expect(shown).toEqual([]);
    expect(navigations).toEqual([]);
  });

  it('1 shows a warning message', async () => {
    const { shown } = await failWith(
      fail(429, '操作过于频繁，请稍后再试', { showType: ShowType.WARN_MESSAGE }),
    );
    expect(shown).toEqual([{ kind: 'warning', text: '操作过于频繁，请稍后再试' }]);
  });

  it('2 shows an error message', async () => {
    const { shown } = await failWith(fail(404, '文章不存在或已下线', { showType: ShowType.ERROR_MESSAGE }));
    expect(shown).toEqual([{ kind: 'error', text: '文章不存在或已下线' }]);
  });

  it('4 shows a notification titled with the error code', async () => {
    const { shown } = await failWith(fail(500, '系统繁忙，请稍后再试', { showType: ShowType.NOTIFICATION }));
    expect(shown).toEqual([{ kind: 'notification', message: '500', description: '系统繁忙，请稍后再试' }]);
  });

  it('9 goes to the error page with errorCode and errorMessage in the query', async () => {
    const { shown, navigations } = await failWith(fail(403, '无权限', { showType: ShowType.REDIRECT }));
    expect(shown).toEqual([]);
    expect(navigations).toEqual(['/exception?errorCode=403&errorMessage=%E6%97%A0%E6%9D%83%E9%99%90']);
    const query = new URLSearchParams(navigations[0]!.split('?')[1]);
    expect([query.get('errorCode'), query.get('errorMessage')]).toEqual(['403', '无权限']);
  });

  it('9 uses the configured error page', async () => {
    const { navigations } = await failWith(
      fail(500, '系统繁忙', { showType: ShowType.REDIRECT }),
      clientFor(server, { errorPath: '/home/exception' }),
    );
    expect(navigations[0]).toMatch(/^\/home\/exception\?errorCode=500&errorMessage=/);
  });

  it.each([3, 7, undefined])('any other value (%s) shows an error message', async (showType) => {
    const { shown } = await failWith({ success: false, errorCode: 500, errorMessage: '出错了', showType });
    expect(shown).toEqual([{ kind: 'error', text: '出错了' }]);
  });

  it('reads spring-style failures (statusCode and message)', async () => {
    const { error, shown } = await failWith({ statusCode: 500, message: '运动服务不可用' });
    expect(error).toMatchObject({ errorCode: 500, errorMessage: '运动服务不可用' });
    expect(shown).toEqual([{ kind: 'error', text: '运动服务不可用' }]);
  });

  it('skipErrorHandler shows nothing and rethrows', async () => {
    const setup = clientFor(server);
    server.answer('/action', { json: fail(403, '无权限', { showType: ShowType.NOTIFICATION }) });
    await expect(setup.client.request('/action', { skipErrorHandler: true })).rejects.toMatchObject({
      errorCode: 403,
      errorMessage: '无权限',
    });
    expect(setup.shown).toEqual([]);
  });
});

describe('business status codes (spec §8)', () => {
  it('401 goes to the login page with the current location to come back to', async () => {
    const setup = clientFor(server, {
      currentLocation: () => 'https://yx.example/home/2.0/login/#/welcome?tab=1',
    });
    const { error, shown, navigations } = await failWith(
      fail(401, '未登录', { showType: ShowType.ERROR_MESSAGE }),
      setup,
    );
    expect(error).toMatchObject({ errorCode: 401 });
    expect(shown).toEqual([]);
    expect(navigations).toEqual([
      '/home/2.0/login/#/login?redirect=https%3A%2F%2Fyx.example%2Fhome%2F2.0%2Flogin%2F%23%2Fwelcome%3Ftab%3D1',
    ]);
  });

  it('401 without a known location goes to the configured login page as is', async () => {
    const setup = clientFor(server, { loginPath: '/login' });
    const { navigations } = await failWith({ success: false, status: 401 }, setup);
    expect(navigations).toEqual(['/login']);
  });

  it('401 on the login page itself does not reload it', async () => {
    const setup = clientFor(server, { currentLocation: () => 'https://yx.example/home/2.0/login/#/login' });
    const { shown, navigations } = await failWith(
      fail(401, '未登录', { showType: ShowType.ERROR_MESSAGE }),
      setup,
    );
    expect(navigations).toEqual([]);
    expect(shown).toEqual([]);
  });

  it('401 with skipErrorHandler leaves the page to the caller', async () => {
    const setup = clientFor(server);
    server.answer('/action', { json: fail(401, '未登录', { showType: ShowType.ERROR_MESSAGE }) });
    await expect(setup.client.request('/action', { skipErrorHandler: true })).rejects.toBeInstanceOf(
      BusinessError,
    );
    expect(setup.navigations).toEqual([]);
  });

  it.each([
    [402, '会话已过期'],
    [403, '无权限'],
    [405, '接口未配置'],
    [406, '未指定租户'],
  ])('%i without a message of its own shows %s from the catalogue', async (code, text) => {
    const { shown } = await failWith({ success: false, status: code, errorCode: code });
    expect(shown).toEqual([{ kind: 'error', text }]);
    expect(text).toBe(businessMessages[code as 402]['zh-CN']);
  });

  it("prefers the server's own message over the catalogue's", async () => {
    const { shown } = await failWith(
      fail(403, '无权限：仅管理员可以审核员工', { showType: ShowType.ERROR_MESSAGE }),
    );
    expect(shown).toEqual([{ kind: 'error', text: '无权限：仅管理员可以审核员工' }]);
  });
});

describe("the host app's own answers to a lost session and 403", () => {
  const consoleLike = () => {
    const lost: unknown[] = [];
    const forbidden: unknown[] = [];
    const setup = clientFor(server, {
      sessionLostCodes: [401, 402],
      onSessionLost: (error) => lost.push(error.errorCode),
      onForbidden: (error) => forbidden.push(error.errorCode),
    });
    return { ...setup, lost, forbidden };
  };

  it.each([401, 402] as const)(
    '%i goes to onSessionLost instead of a message or the login page',
    async (code) => {
      const setup = consoleLike();
      const { shown, navigations } = await failWith(fail(code, undefined, { showType: 2 }), setup);
      expect(setup.lost).toEqual([code]);
      expect(shown).toEqual([]);
      expect(navigations).toEqual([]);
      expect(setup.client.isSessionLost(new BusinessError({ errorCode: code }))).toBe(true);
    },
  );

  it('402 stays a message for a client not told it means a lost session', async () => {
    const setup = clientFor(server);
    const { shown } = await failWith(fail(402, undefined, { showType: 2 }), setup);
    expect(shown).toEqual([{ kind: 'error', text: '会话已过期' }]);
    expect(setup.client.isSessionLost(new BusinessError({ errorCode: 402 }))).toBe(false);
  });

  it('403 goes to onForbidden instead of its message', async () => {
    const setup = consoleLike();
    const { shown } = await failWith(fail(403, '无权限', { showType: 2 }), setup);
    expect(setup.forbidden).toEqual([403]);
    expect(shown).toEqual([]);
  });

  it('a quiet call shows no message but still answers a lost session and 403', async () => {
    const setup = consoleLike();
    for (const [code, message] of [
      [400, '标题不能为空'],
      [401, '未登录'],
      [403, '无权限'],
    ] as const) {
      server.answer('/quiet', { json: fail(code, message, { showType: 2 }) });
      await expect(setup.client.request('/quiet', { method: 'post', quiet: true })).rejects.toMatchObject({
        errorCode: code,
      });
    }
    expect(setup.shown).toEqual([]);
    expect([setup.lost, setup.forbidden]).toEqual([[401], [403]]);
  });

  it('a list answers them the same way and still yields the empty page', async () => {
    const setup = consoleLike();
    server.answer('/list-403', { json: fail(403, '无权限', { showType: 2 }) });
    server.answer('/list-402', { json: fail(402, '会话已过期', { showType: 2 }) });
    await expect(setup.client.requestList('/list-403', { method: 'post' })).resolves.toEqual(emptyPage());
    await expect(setup.client.requestList('/list-402', { method: 'post' })).resolves.toEqual(emptyPage());
    expect(setup.shown).toEqual([]);
    expect([setup.lost, setup.forbidden]).toEqual([[402], [403]]);
  });
});
