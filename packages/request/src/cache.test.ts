import { fail, REQUEST_CACHE_TTL_MS } from '@yuexun/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientFor } from '../test/harness';
import { type ScriptServer, startScriptServer } from '../test/script-server';

let server: ScriptServer;
beforeAll(async () => {
  server = await startScriptServer();
});
afterAll(() => server.close());

/** A client whose cache clock the test moves by hand. */
const withClock = () => {
  let time = 1_000_000;
  const setup = clientFor(server, { now: () => time });
  return { ...setup, advance: (ms: number) => (time += ms) };
};

const answerCounting = (path: string) => {
  server.answer(path, () => ({ json: { status: 200, datas: [server.hits(path)] } }));
};

describe('GET cache (time-to-live 60000 ms)', () => {
  it('answers a second GET within the time-to-live from memory, and asks again after it', async () => {
    answerCounting('/tags');
    const { client, advance } = withClock();
    const first = await client.request('/tags', { useCache: true });
    advance(REQUEST_CACHE_TTL_MS - 1);
    await expect(client.request('/tags', { useCache: true })).resolves.toEqual(first);
    expect(server.hits('/tags')).toBe(1);
    advance(1);
    await expect(client.request('/tags', { useCache: true })).resolves.toEqual({ status: 200, datas: [2] });
    expect(server.hits('/tags')).toBe(2);
  });

  it('keys entries by URL and params', async () => {
    answerCounting('/keyed');
    const { client } = withClock();
    await client.request('/keyed', { useCache: true, params: { tagId: 1 } });
    await client.request('/keyed', { useCache: true, params: { tagId: 2 } });
    await client.request('/keyed', { useCache: true, params: { tagId: 1 } });
    expect(server.hits('/keyed')).toBe(2);
  });

  it('asks the server every time without useCache, and for other methods', async () => {
    answerCounting('/uncached');
    const { client } = withClock();
    await client.request('/uncached');
    await client.request('/uncached');
    await client.request('/uncached', { method: 'post', useCache: true });
    await client.request('/uncached', { method: 'post', useCache: true });
    expect(server.hits('/uncached')).toBe(4);
  });

  it('does not keep failures', async () => {
    server.answer('/flaky', { json: fail(500, '系统繁忙，请稍后再试', { showType: 0 }) });
    const { client } = withClock();
    await expect(client.request('/flaky', { useCache: true })).rejects.toThrow('系统繁忙，请稍后再试');
    server.answer('/flaky', { json: { status: 200, datas: ['ok'] } });
    await expect(client.request('/flaky', { useCache: true })).resolves.toEqual({
      status: 200,
      datas: ['ok'],
    });
    expect(server.hits('/flaky')).toBe(2);
  });

  it('hands each caller its own copy', async () => {
    server.answer('/shared', { json: { status: 200, datas: [{ name: '原名' }] } });
    const { client } = withClock();
    const first = await client.request<{ datas: { name: string }[] }>('/shared', { useCache: true });
    first.datas[0]!.name = '被调用方改了';
    const second = await client.request<{ datas: { name: string }[] }>('/shared', { useCache: true });
    expect(second.datas[0]!.name).toBe('原名');
    expect(server.hits('/shared')).toBe(1);
  });

  it('forgets everything on clearCache', async () => {
    answerCounting('/cleared');
    const { client } = withClock();
    await client.request('/cleared', { useCache: true });
    client.clearCache();
    await client.request('/cleared', { useCache: true });
    expect(server.hits('/cleared')).toBe(2);
  });
});
