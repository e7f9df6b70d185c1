import { SITE_ID } from '@yuexun/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientFor, type EchoEnvelope } from '../test/harness';
import { type Received, type ScriptServer, startScriptServer } from '../test/script-server';
import type { HttpMethod, RequestOptions } from './options';

let server: ScriptServer;
beforeAll(async () => {
  server = await startScriptServer();
});
afterAll(() => server.close());

const echoed = async (options: RequestOptions, stored: Record<string, string> = {}): Promise<Received> => {
  const { client, shown } = clientFor(server, {}, stored);
  const answer = await client.request<EchoEnvelope>('/echo', options);
  expect(shown).toEqual([]);
  return answer.datas[0]!;
};

describe('request: methods, query and bodies as the server receives them', () => {
  it.each<HttpMethod>(['get', 'post', 'delete', 'put', 'patch', 'options'])('sends %s', async (method) => {
    expect((await echoed({ method })).method).toBe(method.toUpperCase());
  });

  it('sends HEAD and resolves without a body', async () => {
    const { client } = clientFor(server);
    const before = server.hits('/echo');
    await expect(client.request('/echo', { method: 'head' })).resolves.toBeUndefined();
    expect(server.hits('/echo')).toBe(before + 1);
  });

  it('defaults to GET and turns params into a query string where arrays repeat the key', async () => {
    const received = await echoed({
      params: { a: [1, 2], keyword: '智慧 校园', skipped: undefined, none: null },
    });
    expect(received.method).toBe('GET');
    expect(received.query).toBe('a=1&a=2&keyword=%E6%99%BA%E6%85%A7+%E6%A0%A1%E5%9B%AD');
    expect(new URLSearchParams(received.query).getAll('a')).toEqual(['1', '2']);
  });

  it('adds params to a URL that already has a query', async () => {
    const { client } = clientFor(server);
    const answer = await client.request<EchoEnvelope>('/echo?fixed=1', { params: { page: 2 } });
    expect(answer.datas[0]!.query).toBe('fixed=1&page=2');
  });

  it('url-encodes the body as a form by default, repeating array keys', async () => {
    const received = await echoed({
      method: 'post',
      data: { schoolName: '实验小学', tags: ['a', 'b'], n: 3 },
    });
    expect(received.headers['content-type']).toBe('application/x-www-form-urlencoded;charset=UTF-8');
    const form = new URLSearchParams(received.body);
    expect(form.get('schoolName')).toBe('实验小学');
    expect(form.getAll('tags')).toEqual(['a', 'b']);
    expect(form.get('n')).toBe('3');
  });

  it('sends UTF-8 JSON when asked', async () => {
    const data = { schoolName: '实验小学', tags: ['a', 'b'], nested: { n: 1 } };
    const received = await echoed({ method: 'post', requestType: 'json', data });
    expect(received.headers['content-type']).toBe('application/json;charset=UTF-8');
    expect(JSON.parse(received.body)).toEqual(data);
  });

  it('sends multipart FormData as given, with the boundary set by fetch', async () => {
    const form = new FormData();
    form.append('file', new Blob(['hello'], { type: 'text/plain' }), 'a.txt');
    const received = await echoed({ method: 'post', data: form, withSession: true }, { sid: 's-1' });
    expect(received.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(received.body).toContain('filename="a.txt"');
    expect(received.body).toMatch(/name="sid"\r\n\r\ns-1/);
    expect(form.has('sid')).toBe(false);
  });

  it('passes caller headers and asks for JSON', async () => {
    const received = await echoed({ headers: { 'x-trace': 't-1' } });
    expect(received.headers['x-trace']).toBe('t-1');
    expect(received.headers.accept).toBe('application/json');
  });

  it('reads the response as text when asked', async () => {
    const { client } = clientFor(server);
    server.answer('/plain', { text: '纯文本' });
    await expect(client.request('/plain', { responseType: 'text' })).resolves.toBe('纯文本');
  });

  it('hands back JSON that is not an envelope as it came', async () => {
    const { client, shown } = clientFor(server);
    server.answer('/array', { json: [1, 2] });
    await expect(client.request('/array')).resolves.toEqual([1, 2]);
    expect(shown).toEqual([]);
  });
});

describe('request: credentials and the session id', () => {
  it('asks fetch for same-origin credentials and adds no session id unless told', async () => {
    const inits: RequestInit[] = [];
    const { client } = clientFor(
      server,
      {
        fetch: (input, init) => {
          inits.push(init ?? {});
          return fetch(input, init);
        },
      },
      { sid: 'secret' },
    );
    const answer = await client.request<EchoEnvelope>('/echo', { method: 'post', data: { a: 1 } });
    expect(inits.map((init) => init.credentials)).toEqual(['same-origin']);
    expect(answer.datas[0]!.body).toBe('a=1');
    expect(answer.datas[0]!.headers['x-sid']).toBeUndefined();
  });

  it('adds sid from storage to a form body, a JSON body, and as x-sid to a GET', async () => {
    const stored = { sid: 'abc123' };
    const form = await echoed({ method: 'post', data: { a: 1 }, withSession: true }, stored);
    expect(new URLSearchParams(form.body).get('sid')).toBe('abc123');
    const json = await echoed(
      { method: 'put', requestType: 'json', data: { a: 1 }, withSession: true },
      stored,
    );
    expect(JSON.parse(json.body)).toEqual({ a: 1, sid: 'abc123' });
    const get = await echoed({ withSession: true }, stored);
    expect(get.headers['x-sid']).toBe('abc123');
    expect(get.query).toBe('');
  });

  it('adds nothing when storage holds no session id', async () => {
    const received = await echoed({ method: 'post', data: { a: 1 }, withSession: true });
    expect(received.body).toBe('a=1');
  });

  it('sends siteId only through callAction, and the configured one', async () => {
    const { client } = clientFor(server, { siteId: SITE_ID });
    const plain = await client.request<EchoEnvelope>('/echo', { method: 'post', data: { a: 1 } });
    expect(new URLSearchParams(plain.datas[0]!.body).has('siteId')).toBe(false);
  });
});
