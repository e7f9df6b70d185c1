import { businessMessage, fail, httpStatusMessages } from '@yuexun/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientFor } from '../test/harness';
import { type ScriptServer, startScriptServer } from '../test/script-server';
import { HttpError, ParseError, TimeoutError } from './errors';

let server: ScriptServer;
beforeAll(async () => {
  server = await startScriptServer();
});
afterAll(() => server.close());

describe('timeout', () => {
  it('gives up after the client time-out with "timeout of {n}ms exceeded"', async () => {
    const { client, shown } = clientFor(server, { timeoutMs: 50 });
    server.answer('/slow', { hang: true });
    const error = await client.request('/slow').catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ message: 'timeout of 50ms exceeded', timeoutMs: 50 });
    expect(shown).toEqual([{ kind: 'error', text: 'timeout of 50ms exceeded' }]);
  });

  it('takes a per-call time-out over the client one', async () => {
    const { client } = clientFor(server);
    server.answer('/slow', { hang: true });
    await expect(client.request('/slow', { timeoutMs: 60 })).rejects.toThrow('timeout of 60ms exceeded');
  });
});

describe('parse error', () => {
  it('raises a ParseError when JSON was expected, showing the fallback line', async () => {
    const { client, shown } = clientFor(server);
    server.answer('/broken', { text: '<html>不是 JSON' });
    const error = await client.request('/broken').catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(ParseError);
    expect(error).toMatchObject({ responseText: '<html>不是 JSON' });
    expect((error as ParseError).cause).toBeInstanceOf(SyntaxError);
    expect(shown).toEqual([{ kind: 'error', text: 'Request error, please retry.' }]);
  });

  it('reads the same body as text when text is asked for', async () => {
    const { client, shown } = clientFor(server);
    server.answer('/broken', { text: '<html>不是 JSON' });
    await expect(client.request('/broken', { responseType: 'text' })).resolves.toBe('<html>不是 JSON');
    expect(shown).toEqual([]);
  });

  it('treats an empty 204 answer as no content, not a parse failure', async () => {
    const { client, shown } = clientFor(server);
    server.answer('/deleted', { status: 204 });
    await expect(client.request('/deleted', { method: 'delete' })).resolves.toBeUndefined();
    expect(shown).toEqual([]);
  });
});

describe('HTTP statuses outside 200–299', () => {
  const mapped = [400, 401, 403, 404, 406, 410, 422, 500, 502, 503, 504];

  it.each(mapped)('%i shows the notification with the status wording', async (status) => {
    const { client, shown } = clientFor(server);
    server.answer('/status', { status, text: 'upstream said no' });
    const error = await client.request('/status', { params: { id: 7 } }).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status, statusText: httpStatusMessages[status] });
    expect(shown).toEqual([
      {
        kind: 'notification',
        message: `请求错误 ${status}: ${server.baseUrl}/status?id=7`,
        description: httpStatusMessages[status],
      },
    ]);
  });

  it('uses the Ant Design Pro wording', () => {
    expect(httpStatusMessages[500]).toBe('服务器发生错误，请检查服务器。');
    expect(httpStatusMessages[502]).toBe('网关错误。');
    expect(httpStatusMessages[503]).toBe('服务不可用，服务器暂时过载或维护。');
    expect(httpStatusMessages[504]).toBe('网关超时。');
    expect(httpStatusMessages[404]).toBe('发出的请求针对的是不存在的记录，服务器没有进行操作。');
  });

  it("prefers the envelope's message when the server answered one", async () => {
    const { client, shown } = clientFor(server);
    server.answer('/too-large', { status: 413, json: fail(413, businessMessage(413), { showType: 2 }) });
    const error = await client.request('/too-large', { method: 'post' }).catch((thrown: unknown) => thrown);
    expect(error).toMatchObject({ status: 413, envelope: { errorCode: 413 } });
    expect(shown).toEqual([
      {
        kind: 'notification',
        message: `请求错误 413: ${server.baseUrl}/too-large`,
        description: '请求内容过大',
      },
    ]);
  });

  it('falls back to the reason phrase for a status the catalogue lacks', async () => {
    const { client, shown } = clientFor(server);
    server.answer('/teapot', { status: 418 });
    await expect(client.request('/teapot')).rejects.toMatchObject({
      status: 418,
      statusText: "I'm a Teapot",
    });
    expect(shown).toEqual([
      {
        kind: 'notification',
        message: `请求错误 418: ${server.baseUrl}/teapot`,
        description: "I'm a Teapot",
      },
    ]);
  });

  it('accepts the other 2xx answers as success', async () => {
    const { client, shown } = clientFor(server);
    server.answer('/created', { status: 201, json: { status: 200, datas: [{ id: 1 }] } });
    await expect(client.request('/created', { method: 'post' })).resolves.toEqual({
      status: 200,
      datas: [{ id: 1 }],
    });
    expect(shown).toEqual([]);
  });

  it('skipErrorHandler shows nothing and rethrows the HttpError', async () => {
    const { client, shown } = clientFor(server);
    server.answer('/status', { status: 502 });
    await expect(client.request('/status', { skipErrorHandler: true })).rejects.toMatchObject({
      status: 502,
    });
    expect(shown).toEqual([]);
  });
});

describe('other failures', () => {
  it("shows the runtime's message when the server cannot be reached", async () => {
    const gone = await startScriptServer();
    const { client, shown } = clientFor(gone);
    await gone.close();
    const error = await client.request('/echo').catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(Error);
    expect(shown).toEqual([{ kind: 'error', text: (error as Error).message }]);
    expect((error as Error).message).not.toBe('');
  });

  it('stays quiet when the caller cancels', async () => {
    const { client, shown } = clientFor(server);
    server.answer('/slow', { hang: true });
    const controller = new AbortController();
    const pending = client.request('/slow', { signal: controller.signal });
    controller.abort(new Error('page left'));
    await expect(pending).rejects.toThrow('page left');
    expect(shown).toEqual([]);
  });
});
