/**
 * One page pipeline (issue 30): a signed-in visitor and an anonymous one get the same conditional answers
 * (If-None-Match with one tag, a list, `*`) and the same content codings (br, gzip) for the same page, on a
 * page that is kept (/agent) and on one that never is (search results: private). A kept page says how old it
 * is (`Age`); a page rendered for the request does not. The site's middleware has no caching code left.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionOf } from '../../test/accounts';
import { drivers, startServer, type TestServer } from '../../test/server';
import { SITE_DIR } from './build';

const PAGES = [
  { path: '/agent', kept: true },
  { path: `/search?q=${encodeURIComponent('智慧校园')}`, kept: false },
];

describe.each(drivers)('one page pipeline on %s', (driver) => {
  let server: TestServer;
  let sid: string;
  beforeAll(async () => {
    server = await startServer(driver, { publicCacheTtlMs: 60_000 });
    sid = await sessionOf(server, 'admin');
  });
  afterAll(() => server?.close());

  const visitors = () => [
    { who: 'anonymous', headers: {} as Record<string, string> },
    { who: 'signed in', headers: { cookie: `yx_sid=${sid}` } },
  ];

  const get = async (path: string, headers: Record<string, string>) => {
    const res = await fetch(`${server.url}${path}`, { headers });
    return { status: res.status, headers: res.headers, body: await res.text() };
  };

  for (const { path, kept } of PAGES) {
    it(`${path}: the same 304 for a tag, a list and *, for anonymous and signed-in visitors`, async () => {
      for (const { who, headers } of visitors()) {
        const first = await get(path, headers);
        expect({ who, status: first.status }).toEqual({ who, status: 200 });
        const etag = first.headers.get('etag') ?? '';
        expect(etag).toMatch(/^W\/"[\w-]+"$/);
        for (const ifNoneMatch of [etag, `"elsewhere", ${etag}`, '*']) {
          const again = await get(path, { ...headers, 'if-none-match': ifNoneMatch });
          expect({ who, ifNoneMatch, status: again.status, body: again.body }).toEqual({
            who,
            ifNoneMatch,
            status: 304,
            body: '',
          });
        }
        const other = await get(path, { ...headers, 'if-none-match': '"elsewhere"' });
        expect({ who, status: other.status, same: other.body === first.body }).toEqual({
          who,
          status: 200,
          same: true,
        });
      }
    });

    it(`${path}: the same codings (br, gzip, none) for anonymous and signed-in visitors`, async () => {
      for (const { who, headers } of visitors()) {
        const plain = await get(path, { ...headers, 'accept-encoding': 'identity' });
        expect({ who, coding: plain.headers.get('content-encoding') }).toEqual({ who, coding: null });
        for (const coding of ['br', 'gzip']) {
          const coded = await get(path, { ...headers, 'accept-encoding': coding });
          expect({
            who,
            coding: coded.headers.get('content-encoding'),
            same: coded.body === plain.body,
          }).toEqual({ who, coding, same: true });
          expect(coded.headers.get('vary')).toBe('Cookie, Accept-Encoding');
        }
      }
    });

    it(`${path}: ${kept ? 'kept for anonymous visitors (Age), rendered for a signed-in one' : 'never kept'}`, async () => {
      const [anonymous, signedIn] = visitors();
      await get(path, anonymous?.headers ?? {});
      const second = await get(path, anonymous?.headers ?? {});
      expect(second.headers.get('age') !== null).toBe(kept);
      expect(second.headers.get('cache-control')).toMatch(kept ? /^public, / : /^private, no-store$/);
      const mine = await get(path, signedIn?.headers ?? {});
      expect(mine.headers.get('age')).toBeNull();
      expect(mine.headers.get('cache-control')).toBe(kept ? 'private, no-cache' : 'private, no-store');
    });
  }
});

describe('the site middleware', () => {
  it('keeps only what needs the HTML: no compression, ETag or Cache-Control code', () => {
    const source = readFileSync(join(SITE_DIR, 'src', 'middleware.ts'), 'utf8').replace(
      /\/\*\*[\s\S]*?\*\//g,
      '',
    );
    expect(source).not.toMatch(/zlib|gzip|brotli|deflate|etag|cache-control|if-none-match|content-encoding/i);
    expect(source).toMatch(/contentSecurityPolicy/);
    expect(source).toMatch(/rebaseAssets/);
  });
});
